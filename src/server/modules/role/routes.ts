import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { rolesOf } from '../permission/grant-guard.js';
import { ROLE_TEXT } from '../system/texts.js';
import { sameTenant, systemTenantHooks } from '../tenant/tenant-scope.js';

type Q = Record<string, string | undefined>;

/** The screen id of 角色管理 (schemas/sys/sys_role.json). */
export const ROLE_SCREEN = 'sys_role';

const ROLE_CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/**
 * Role calls beyond the generic CRUD of schemas/sys/sys_role.json (spec 7.2 "Role",
 * api-contract §4.5 `/sys/role`): `queryall` for pickers (any signed-in user, id/roleName/
 * roleCode only), `checkRoleCode`; the role screen's hooks: role code format and uniqueness,
 * and delete refused for a role the caller holds (their own access would change), otherwise
 * taking the role's user and permission links with it. The permission tree and its saving are
 * in permission/grant-routes.ts. Roles are tenant-aware (docs/architecture.md "Permission model"): list, queryById, edit,
 * delete and queryall reach only the request's tenant's roles (no tenant: tenant 0 / null), add
 * stamps the request's tenant (tenant/tenant-scope.ts); role codes stay unique across tenants.
 */
export function roleRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/sys/role/queryall', async (req) => {
    const rows = await ctx.db
      .selectFrom('sys_role')
      .select(['id', 'role_name as roleName', 'role_code as roleCode'])
      .where(sameTenant(req.user))
      .orderBy('create_time')
      .orderBy('id')
      .execute();
    return ok(rows);
  });

  app.get<{ Querystring: Q }>('/sys/role/checkRoleCode', async (req) => {
    const code = (req.query.roleCode ?? '').trim();
    if (!code) throw new BizError(ROLE_TEXT.codeRequired);
    let q = ctx.db.selectFrom('sys_role').select('id').where('role_code', '=', code);
    if (req.query.id) q = q.where('id', '<>', req.query.id);
    if (await q.executeTakeFirst()) throw new BizError(ROLE_TEXT.codeTaken);
    return okMessage(ROLE_TEXT.codeFree);
  });

  ctx.hooks.register(ROLE_SCREEN, systemTenantHooks());
  ctx.hooks.register(ROLE_SCREEN, {
    beforeWrite: async ({ trx, row, existing, isNew }) => {
      if (isNew || Object.prototype.hasOwnProperty.call(row, 'role_code')) {
        const code = typeof row.role_code === 'string' ? row.role_code.trim() : '';
        if (!code) throw new BizError(ROLE_TEXT.codeRequired);
        if (!ROLE_CODE.test(code)) throw new BizError(ROLE_TEXT.codeBad);
        let q = trx.selectFrom('sys_role').select('id').where('role_code', '=', code);
        if (!isNew) q = q.where('id', '<>', String(existing?.id));
        if (await q.executeTakeFirst()) throw new BizError(ROLE_TEXT.codeTaken);
        row.role_code = code;
      }
      if (Object.prototype.hasOwnProperty.call(row, 'role_name') && !(typeof row.role_name === 'string' && row.role_name.trim()))
        throw new BizError(ROLE_TEXT.nameRequired);
    },
    beforeDelete: async ({ trx, user, ids }) => {
      const mine = await rolesOf(trx, user.id);
      if (ids.some((id) => mine.has(id))) throw new BizError(ROLE_TEXT.cannotDeleteOwnRole);
      await trx.deleteFrom('sys_user_role').where('role_id', 'in', ids).execute();
      await trx.deleteFrom('sys_role_permission').where('role_id', 'in', ids).execute();
      ctx.perms.invalidate();
    },
  });
}
