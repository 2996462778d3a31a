import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../context.js';
import { BizError } from '../../http/envelope.js';
import { FORM_RULES, validateValue } from '../../../shared/form-rules.js';
import { idList } from '../permission/grant-guard.js';
import { dataRuleConditions } from '../permission/data-rule-scope.js';
import { SYSTEM_AREAS } from '../system/areas.js';
import { userTenantScope } from '../../online/read-scope.js';
import { assertUsersManageable } from './account-guard.js';
import { USER_TEXT } from '../system/texts.js';
import {
  assertUniqueUserValue,
  checkedPositions,
  endSessions,
  newPasswordHash,
  saveUserDeparts,
  saveUserOss,
  saveUserRoles,
} from './user-service.js';

type Row = Record<string, unknown>;

/** The screen id of 用户管理 (schemas/sys/sys_user.json). */
export const USER_SCREEN = 'sys_user';

const has = (o: Row, k: string) => Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Conditions of the user list beyond the generic filters (api-contract §4.5 `/sys/user/list`
 * specifics): live users only (del_flag 0), never the reserved external user, `departId` /
 * `selecteddeparts` (users of a department), `orgCode` (users of the department with that
 * code) and `roleId` (users of a role). Values are bound.
 */
export function userListScope(params: Row): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [sql`del_flag = 0`, sql`username <> '_reserve_user_external'`];
  const depart = text(params.departId) || text(params.selecteddeparts);
  if (depart) out.push(sql`id in (select user_id from sys_user_depart where dep_id = ${depart})`);
  const orgCode = text(params.orgCode);
  if (orgCode)
    out.push(sql`id in (select ud.user_id from sys_user_depart ud join sys_depart d on d.id = ud.dep_id where d.org_code = ${orgCode})`);
  const roleId = text(params.roleId);
  if (roleId) out.push(sql`id in (select user_id from sys_user_role where role_id = ${roleId})`);
  return out;
}

/**
 * The module behaviour of 用户管理 on the generic engine: passwords hashed
 * (spec 5.1 rules) and never answered, username fixed after creation, unique phone / email /
 * work number, positions checked, roles (`selectedroles`), departments (`selecteddeparts`) and
 * organisation units (`selectedoss`) saved in the same transaction under the grant rules,
 * soft delete (del_flag 1) that also ends the users' sessions, list rows decorated with
 * orgCodeTxt and the comma lists the edit form needs.
 */
