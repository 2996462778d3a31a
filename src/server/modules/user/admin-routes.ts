import { loginLockOf } from '../login/login-service.js';
import { objectBody } from '../../http/route-schemas.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertUsersManageable } from './account-guard.js';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { BizError, ForbiddenError, ok, okMessage, toPage } from '../../http/envelope.js';
import type { ScreenEndpoints } from '../../online/screen-endpoints.js';
import { FORM_RULES, validateValue } from '../../../shared/form-rules.js';
import { formatDateTime } from '../../../shared/time.js';
import { verifyPassword } from '../auth/password.js';
import { assertRolesAssignable, idList } from '../permission/grant-guard.js';
import { assertRead, assertReadAny, assertWrite } from '../system/guard.js';
import { SYSTEM_AREAS } from '../system/areas.js';
import { COMMON_TEXT, ROLE_TEXT, USER_TEXT } from '../system/texts.js';
import type { SessionUser } from '../auth/token-service.js';
import { sameTenant } from '../tenant/tenant-scope.js';
import { USER_SCREEN } from './screen-hooks.js';
import { endSessions, newPasswordHash } from './user-service.js';
import { PAGE_LIMIT, likeContains, pagingOf } from '../../http/list-query.js';
import { bodyOf, textOf as str } from '../../http/input.js';
import { inTransaction } from '../../db/transaction.js';

type Q = Record<string, string | undefined>;

/** The columns of a user any signed-in user may see in a picker (docs/architecture.md "Permission model": minimal fields). */
const PICKER_COLUMNS = ['u.id', 'u.username', 'u.realname', 'u.work_no as workNo', 'u.phone', 'u.sex', 'u.org_code as orgCode'] as const;
const departNames = sql<string>`(select string_agg(d.depart_name, ',' order by d.org_code) from sys_user_depart ud join sys_depart d on d.id = ud.dep_id where ud.user_id = u.id)`;

/**
 * User administration calls beyond the generic list/add/edit/delete of schemas/sys/sys_user.json
 * (spec 7.2 "User", api-contract §4.5 `/sys/user`): the list (full for holders of 用户管理, an
 * exact username lookup for everyone else — it resolves a notice sender's real name), freeze
 * and unfreeze, uniqueness check, admin password reset, own password change (spec 5.1),
 * role and department membership, users of a department.
 */
