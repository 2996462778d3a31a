import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok } from '../../http/envelope.js';
import { formatDateTime } from '../../../shared/time.js';
import { TENANT_TEXT } from './texts.js';
import { tenantIsolationHooks } from './tenant-scope.js';
import { activeTenantsOfUser, assertTenantsUnused, checkTenantRow, parseTenantIds, tenantIdOf, tenantJson } from './tenant-service.js';
import { inTransaction } from '../../db/transaction.js';
import { registerSubRowScopes } from '../../online/sub-scope.js';

/** The tenant screen: schema id, JeecgBoot menu url, button-code prefix. */
export const TENANT_SCREEN = { id: 'sys_tenant', menu: '/isys/tenant', authPre: 'system:tenant' } as const;

type Row = Record<string, unknown>;

/**
 * Tenants (spec 7.2, api-contract §1.5, §4.5 /sys/tenant, docs/architecture.md "Wire policy"):
 * - the request check of the `tenant-id` header is tenant/plugin.ts (`tenantScope`);
 * - `add` is served here (tenant ids are integers: the one given, else the next free ≥ 1000);
 *   list, edit, delete and queryById are the generic engine's with hooks (checks; a tenant users
 *   still belong to cannot be deleted);
 * - `queryList?ids=` and `getCurrentUserTenant` for any signed-in user (tenant switchers).
 */
export function tenantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const forget = () => app.tenantAccess.forget();

  // business tables (schema-owned) keep each tenant's rows apart: reads, edits and deletes see
  // only the request's tenant (0 = none), adds write it; sessions without a tenant see tenant 0
  const isolation = tenantIsolationHooks();
  for (const { screen } of ctx.screens.list()) if (screen.tableSource !== 'migration') ctx.hooks.register(screen.id, isolation);
  // sub rows: only those of a main row the user may read, added or moved only under such a row
  registerSubRowScopes(ctx);

  ctx.hooks.register(TENANT_SCREEN.id, {
    beforeWrite({ row, existing }) {
      checkTenantRow(row, existing);
    },
    afterWrite: forget,
    async beforeDelete({ trx, ids }) {
      await assertTenantsUnused(trx, ids);
      forget();
    },
  });

  app.post('/sys/tenant/add', async (req: FastifyRequest<{ Body: unknown }>) => {
    await ctx.perms.assertMenu(req.user, TENANT_SCREEN.menu);
    await ctx.perms.assertButton(req.user, `${TENANT_SCREEN.authPre}:add`);
    const body = (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Row;
    const row: Row = {
      name: body.name,
      begin_date: body.beginDate ?? body.begin_date ?? null,
      end_date: body.endDate ?? body.end_date ?? null,
      status: body.status,
    };
    checkTenantRow(row, null);
    const given = body.id === undefined || body.id === null || body.id === '' ? null : tenantIdOf(body.id);
    if (given === null && body.id !== undefined && body.id !== null && body.id !== '') throw new BizError(TENANT_TEXT.badId);
    const id = await inTransaction(ctx.db, async (trx) => {
      let tid = given;
      if (tid === null) {
        const max = await trx
          .selectFrom('sys_tenant')
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirst();
        tid = Math.max(Number(max?.m ?? 0) + 1, 1000);
      } else if (await trx.selectFrom('sys_tenant').select('id').where('id', '=', tid).executeTakeFirst()) {
        throw new BizError(TENANT_TEXT.idTaken(tid));
      }
      await trx
        .insertInto('sys_tenant')
        .values({
          id: tid,
          name: String(row.name),
          begin_date: (row.begin_date as string | null) ?? null,
          end_date: (row.end_date as string | null) ?? null,
          status: Number(row.status),
          create_by: req.user.username,
          create_time: formatDateTime(),
          update_by: null,
          update_time: null,
        })
        .execute();
      return tid;
    });
    forget();
    return ok(String(id), TENANT_TEXT.added);
  });

  app.get('/sys/tenant/queryList', async (req: FastifyRequest<{ Querystring: { ids?: string } }>) => {
    let q = ctx.db.selectFrom('sys_tenant').selectAll().where('status', '=', 1);
    const ids = parseTenantIds(req.query.ids);
    if (req.query.ids !== undefined && req.query.ids !== '') q = q.where('id', 'in', ids.length ? ids : [-1]);
    return ok((await q.orderBy('id').execute()).map(tenantJson));
  });

  app.get('/sys/tenant/getCurrentUserTenant', async (req) => {
    const list = await activeTenantsOfUser(ctx.db, req.user.id);
    return ok(list.length ? { list: list.map(tenantJson) } : {});
  });
}
