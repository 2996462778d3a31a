import { objectBody } from '../../http/route-schemas.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_LIMIT, likeContains, pagingOf } from '../../http/list-query.js';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { BizError, ok, okMessage, toPage } from '../../http/envelope.js';
import { camelRow } from '../../http/case.js';
import { formatDateTime } from '../../../shared/time.js';
import { assertRead, assertWrite } from '../system/guard.js';
import { COMMON_TEXT, DEPART_TEXT, ROLE_TEXT, USER_TEXT } from '../system/texts.js';
import { assertDeptRolesAssignable, idList } from '../permission/grant-guard.js';
import { diff } from '../permission/grant-save.js';
import type { SessionUser } from '../auth/token-service.js';
import { sameTenant } from '../tenant/tenant-scope.js';
import { bodyOf, textOf as str } from '../../http/input.js';
import { inTransaction } from '../../db/transaction.js';

type Body = Record<string, unknown>;
type Q = Record<string, string | undefined>;

const ROLE_CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/** The ids of the request's tenant's departments (a subquery; tenant/tenant-scope.ts). */
const tenantDeparts = (db: AppContext['db'], user: SessionUser) => db.selectFrom('sys_depart').select('id').where(sameTenant(user));

/**
 * Department roles (api-contract §5.2 sys_depart_role, JeecgBoot `/sys/sysDepartRole`): list,
 * add, edit, delete per department, the roles of a user in a department and their change
 * (`deptRoleUserAdd`). Reads need 部门管理; writes `system:depart:role`. Giving or taking a
 * department role needs the caller to hold its permissions, and nobody changes their own.
 * Tenant-aware like departments: only roles of the request's tenant's departments are read or
 * changed (no tenant: tenant 0).
 */