export function userAdminRoutes(app: FastifyInstance, ctx: AppContext, endpoints: ScreenEndpoints): void {
  const base = '/sys/user';

  app.get<{ Querystring: Q }>(`${base}/list`, async (req) => {
    const grants = await ctx.perms.grantsOf(req.user.id);
    if (grants.menuUrls.has(SYSTEM_AREAS.user.menuUrl)) return ok(await endpoints.listProperties(req, USER_SCREEN, req.query));
    // anyone signed in may resolve one account name to its real name (spec 7.2, notices)
    const username = str(req.query.username);
    if (!username || username.includes('*') || username.includes(',')) throw new ForbiddenError();
    const records = await ctx.db
      .selectFrom('sys_user')
      .select(['id', 'username', 'realname'])
      .where('username', '=', username)
      .where('del_flag', '=', 0)
      .execute();
    return ok(toPage(records, records.length, 1, 10));
  });

  /** Freezes (status 2) or unfreezes (status 1) users; a frozen user's open sessions end at once. */
  const setFrozen = async (req: FastifyRequest, ids: string[], status: string) => {
    await assertWrite(ctx, req.user, 'user', 'frozen');
    if (status !== '1' && status !== '2') throw new BizError(USER_TEXT.frozenStatusBad);
    if (!ids.length) throw new BizError(COMMON_TEXT.idsRequired);
    if (status === '2' && ids.includes(req.user.id)) throw new BizError(USER_TEXT.cannotFreezeSelf);
    await inTransaction(ctx.db, async (trx) => {
      await assertUsersManageable(ctx, trx, req.user, ids);
      await trx
        .updateTable('sys_user')
        .set({ status: Number(status), update_by: req.user.username, update_time: formatDateTime() })
        .where('id', 'in', ids)
        .where('del_flag', '=', 0)
        .execute();
      // their next call answers 401
      if (status === '2') await endSessions(ctx, trx, ids);
    });
    return okMessage(status === '2' ? USER_TEXT.frozen : USER_TEXT.unfrozen);
  };
  app.put<{ Body: unknown }>(`${base}/frozenBatch`, { schema: { body: objectBody() } }, async (req) => {
    const body = bodyOf(req.body);
    return setFrozen(req, idList(body.ids, 500), str(body.status));
  });
  // the list's row actions 冻结 / 解冻 (schemas/sys/sys_user.json rowActions send {id})
  app.put<{ Body: unknown }>(`${base}/freeze`, { schema: { body: objectBody() } }, async (req) =>
    setFrozen(req, idList(bodyOf(req.body).id, 1), '2'),
  );
  app.put<{ Body: unknown }>(`${base}/unfreeze`, { schema: { body: objectBody() } }, async (req) =>
    setFrozen(req, idList(bodyOf(req.body).id, 1), '1'),
  );

  app.get<{ Querystring: Q }>(`${base}/checkOnlyUser`, async (req) => {
    const q = req.query;
    const field = (['username', 'phone', 'email', 'workNo'] as const).find((k) => str(q[k]));
    if (!field) throw new BizError(USER_TEXT.checkNeedsField);
    const column = field === 'workNo' ? 'work_no' : field;
    let query = ctx.db.selectFrom('sys_user').select('id').where(column, '=', str(q[field]));
    if (field !== 'username') query = query.where('del_flag', '=', 0);
    if (str(q.id)) query = query.where('id', '<>', str(q.id));
    const taken = await query.executeTakeFirst();
    if (taken)
      throw new BizError(
        field === 'username'
          ? USER_TEXT.usernameTaken
          : field === 'phone'
            ? USER_TEXT.phoneTaken
            : field === 'email'
              ? USER_TEXT.emailTaken
              : USER_TEXT.workNoTaken,
      );
    return okMessage(USER_TEXT.usernameFree);
  });

  app.put<{ Body: unknown }>(`${base}/changePassword`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'user', 'password');
    const body = bodyOf(req.body);
    const username = str(body.username);
    const hash = await newPasswordHash(body.password, body.confirmpassword);
    await inTransaction(ctx.db, async (trx) => {
      const user = await trx
        .selectFrom('sys_user')
        .select('id')
        .where('username', '=', username)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!user) throw new BizError(USER_TEXT.userNotFound);
      await assertUsersManageable(ctx, trx, req.user, [user.id]);
      await trx.updateTable('sys_user').set({ password: hash, login_fail_count: 0, lock_until: null }).where('id', '=', user.id).execute();
      await loginLockOf(ctx).clear(username, trx);
      // a changed password ends the user's other sessions (the caller's own one stays)
      await endSessions(ctx, trx, [user.id], req.user.tokenId);
    });
    return okMessage(USER_TEXT.passwordReset);
  });

  const updatePassword = async (req: FastifyRequest<{ Body: unknown }>) => {
    const body = bodyOf(req.body);
    if (body.username !== undefined && str(body.username) !== req.user.username) throw new BizError(USER_TEXT.onlyOwnPassword);
    const old = typeof body.oldpassword === 'string' ? body.oldpassword : '';
    const problem = validateValue(old, FORM_RULES.oldPassword);
    if (problem) throw new BizError(problem);
    const hash = await newPasswordHash(body.password, body.confirmpassword ?? '');
    const user = await ctx.db.selectFrom('sys_user').select(['id', 'password']).where('id', '=', req.user.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(old, user.password))) throw new BizError(USER_TEXT.oldPasswordWrong);
    await inTransaction(ctx.db, async (trx) => {
      await trx.updateTable('sys_user').set({ password: hash }).where('id', '=', user.id).execute();
      // whoever else holds a session of this account is signed out
      await endSessions(ctx, trx, [user.id], req.user.tokenId);
    });
    return okMessage(USER_TEXT.passwordChanged);
  };
  app.put<{ Body: unknown }>(`${base}/updatePassword`, { schema: { body: objectBody() } }, updatePassword);
  app.post<{ Body: unknown }>(`${base}/updatePassword`, { schema: { body: objectBody() } }, updatePassword);

  app.get<{ Querystring: Q }>(`${base}/queryUserRole`, async (req) => {
    await assertReadAny(ctx, req.user, ['user', 'role']);
    const rows = await ctx.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', str(req.query.userid)).execute();
    if (!rows.length) throw new BizError(USER_TEXT.noRoles);
    return ok(rows.map((r) => r.role_id));
  });

  // picker: users of a department, minimal fields (any signed-in user)
  app.get<{ Querystring: Q }>(`${base}/queryUserByDepId`, async (req) => {
    const depId = str(req.query.id);
    let q = ctx.db
      .selectFrom('sys_user as u')
      .select([...PICKER_COLUMNS, departNames.as('orgCodeTxt')])
      .where('u.del_flag', '=', 0)
      .where('u.id', 'in', (sq) =>
        sq
          .selectFrom('sys_user_depart')
          .select('user_id')
          .where('dep_id', '=', depId)
          .where('dep_id', 'in', (d) => d.selectFrom('sys_depart').select('id').where(sameTenant(req.user))),
      );
    if (str(req.query.realname)) q = q.where('u.realname', 'like', likeContains(str(req.query.realname)));
    return ok(await q.orderBy('u.username').limit(2000).execute());
  });

  app.get<{ Querystring: Q }>(`${base}/userDepartList`, async (req) => {
    await assertReadAny(ctx, req.user, ['user', 'depart']);
    const rows = await ctx.db
      .selectFrom('sys_depart as d')
      .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
      .select(['d.id', 'd.depart_name'])
      .where('ud.user_id', '=', str(req.query.userId))
      .orderBy('d.org_code')
      .execute();
    return ok(rows.map((r) => ({ key: r.id, value: r.id, title: r.depart_name })));
  });

  /* ---- users of a role (角色用户) ---- */
  // a role's or a department's members only when it is the request's tenant's (tenant-scope.ts)
  const ownerVisible = async (where: 'role' | 'depart', owner: string, user: SessionUser) =>
    !!(await ctx.db
      .selectFrom(where === 'role' ? 'sys_role' : 'sys_depart')
      .select('id')
      .where('id', '=', owner)
      .where(sameTenant(user))
      .executeTakeFirst());

  const memberPage = async (q: Q, where: 'role' | 'depart', user: SessionUser) => {
    const { pageNo, pageSize, offset } = pagingOf(q, PAGE_LIMIT.list);
    const owner = str(where === 'role' ? q.roleId : q.depId);
    if (!(await ownerVisible(where, owner, user))) return toPage([], 0, pageNo, pageSize);
    let base = ctx.db.selectFrom('sys_user as u').where('u.del_flag', '=', 0);
    base =
      where === 'role'
        ? base.where('u.id', 'in', (sq) => sq.selectFrom('sys_user_role').select('user_id').where('role_id', '=', owner))
        : base.where('u.id', 'in', (sq) => sq.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', owner));
    if (str(q.username)) base = base.where('u.username', 'like', likeContains(str(q.username)));
    if (str(q.realname)) base = base.where('u.realname', 'like', likeContains(str(q.realname)));
    const total = Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const records = await base
      .select([...PICKER_COLUMNS, 'u.email', 'u.status', 'u.create_time as createTime', departNames.as('orgCodeTxt')])
      .orderBy('u.create_time', 'desc')
      .orderBy('u.id')
      .limit(pageSize)
      .offset(offset)
      .execute();
    return toPage(records, total, pageNo, pageSize);
  };

  app.get<{ Querystring: Q }>(`${base}/userRoleList`, async (req) => {
    await assertRead(ctx, req.user, 'role');
    return ok(await memberPage(req.query, 'role', req.user));
  });

  app.post<{ Body: unknown }>(`${base}/addSysUserRole`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'role', 'user');
    const body = bodyOf(req.body);
    const roleId = str(body.roleId);
    const userIds = idList(body.userIdList, 500);
    if (!userIds.length) throw new BizError(COMMON_TEXT.idsRequired);
    if (userIds.includes(req.user.id)) throw new BizError(USER_TEXT.cannotChangeOwnRoles);
    if (!(await ownerVisible('role', roleId, req.user))) throw new BizError(ROLE_TEXT.roleNotFound);
    await inTransaction(ctx.db, async (trx) => {
      await assertRolesAssignable(ctx, trx, req.user, [roleId]);
      const have = new Set(
        (
          await trx.selectFrom('sys_user_role').select('user_id').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute()
        ).map((r) => r.user_id),
      );
      const users = await trx.selectFrom('sys_user').select('id').where('id', 'in', userIds).where('del_flag', '=', 0).execute();
      const add = users.map((u) => u.id).filter((id) => !have.has(id));
      if (add.length)
        await trx
          .insertInto('sys_user_role')
          .values(add.map((userId) => ({ id: newId(), user_id: userId, role_id: roleId })))
          .execute();
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.added);
  });

  const removeFromRole = async (req: FastifyRequest<{ Querystring: Q }>, ids: string[]) => {
    await assertWrite(ctx, req.user, 'role', 'user');
    const roleId = str(req.query.roleId);
    if (!ids.length) throw new BizError(COMMON_TEXT.idsRequired);
    if (ids.includes(req.user.id)) throw new BizError(USER_TEXT.cannotChangeOwnRoles);
    if (!(await ownerVisible('role', roleId, req.user))) throw new BizError(ROLE_TEXT.roleNotFound);
    await inTransaction(ctx.db, async (trx) => {
      await assertRolesAssignable(ctx, trx, req.user, [roleId]);
      await trx.deleteFrom('sys_user_role').where('role_id', '=', roleId).where('user_id', 'in', ids).execute();
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.deleted);
  };
  app.delete<{ Querystring: Q }>(`${base}/deleteUserRole`, (req) => removeFromRole(req, idList(req.query.userId, 1)));
  app.delete<{ Querystring: Q }>(`${base}/deleteUserRoleBatch`, (req) => removeFromRole(req, idList(req.query.userIds, 500)));

  /* ---- users of a department ---- */
  app.get<{ Querystring: Q }>(`${base}/departUserList`, async (req) => {
    await assertRead(ctx, req.user, 'depart');
    return ok(await memberPage(req.query, 'depart', req.user));
  });

  app.post<{ Body: unknown }>(`${base}/editSysDepartWithUser`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'depart', 'user');
    const body = bodyOf(req.body);
    const depId = str(body.depId);
    const userIds = idList(body.userIdList, 500);
    if (!userIds.length) throw new BizError(COMMON_TEXT.idsRequired);
    await inTransaction(ctx.db, async (trx) => {
      const depart = await trx
        .selectFrom('sys_depart')
        .select(['id', 'org_code'])
        .where('id', '=', depId)
        .where(sameTenant(req.user))
        .executeTakeFirst();
      if (!depart) throw new BizError(USER_TEXT.unknownDepart(depId || '-'));
      const have = new Set(
        (
          await trx.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', depId).where('user_id', 'in', userIds).execute()
        ).map((r) => r.user_id),
      );
      const users = await trx
        .selectFrom('sys_user')
        .select(['id', 'org_code'])
        .where('id', 'in', userIds)
        .where('del_flag', '=', 0)
        .execute();
      const add = users.filter((u) => !have.has(u.id));
      if (add.length)
        await trx
          .insertInto('sys_user_depart')
          .values(add.map((u) => ({ id: newId(), user_id: u.id, dep_id: depId })))
          .execute();
      const noOrg = add.filter((u) => !u.org_code).map((u) => u.id);
      if (noOrg.length) await trx.updateTable('sys_user').set({ org_code: depart.org_code }).where('id', 'in', noOrg).execute();
    });
    return okMessage(COMMON_TEXT.added);
  });

  const removeFromDepart = async (req: FastifyRequest<{ Querystring: Q }>, ids: string[]) => {
    await assertWrite(ctx, req.user, 'depart', 'user');
    const depId = str(req.query.depId);
    if (!ids.length) throw new BizError(COMMON_TEXT.idsRequired);
    if (!(await ownerVisible('depart', depId, req.user))) throw new BizError(USER_TEXT.unknownDepart(depId || '-'));
    await inTransaction(ctx.db, async (trx) => {
      await trx.deleteFrom('sys_user_depart').where('dep_id', '=', depId).where('user_id', 'in', ids).execute();
      // department roles of that department end with the membership
      await trx
        .deleteFrom('sys_depart_role_user')
        .where('user_id', 'in', ids)
        .where('drole_id', 'in', (sq) => sq.selectFrom('sys_depart_role').select('id').where('depart_id', '=', depId))
        .execute();
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.deleted);
  };
  app.delete<{ Querystring: Q }>(`${base}/deleteUserInDepart`, (req) => removeFromDepart(req, idList(req.query.userId, 1)));
  app.delete<{ Querystring: Q }>(`${base}/deleteUserInDepartBatch`, (req) => removeFromDepart(req, idList(req.query.userIds, 500)));
}
