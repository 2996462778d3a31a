import { objectBody } from '../../http/route-schemas.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { camelRow, clientIp } from '../../http/case.js';
import { formatDateTime } from '../../../shared/time.js';
import { assertRead, assertReadAny, assertWrite } from '../system/guard.js';
import { COMMON_TEXT, DEPART_TEXT, ROLE_TEXT, USER_TEXT } from '../system/texts.js';
import { assertNotOwnRole, idList } from './grant-guard.js';
import { saveGrantSet } from './grant-save.js';
import { sameTenant } from '../tenant/tenant-scope.js';
import { livePermissions } from './routes.js';
import { treeModels } from './tree.js';
import { bodyOf, textOf as str } from '../../http/input.js';
import { inTransaction } from '../../db/transaction.js';

type Q = Record<string, string | undefined>;

/**
 * Who may hold which permission (spec 7.2 queryRolePermission / saveRolePermission,
 * queryDepartPermission / saveDepartPermission, queryOsPermission / saveOsPermission,
 * department-role permissions, role data rules; api-contract §3.2). Every save computes what
 * changes from the stored state and refuses (nothing written) when the caller does not hold a
 * changed permission or would change a role they hold (permission/grant-guard.ts). Caches of
 * grants are dropped after each save.
 */
export function grantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/sys/permission';

  /* ---- roles ---- */
  app.get<{ Querystring: Q }>(`${base}/queryRolePermission`, async (req) => {
    await assertRead(ctx, req.user, 'role');
    const rows = await ctx.db
      .selectFrom('sys_role_permission')
      .select('permission_id')
      .where('role_id', '=', String(req.query.roleId ?? ''))
      .where('role_id', 'in', (sq) => sq.selectFrom('sys_role').select('id').where(sameTenant(req.user)))
      .execute();
    return ok(rows.map((r) => r.permission_id));
  });

  app.post<{ Body: unknown }>(`${base}/saveRolePermission`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'role', 'authorize');
    const body = bodyOf(req.body);
    const roleId = str(body.roleId);
    const wanted = idList(body.permissionIds);
    await inTransaction(ctx.db, async (trx) => {
      // only a role of the request's tenant (tenant/tenant-scope.ts)
      const role = await trx.selectFrom('sys_role').select('id').where('id', '=', roleId).where(sameTenant(req.user)).executeTakeFirst();
      if (!role) throw new BizError(ROLE_TEXT.roleNotFound);
      await assertNotOwnRole(trx, req.user, roleId);
      await saveGrantSet(ctx, trx, req.user, wanted, {
        table: 'sys_role_permission',
        ownerColumn: 'role_id',
        ownerId: roleId,
        extra: () => ({ operate_date: formatDateTime(), operate_ip: clientIp(req) }),
      });
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.saved);
  });

  /** The rules of a menu and which of them a link row holds (role or department role). */
  const ruleChoice = async (permissionId: string, held: string | null | undefined) => {
    const rules = await ctx.db
      .selectFrom('sys_permission_data_rule')
      .selectAll()
      .where('permission_id', '=', permissionId)
      .orderBy('create_time')
      .execute();
    if (!rules.length) throw new BizError(ROLE_TEXT.noRuleConfig);
    const out: Record<string, unknown> = { datarule: rules.map((r) => camelRow(r)) };
    if (held) out.drChecked = held;
    return out;
  };
  /** Checks the chosen rule ids belong to the menu; returns them comma-joined (or null). */
  const ruleIdsFor = async (db: Db, permissionId: string, raw: unknown): Promise<string | null> => {
    const ids = idList(raw, 200);
    if (!ids.length) return null;
    const rows = await db
      .selectFrom('sys_permission_data_rule')
      .select('id')
      .where('permission_id', '=', permissionId)
      .where('id', 'in', ids)
      .execute();
    if (rows.length !== ids.length) throw new BizError(ROLE_TEXT.ruleNotOfPermission);
    return ids.join(',');
  };

  app.get<{ Params: { permissionId: string; roleId: string } }>('/sys/role/datarule/:permissionId/:roleId', async (req) => {
    await assertRead(ctx, req.user, 'role');
    const link = await ctx.db
      .selectFrom('sys_role_permission')
      .select('data_rule_ids')
      .where('role_id', '=', req.params.roleId)
      .where('permission_id', '=', req.params.permissionId)
      .executeTakeFirst();
    return ok(await ruleChoice(req.params.permissionId, link?.data_rule_ids));
  });

  app.post<{ Body: unknown }>('/sys/role/datarule', { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'role', 'authorize');
    const body = bodyOf(req.body);
    const roleId = str(body.roleId);
    const permissionId = str(body.permissionId);
    await inTransaction(ctx.db, async (trx) => {
      await assertNotOwnRole(trx, req.user, roleId);
      const link = await trx
        .selectFrom('sys_role_permission')
        .select('id')
        .where('role_id', '=', roleId)
        .where('permission_id', '=', permissionId)
        .executeTakeFirst();
      if (!link) throw new BizError(ROLE_TEXT.permissionNotHeldByRole);
      const ids = await ruleIdsFor(trx, permissionId, body.dataRuleIds);
      await trx
        .updateTable('sys_role_permission')
        .set({ data_rule_ids: ids, operate_date: formatDateTime(), operate_ip: clientIp(req) })
        .where('id', '=', link.id)
        .execute();
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.saved);
  });

  /* ---- departments: the permissions a department's roles may be given ---- */
  app.get<{ Querystring: Q }>(`${base}/queryDepartPermission`, async (req) => {
    await assertRead(ctx, req.user, 'depart');
    const rows = await ctx.db
      .selectFrom('sys_depart_permission')
      .select('permission_id')
      .where('depart_id', '=', String(req.query.departId ?? ''))
      .where('depart_id', 'in', (sq) => sq.selectFrom('sys_depart').select('id').where(sameTenant(req.user)))
      .execute();
    return ok(rows.map((r) => r.permission_id));
  });

  app.post<{ Body: unknown }>(`${base}/saveDepartPermission`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'depart', 'authorize');
    const body = bodyOf(req.body);
    const departId = str(body.departId);
    const wanted = idList(body.permissionIds);
    await inTransaction(ctx.db, async (trx) => {
      const depart = await trx
        .selectFrom('sys_depart')
        .select('id')
        .where('id', '=', departId)
        .where(sameTenant(req.user))
        .executeTakeFirst();
      if (!depart) throw new BizError(USER_TEXT.unknownDepart(departId || '-'));
      await saveGrantSet(ctx, trx, req.user, wanted, {
        table: 'sys_depart_permission',
        ownerColumn: 'depart_id',
        ownerId: departId,
        // what the department no longer has, its roles lose too (JeecgBoot)
        afterRemove: async (removed) => {
          await trx
            .deleteFrom('sys_depart_role_permission')
            .where('depart_id', '=', departId)
            .where('permission_id', 'in', removed)
            .execute();
        },
      });
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.saved);
  });

  /* ---- organisation units ---- */
  app.get<{ Querystring: Q }>(`${base}/queryOsPermission`, async (req) => {
    await assertRead(ctx, req.user, 'os');
    const rows = await ctx.db
      .selectFrom('sys_os_permission')
      .select('permission_id')
      .where('os_id', '=', String(req.query.osId ?? ''))
      .execute();
    return ok(rows.map((r) => r.permission_id));
  });

  app.post<{ Body: unknown }>(`${base}/saveOsPermission`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'os', 'authorize');
    const body = bodyOf(req.body);
    const osId = str(body.osId);
    const wanted = idList(body.permissionIds);
    await inTransaction(ctx.db, async (trx) => {
      const os = await trx.selectFrom('sys_os').select('id').where('id', '=', osId).where('del_flag', '=', '0').executeTakeFirst();
      if (!os) throw new BizError(USER_TEXT.unknownOs(osId || '-'));
      await saveGrantSet(ctx, trx, req.user, wanted, { table: 'sys_os_permission', ownerColumn: 'os_id', ownerId: osId });
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.saved);
  });

  /* ---- department roles (sys_depart_role_permission) ---- */
  const dp = '/sys/sysDepartPermission';
  app.get<{ Querystring: Q }>(`${dp}/queryTreeListForDeptRole`, async (req) => {
    await assertReadAny(ctx, req.user, ['depart']);
    const departId = String(req.query.departId ?? '');
    const own = new Set(
      (
        await ctx.db
          .selectFrom('sys_depart_permission')
          .select('permission_id')
          .where('depart_id', '=', departId)
          .where('depart_id', 'in', (sq) => sq.selectFrom('sys_depart').select('id').where(sameTenant(req.user)))
          .execute()
      ).map((r) => r.permission_id),
    );
    const rows = (await livePermissions(ctx.db)).filter((r) => own.has(r.id));
    return ok({ treeList: treeModels(rows), ids: rows.map((r) => r.id) });
  });

  app.get<{ Querystring: Q }>(`${dp}/queryDeptRolePermission`, async (req) => {
    await assertRead(ctx, req.user, 'depart');
    const rows = await ctx.db
      .selectFrom('sys_depart_role_permission')
      .select('permission_id')
      .where('role_id', '=', String(req.query.roleId ?? ''))
      .where('role_id', 'in', (sq) =>
        sq
          .selectFrom('sys_depart_role')
          .select('id')
          .where('depart_id', 'in', (d) => d.selectFrom('sys_depart').select('id').where(sameTenant(req.user))),
      )
      .execute();
    return ok(rows.map((r) => r.permission_id));
  });

  app.post<{ Body: unknown }>(`${dp}/saveDeptRolePermission`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'depart', 'authorize');
    const body = bodyOf(req.body);
    const roleId = str(body.roleId);
    const wanted = idList(body.permissionIds);
    await inTransaction(ctx.db, async (trx) => {
      const role = await trx
        .selectFrom('sys_depart_role')
        .select(['id', 'depart_id'])
        .where('id', '=', roleId)
        .where('depart_id', 'in', (sq) => sq.selectFrom('sys_depart').select('id').where(sameTenant(req.user)))
        .executeTakeFirst();
      if (!role) throw new BizError(DEPART_TEXT.roleNotFound);
      const mine = await trx
        .selectFrom('sys_depart_role_user')
        .select('id')
        .where('drole_id', '=', roleId)
        .where('user_id', '=', req.user.id)
        .executeTakeFirst();
      if (mine) throw new BizError(DEPART_TEXT.cannotEditOwnDeptRole);
      const pool = new Set(
        (await trx.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', role.depart_id).execute()).map(
          (r) => r.permission_id,
        ),
      );
      await saveGrantSet(ctx, trx, req.user, wanted, {
        table: 'sys_depart_role_permission',
        ownerColumn: 'role_id',
        ownerId: roleId,
        extra: () => ({ depart_id: role.depart_id, operate_date: formatDateTime(), operate_ip: clientIp(req) }),
        vetAdded: async (added) => {
          const outside = added.filter((id) => !pool.has(id));
          if (!outside.length) return;
          const names = await trx.selectFrom('sys_permission').select('name').where('id', 'in', outside.slice(0, 5)).execute();
          throw new BizError(DEPART_TEXT.notInDepartPermissions(names.map((n) => n.name).join('、') || outside[0]));
        },
      });
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.saved);
  });

  app.get<{ Params: { permissionId: string; departId: string; roleId: string } }>(
    `${dp}/datarule/:permissionId/:departId/:roleId`,
    async (req) => {
      await assertRead(ctx, req.user, 'depart');
      const link = await ctx.db
        .selectFrom('sys_depart_role_permission')
        .select('data_rule_ids')
        .where('role_id', '=', req.params.roleId)
        .where('permission_id', '=', req.params.permissionId)
        .executeTakeFirst();
      return ok(await ruleChoice(req.params.permissionId, link?.data_rule_ids));
    },
  );

  app.post<{ Body: unknown }>(`${dp}/datarule`, { schema: { body: objectBody() } }, async (req: FastifyRequest<{ Body: unknown }>) => {
    await assertWrite(ctx, req.user, 'depart', 'authorize');
    const body = bodyOf(req.body);
    const roleId = str(body.roleId);
    const permissionId = str(body.permissionId);
    await inTransaction(ctx.db, async (trx) => {
      const mine = await trx
        .selectFrom('sys_depart_role_user')
        .select('id')
        .where('drole_id', '=', roleId)
        .where('user_id', '=', req.user.id)
        .executeTakeFirst();
      if (mine) throw new BizError(DEPART_TEXT.cannotEditOwnDeptRole);
      const link = await trx
        .selectFrom('sys_depart_role_permission')
        .select('id')
        .where('role_id', '=', roleId)
        .where('permission_id', '=', permissionId)
        .executeTakeFirst();
      if (!link) throw new BizError(ROLE_TEXT.permissionNotHeldByRole);
      const ids = await ruleIdsFor(trx, permissionId, body.dataRuleIds);
      await trx.updateTable('sys_depart_role_permission').set({ data_rule_ids: ids }).where('id', '=', link.id).execute();
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.saved);
  });
}