export function departRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/sys/sysDepartRole';

  app.get<{ Querystring: Q }>(`${base}/list`, async (req) => {
    await assertRead(ctx, req.user, 'depart');
    const { pageNo, pageSize } = pagingOf(req.query, PAGE_LIMIT.list);
    let q = ctx.db
      .selectFrom('sys_depart_role')
      .where('depart_id', '=', str(req.query.deptId ?? req.query.departId))
      .where('depart_id', 'in', tenantDeparts(ctx.db, req.user));
    if (str(req.query.roleName)) q = q.where('role_name', 'like', likeContains(str(req.query.roleName)));
    const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await q
      .selectAll()
      .orderBy('create_time', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return ok(
      toPage(
        rows.map((r) => camelRow(r)),
        total,
        pageNo,
        pageSize,
      ),
    );
  });

  const checked = async (body: Body, departId: string, id: string | null) => {
    const roleCode = str(body.roleCode);
    const roleName = str(body.roleName);
    if (!roleName) throw new BizError(DEPART_TEXT.roleNameRequired);
    if (!roleCode) throw new BizError(DEPART_TEXT.roleCodeRequired);
    if (!ROLE_CODE.test(roleCode)) throw new BizError(ROLE_TEXT.codeBad);
    let q = ctx.db.selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId).where('role_code', '=', roleCode);
    if (id) q = q.where('id', '<>', id);
    if (await q.executeTakeFirst()) throw new BizError(DEPART_TEXT.roleCodeTaken);
    return { role_code: roleCode, role_name: roleName.slice(0, 200), description: str(body.description).slice(0, 255) || null };
  };

  app.post<{ Body: unknown }>(`${base}/add`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'depart', 'role');
    const body = bodyOf(req.body);
    const departId = str(body.departId);
    const depart = await ctx.db
      .selectFrom('sys_depart')
      .select('id')
      .where('id', '=', departId)
      .where('del_flag', '=', '0')
      .where(sameTenant(req.user))
      .executeTakeFirst();
    if (!depart) throw new BizError(DEPART_TEXT.departRequired);
    const id = newId();
    await ctx.db
      .insertInto('sys_depart_role')
      .values({
        id,
        depart_id: departId,
        ...(await checked(body, departId, null)),
        create_by: req.user.username,
        create_time: formatDateTime(),
      })
      .execute();
    return ok(id, COMMON_TEXT.added);
  });

  const edit = async (req: FastifyRequest<{ Body: unknown }>) => {
    await assertWrite(ctx, req.user, 'depart', 'role');
    const body = bodyOf(req.body);
    const id = str(body.id);
    const role = await ctx.db
      .selectFrom('sys_depart_role')
      .select(['id', 'depart_id'])
      .where('id', '=', id)
      .where('depart_id', 'in', tenantDeparts(ctx.db, req.user))
      .executeTakeFirst();
    if (!role) throw new BizError(DEPART_TEXT.roleNotFound);
    await ctx.db
      .updateTable('sys_depart_role')
      .set({ ...(await checked(body, role.depart_id, id)), update_by: req.user.username, update_time: formatDateTime() })
      .where('id', '=', id)
      .execute();
    return okMessage(COMMON_TEXT.edited);
  };
  app.put<{ Body: unknown }>(`${base}/edit`, { schema: { body: objectBody() } }, edit);
  app.post<{ Body: unknown }>(`${base}/edit`, { schema: { body: objectBody() } }, edit);

  const remove = async (req: FastifyRequest<{ Querystring: Q }>, ids: string[], batch: boolean) => {
    await assertWrite(ctx, req.user, 'depart', 'role');
    if (!ids.length) throw new BizError(COMMON_TEXT.idsRequired);
    await inTransaction(ctx.db, async (trx) => {
      const mine = await trx
        .selectFrom('sys_depart_role_user')
        .select('id')
        .where('drole_id', 'in', ids)
        .where('user_id', '=', req.user.id)
        .executeTakeFirst();
      if (mine) throw new BizError(DEPART_TEXT.cannotEditOwnDeptRole);
      const seen = await trx
        .selectFrom('sys_depart_role')
        .select('id')
        .where('id', 'in', ids)
        .where('depart_id', 'in', tenantDeparts(trx, req.user))
        .execute();
      if (seen.length !== new Set(ids).size) throw new BizError(DEPART_TEXT.roleNotFound);
      await assertDeptRolesAssignable(ctx, trx, req.user, ids);
      await trx.deleteFrom('sys_depart_role_user').where('drole_id', 'in', ids).execute();
      await trx.deleteFrom('sys_depart_role_permission').where('role_id', 'in', ids).execute();
      await trx.deleteFrom('sys_depart_role').where('id', 'in', ids).execute();
    });
    ctx.perms.invalidate();
    return okMessage(batch ? COMMON_TEXT.batchDeleted : COMMON_TEXT.deleted);
  };
  app.delete<{ Querystring: Q }>(`${base}/delete`, (req) => remove(req, idList(req.query.id, 1), false));
  app.delete<{ Querystring: Q }>(`${base}/deleteBatch`, (req) => remove(req, idList(req.query.ids, 200), true));

  app.get<{ Querystring: Q }>(`${base}/getDeptRoleList`, async (req) => {
    await assertRead(ctx, req.user, 'depart');
    const rows = await ctx.db
      .selectFrom('sys_depart_role')
      .selectAll()
      .where('depart_id', '=', str(req.query.departId))
      .where('depart_id', 'in', tenantDeparts(ctx.db, req.user))
      .orderBy('create_time')
      .execute();
    return ok(rows.map((r) => camelRow(r)));
  });

  app.get<{ Querystring: Q }>(`${base}/getDeptRoleByUserId`, async (req) => {
    await assertRead(ctx, req.user, 'depart');
    const rows = await ctx.db
      .selectFrom('sys_depart_role_user as ru')
      .innerJoin('sys_depart_role as r', 'r.id', 'ru.drole_id')
      .select(['ru.id', 'ru.user_id as userId', 'ru.drole_id as droleId'])
      .where('ru.user_id', '=', str(req.query.userId))
      .where('r.depart_id', '=', str(req.query.departId))
      .where('r.depart_id', 'in', tenantDeparts(ctx.db, req.user))
      .execute();
    return ok(rows);
  });

  app.post<{ Body: unknown }>(`${base}/deptRoleUserAdd`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'depart', 'role');
    const body = bodyOf(req.body);
    const userId = str(body.userId);
    const departId = str(body.departId);
    const wanted = idList(body.newRoleId, 100);
    if (userId === req.user.id) throw new BizError(USER_TEXT.cannotChangeOwnRoles);
    await inTransaction(ctx.db, async (trx) => {
      const roles = await trx
        .selectFrom('sys_depart_role')
        .select(['id', 'depart_id'])
        .where('id', 'in', wanted.length ? wanted : [''])
        .where('depart_id', 'in', tenantDeparts(trx, req.user))
        .execute();
      if (roles.length !== wanted.length) throw new BizError(DEPART_TEXT.roleNotFound);
      const dept = departId || roles[0]?.depart_id || '';
      const visible = await tenantDeparts(trx, req.user).where('id', '=', dept).executeTakeFirst();
      if (!visible && (dept || wanted.length)) throw new BizError(DEPART_TEXT.departRequired);
      if (roles.some((r) => r.depart_id !== dept)) throw new BizError(DEPART_TEXT.roleNotFound);
      const member = await trx
        .selectFrom('sys_user_depart')
        .select('id')
        .where('user_id', '=', userId)
        .where('dep_id', '=', dept)
        .executeTakeFirst();
      if (!member && wanted.length) throw new BizError(DEPART_TEXT.userNotInDepart);
      const current = (
        await trx
          .selectFrom('sys_depart_role_user as ru')
          .innerJoin('sys_depart_role as r', 'r.id', 'ru.drole_id')
          .select('ru.drole_id')
          .where('ru.user_id', '=', userId)
          .where('r.depart_id', '=', dept)
          .execute()
      ).map((r) => r.drole_id);
      const { added, removed } = diff(current, wanted);
      await assertDeptRolesAssignable(ctx, trx, req.user, [...added, ...removed]);
      if (removed.length)
        await trx.deleteFrom('sys_depart_role_user').where('user_id', '=', userId).where('drole_id', 'in', removed).execute();
      if (added.length)
        await trx
          .insertInto('sys_depart_role_user')
          .values(added.map((drole) => ({ id: newId(), user_id: userId, drole_id: drole })))
          .execute();
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.saved);
  });
}
