import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { BizError, okMessage } from '../http/envelope.js';
import { persistedFields, toColumn } from '../../shared/columns.js';
import { CREDENTIAL_COLUMN } from './cgreport/report-sql.js';
import { screenReadScope } from './read-scope.js';
import { ownerOf } from './compute/engine.js';
import { hasTenant } from './compute/aggregate-sql.js';
import { tenantOf } from '../modules/tenant/tenant-scope.js';

type Query = Record<string, unknown>;

/** Messages of the duplicate check (api-contract §6.3). */
export const DUPLICATE_TEXT = {
  free: '该值可用！',
  taken: '该值不可用，系统中已存在！',
  empty: '数据为空,不作处理！',
  badTarget: (table: string, field: string) => `不能校验表 ${table} 的字段 ${field}`,
} as const;

/**
 * GET /sys/duplicate/check?tableName=&fieldName=&fieldVal=&dataId= (api-contract §6.3, spec 5.6
 * / 7.2): whether a value is still free in a column. The table and column come from the request,
 * so they must name a screen's table and one of its fields (never a credential column); the
 * value and the excluded id are bound. Free → 该值可用！; taken → success false
 * 该值不可用，系统中已存在！; empty value → success true with code 500 数据为空,不作处理！.
 * Only a user who may read the screen (its menu, a sub table's: its main table's) may ask; 403
 * otherwise. On a table with tenants the value is checked within the request's tenant.
 */
export function duplicateCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/sys/duplicate/check', async (req) => {
    const q = (req.query ?? {}) as Query;
    const text = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : typeof q[k] === 'number' ? String(q[k]) : '');
    const table = text('tableName');
    const field = text('fieldName');
    const value = text('fieldVal');
    const dataId = text('dataId');
    const loaded = ctx.screens.byTableName(table);
    const column = loaded
      ? persistedFields(loaded.screen)
          .map((f) => toColumn(f.name))
          .find((c) => c === field || c === toColumn(field))
      : undefined;
    if (!loaded || !column || CREDENTIAL_COLUMN.test(column)) throw new BizError(DUPLICATE_TEXT.badTarget(table, field));
    // the read gate: only a user who may read the screen learns whether a value exists in it.
    // Values are unique per tenant (the unique index is (tenant_id, column)), so the answer covers
    // every row of the request's tenant and nothing of another tenant.
    await screenReadScope(ctx, req.user, loaded);
    if (value === '') return { success: true, message: DUPLICATE_TEXT.empty, code: 500, result: null, timestamp: Date.now() };
    const tenant = hasTenant(ownerOf(loaded)) ? sql`and tenant_id = ${tenantOf(req.user)}` : sql``;
    const found = (
      await sql`select 1 from ${sql.table(table)} where ${sql.ref(column)} = ${value} ${dataId ? sql`and id <> ${dataId}` : sql``} ${tenant} limit 1`.execute(
        ctx.db,
      )
    ).rows.length;
    if (found) throw new BizError(DUPLICATE_TEXT.taken);
    return okMessage(DUPLICATE_TEXT.free);
  });
}
