import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.js';
import { BizError } from '../http/envelope.js';
import { toColumn } from '../../shared/columns.js';
import { formatDateTime } from '../../shared/time.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import type { LoadedScreen } from './screen-registry.js';
import { ENGINE_TEXT } from './texts.js';
import { tenantOf } from '../modules/tenant/tenant-scope.js';

type Row = Record<string, unknown>;

/** Validates a sub row like form input and returns the row to insert (RecordService.prepareNew). */
export type PrepareRow = (loaded: LoadedScreen, body: Row, user: SessionUser) => { id: string; row: Row };

/** The rows the request body carries for one sub table (key = sub table name or sub screen id); undefined when absent. */
function submittedRows(body: Row, sub: LoadedScreen): Row[] | undefined {
  const key = Object.prototype.hasOwnProperty.call(body, sub.screen.tableName)
    ? sub.screen.tableName
    : Object.prototype.hasOwnProperty.call(body, sub.screen.id)
      ? sub.screen.id
      : undefined;
  if (key === undefined) return undefined;
  const value = body[key];
  if (value === null || value === undefined || value === '') return [];
  const rows = Array.isArray(value) ? value : typeof value === 'object' ? [value] : null;
  if (!rows || rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r)))
    throw new BizError(ENGINE_TEXT.subRowsNotArray(sub.screen.title));
  return rows as Row[];
}

/**
 * Master/sub tables (api-contract §7.2 form endpoints, spec 5.4 form-plus-tables). Each sub
 * table present in the body replaces the main row's sub rows: every row is validated like form
 * input (the first failing row answers `{title}第N行：{message}`), rows whose id is already one
 * of this main row's keep their id and creation audit, the others get new ids. Runs in the
 * caller's transaction, so a failing sub row rolls back the main row too. Returns the sub
 * tables written (to drop their cached counts).
 */
export async function saveSubRows(
  trx: Db,
  main: LoadedScreen,
  mainId: string,
  body: Row,
  user: SessionUser,
  prepare: PrepareRow,
  isNew: boolean,
): Promise<string[]> {
  const written: string[] = [];
  for (const { loaded: sub, link } of main.subs ?? []) {
    const rows = submittedRows(body, sub);
    if (rows === undefined) continue;
    if (link.relationType === 'oneToOne' && rows.length > 1) throw new BizError(ENGINE_TEXT.oneToOneTooMany(sub.screen.title));
    const fk = toColumn(link.foreignKey);
    const table = sql.table(sub.screen.tableName);
    const kept = new Map<string, Row>();
    if (!isNew) {
      const old = (await sql<Row>`select id, create_by, create_time from ${table} where ${sql.ref(fk)} = ${mainId}`.execute(trx)).rows;
      for (const r of old) kept.set(String(r.id), r);
      await sql`delete from ${table} where ${sql.ref(fk)} = ${mainId}`.execute(trx);
    }
    const prepared: Row[] = [];
    rows.forEach((input, i) => {
      const withKey = { ...input, [fk]: mainId };
      delete withKey[link.foreignKey];
      let row: Row;
      try {
        row = prepare(sub, withKey, user).row;
      } catch (e) {
        if (e instanceof BizError) throw new BizError(ENGINE_TEXT.subRowProblem(sub.screen.title, i + 1, e.message));
        throw e;
      }
      // sub rows belong to the main row's tenant (the request's), like the main row
      if (sub.screen.tableSource !== 'migration') row.tenant_id = user.tenantId ?? 0;
      const oldId = typeof input.id === 'string' ? input.id : undefined;
      const before = oldId ? kept.get(oldId) : undefined;
      if (before && oldId) {
        row.id = oldId;
        if (sub.systemColumns.has('create_by')) row.create_by = before.create_by;
        if (sub.systemColumns.has('create_time')) row.create_time = before.create_time;
        if (sub.systemColumns.has('update_by')) row.update_by = user.username;
        if (sub.systemColumns.has('update_time')) row.update_time = formatDateTime();
      }
      // schema-owned tables keep tenants apart: a sub row carries its main row's tenant (the request's)
      if (sub.screen.tableSource !== 'migration') row.tenant_id = tenantOf(user);
      prepared.push(row);
    });
    for (let i = 0; i < prepared.length; i += 200) {
      await trx
        .insertInto(sub.screen.tableName as never)
        .values(prepared.slice(i, i + 200) as never)
        .execute();
    }
    written.push(sub.screen.tableName);
  }
  return written;
}

/** Deletes the sub rows of the given main ids (cascade delete, same transaction). Returns the sub tables touched. */
export async function deleteSubRows(trx: Db, main: LoadedScreen, mainIds: string[]): Promise<string[]> {
  const touched: string[] = [];
  if (!mainIds.length) return touched;
  for (const { loaded: sub, link } of main.subs ?? []) {
    await sql`delete from ${sql.table(sub.screen.tableName)} where ${sql.ref(toColumn(link.foreignKey))} in (${sql.join(mainIds)})`.execute(
      trx,
    );
    touched.push(sub.screen.tableName);
  }
  return touched;
}

/**
 * The sub rows of one main row for one sub screen, ordered by creation (api-contract §7.2
 * subform/list), within `scope` (the sub screen's row conditions: tenant, main row readable).
 */
export async function loadSubRows(db: Db, sub: LoadedScreen, mainId: string, scope: readonly RawBuilder<unknown>[]): Promise<Row[]> {
  const fk = sub.main ? toColumn(sub.main.link.foreignKey) : undefined;
  if (!fk) throw new BizError(ENGINE_TEXT.notMainTable(sub.screen.tableName));
  const cols = sql.join(sub.columns.map((c) => sql.ref(c)));
  const order = sub.systemColumns.has('create_time') ? sql`create_time asc, id asc` : sql`id asc`;
  return (
    await sql<Row>`select ${cols} from ${sql.table(sub.screen.tableName)} where ${sql.join([sql`${sql.ref(fk)} = ${mainId}`, ...scope], sql` and `)} order by ${order}`.execute(
      db,
    )
  ).rows;
}