export function registerUserHooks(ctx: AppContext): void {
  ctx.hooks.register(USER_SCREEN, {
    // a user administrator working in a tenant sees and manages that tenant's users only
    listScope: ({ params, user }) => [...userListScope(params), ...userTenantScope(user)],

    beforeWrite: async ({ trx, user, body, row, existing, isNew }) => {
      if (isNew) {
        const username = text(row.username);
        const problem = validateValue(username, FORM_RULES.username);
        if (problem) throw new BizError(problem);
        row.username = username;
        row.password = await newPasswordHash(body.password, body.confirmpassword);
        row.status = 1;
        row.del_flag = 0;
        row.login_fail_count = 0;
        const taken = await trx.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst();
        if (taken) throw new BizError(USER_TEXT.usernameTaken);
      } else {
        await assertUsersManageable(ctx, trx, user, [String(existing?.id ?? '')]);
        if (has(row, 'username') && row.username !== existing?.username) throw new BizError(USER_TEXT.usernameFixed);
        delete row.username;
        if (text(body.password)) {
          await ctx.perms.assertButton(user, `${SYSTEM_AREAS.user.authPre}:password`);
          row.password = await newPasswordHash(body.password, body.confirmpassword);
        }
        delete row.status;
      }
      if (has(row, 'realname') && !text(row.realname)) throw new BizError(USER_TEXT.realnameRequired);
      const id = isNew ? null : String(existing?.id ?? '');
      await assertUniqueUserValue(trx, 'phone', row.phone, id);
      await assertUniqueUserValue(trx, 'email', row.email, id);
      await assertUniqueUserValue(trx, 'work_no', row.work_no, id);
      if (has(row, 'post')) row.post = await checkedPositions(trx, row.post);
      if (has(row, 'depart_ids') && row.depart_ids) {
        const ids = idList(row.depart_ids, 100);
        const found = await trx.selectFrom('sys_depart').select('id').where('id', 'in', ids).execute();
        const missing = ids.find((d) => !found.some((f) => f.id === d));
        if (missing) throw new BizError(USER_TEXT.unknownDepart(missing));
        row.depart_ids = ids.join(',');
      }
    },

    // an imported user gets an unknown random password (no default one): the administrator sets
    // one with 重置密码; the file's row is refused on a bad username or a taken phone, email, work number
    importRow: async ({ db, body, row }) => {
      const problem = validateValue(text(row.username), FORM_RULES.username);
      if (problem) throw new BizError(problem);
      await assertUniqueUserValue(db, 'phone', row.phone, null);
      await assertUniqueUserValue(db, 'email', row.email, null);
      await assertUniqueUserValue(db, 'work_no', row.work_no, null);
      body.password = `Im${randomBytes(16).toString('hex')}9`;
      delete body.confirmpassword;
    },

    afterWrite: async ({ trx, user, body, id, isNew }) => {
      if (isNew || has(body, 'selectedroles')) {
        if (await saveUserRoles(ctx, trx, user, id, idList(body.selectedroles, 200))) ctx.perms.invalidate();
      }
      if (isNew || has(body, 'selecteddeparts')) await saveUserDeparts(trx, id, idList(body.selecteddeparts, 200), user);
      if (has(body, 'selectedoss')) await saveUserOss(trx, id, idList(body.selectedoss, 200));
      if (has(body, 'password') && text(body.password) && !isNew && id !== user.id) await endSessions(ctx, trx, [id]);
    },

    beforeDelete: async ({ trx, user, ids }) => {
      if (ids.includes(user.id)) throw new BizError(USER_TEXT.cannotDeleteSelf);
      await assertUsersManageable(ctx, trx, user, ids);
      // the soft delete replaces the generic delete, so the row-level rules are applied here
      const loaded = ctx.screens.get(USER_SCREEN)!;
      const rules = await dataRuleConditions(ctx, user, loaded);
      const where = sql.join([sql`id in (${sql.join(ids)})`, sql`del_flag = 0`, ...rules], sql` and `);
      const res = await sql<{ id: string }>`update sys_user set del_flag = 1 where ${where} returning id`.execute(trx);
      await endSessions(
        ctx,
        trx,
        res.rows.map((r) => r.id),
      );
      return 'handled' as const;
    },

    decorate: async (rows) => {
      const ids = rows.map((r) => String(r.id));
      if (!ids.length) return;
      const [departs, roles, oss] = await Promise.all([
        ctx.db
          .selectFrom('sys_user_depart as ud')
          .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
          .select(['ud.user_id', 'd.id', 'd.depart_name', 'd.org_code'])
          .where('ud.user_id', 'in', ids)
          .orderBy('d.org_code')
          .execute(),
        ctx.db.selectFrom('sys_user_role').select(['user_id', 'role_id']).where('user_id', 'in', ids).execute(),
        ctx.db.selectFrom('sys_user_os').select(['user_id', 'os_id']).where('user_id', 'in', ids).execute(),
      ]);
      for (const r of rows) {
        delete r.password;
        const mine = departs.filter((d) => d.user_id === r.id);
        r.org_code_txt = mine.map((d) => d.depart_name).join(',');
        r.orgCodeTxt = r.org_code_txt;
        r.selecteddeparts = mine.map((d) => d.id).join(',');
        r.selectedroles = roles
          .filter((x) => x.user_id === r.id)
          .map((x) => x.role_id)
          .join(',');
        r.selectedoss = oss
          .filter((x) => x.user_id === r.id)
          .map((x) => x.os_id)
          .join(',');
      }
    },
  });
}
