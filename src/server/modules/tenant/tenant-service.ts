import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { BizError } from '../../http/envelope.js';
import { TENANT_TEXT } from './texts.js';

type Row = Record<string, unknown>;

/** sys_tenant.status: 1 normal, 0 frozen (dict tenant_status). */
export const TENANT_STATUS = { normal: 1, frozen: 0 } as const;

/** The tenant ids of a comma list such as sys_user.rel_tenant_ids ('1000,1001'); junk is dropped. */
export function parseTenantIds(list: string | null | undefined): number[] {
  return (list ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** A positive int4 tenant id from a header/body value, or null. */
export function tenantIdOf(v: unknown): number | null {
  const s = v === undefined || v === null ? '' : String(v).trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && n <= 2147483647 ? n : null;
}

/** The normal (not frozen) tenants the user belongs to (sys_user.rel_tenant_ids ∩ sys_tenant). */
export async function activeTenantsOfUser(db: Db, userId: string) {
  const user = await db.selectFrom('sys_user').select('rel_tenant_ids').where('id', '=', userId).executeTakeFirst();
  const ids = parseTenantIds(user?.rel_tenant_ids);
  if (!ids.length) return [];
  return db.selectFrom('sys_tenant').selectAll().where('id', 'in', ids).where('status', '=', TENANT_STATUS.normal).orderBy('id').execute();
}

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

function dateOf(v: unknown, label: string): string | null {
  if (v === undefined || v === null || v === '') return null;
  const s = String(v).trim();
  if (!DATE.test(s) || Number.isNaN(Date.parse(s.replace(' ', 'T')))) throw new BizError(`${label}格式不正确，应为 YYYY-MM-DD HH:mm:ss`);
  return s.length === 10 ? `${s} 00:00:00` : s.length === 16 ? `${s}:00` : s;
}

/**
 * Checks and normalises a tenant row (columns) about to be written: name required (≤100),
 * status 1 or 0 (default 1 on add), begin/end dates well formed and in order. `existing` is the
 * stored row on edit. Throws BizError with a clear message.
 */
export function checkTenantRow(row: Row, existing: Row | null): void {
  const name = String(row.name ?? existing?.name ?? '').trim();
  if (!name) throw new BizError(TENANT_TEXT.nameRequired);
  if (name.length > 100) throw new BizError('租户名称不能超过100个字符');
  if ('name' in row || !existing) row.name = name;
  const status = row.status ?? existing?.status;
  if (status === undefined || status === null || status === '') row.status = TENANT_STATUS.normal;
  else if (Number(status) !== TENANT_STATUS.normal && Number(status) !== TENANT_STATUS.frozen) throw new BizError(TENANT_TEXT.badStatus);
  else row.status = Number(status);
  const begin = 'begin_date' in row ? dateOf(row.begin_date, '开始时间') : ((existing?.begin_date as string | null) ?? null);
  const end = 'end_date' in row ? dateOf(row.end_date, '结束时间') : ((existing?.end_date as string | null) ?? null);
  if ('begin_date' in row) row.begin_date = begin;
  if ('end_date' in row) row.end_date = end;
  if (begin && end && Date.parse(end.replace(' ', 'T')) < Date.parse(begin.replace(' ', 'T'))) throw new BizError(TENANT_TEXT.badDates);
}

/** Refuses to delete tenants users still belong to (sys_user.rel_tenant_ids). */
export async function assertTenantsUnused(trx: Db, ids: string[]): Promise<void> {
  for (const id of ids) {
    const n = tenantIdOf(id);
    if (n === null) continue;
    const used = await trx
      .selectFrom('sys_user')
      .select('id')
      .where(sql<boolean>`',' || coalesce(rel_tenant_ids, '') || ',' like ${`%,${n},%`}`)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (used) {
      const t = await trx.selectFrom('sys_tenant').select('name').where('id', '=', n).executeTakeFirst();
      throw new BizError(TENANT_TEXT.inUse(t?.name ?? String(n)));
    }
  }
}

/** Tenant row → the JeecgBoot entity shape (api-contract §5.6 SysTenant). */
export function tenantJson(t: {
  id: number;
  name: string;
  begin_date: string | null;
  end_date: string | null;
  status: number;
  create_by: string | null;
  create_time: string | null;
}) {
  return {
    id: t.id,
    name: t.name,
    beginDate: t.begin_date,
    endDate: t.end_date,
    status: t.status,
    createBy: t.create_by,
    createTime: t.create_time,
  };
}
