import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { BizError } from '../http/envelope.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { formatDateTime } from '../../shared/time.js';
import { resolveDefaultValue } from '../../shared/default-value.js';
import { toColumn } from '../../shared/columns.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import type { LoadedScreen } from './screen-registry.js';
import { generatedValues } from '../modules/rules/fill-defaults.js';
import { logEditedRecord } from '../modules/datalog/data-log-service.js';
import { tree, treeColumns } from './record-tree.js';
import { deleteSubRows, saveSubRows } from './sub-tables.js';
import { inTransaction } from '../db/transaction.js';
import type { RecordDeps, RecordReader } from './record-read.js';
import { assertUnique, assertUniqueRows, isEmpty, normalise, pickValues, validateRecord } from './record-validation.js';
import { ownerOf, snapshotRows } from './compute/engine.js';
import { hasTenant } from './compute/aggregate-sql.js';
import { tenantOf } from '../modules/tenant/tenant-scope.js';
import { assertChecks, assertUniqueKeys, rowComputes } from './row-rules.js';
import { assertEditable } from './workflow/states.js';

type Row = Record<string, unknown>;

/**
 * The tenant a unique value must be free in: the request's (a written row of a table with
 * tenants lands in the caller's tenant, edits reach only rows of it); null for a table without
 * tenants (unique over the whole table).
 */
const uniqueTenant = (loaded: LoadedScreen, user: SessionUser): number | null => (hasTenant(ownerOf(loaded)) ? tenantOf(user) : null);

/**
 * Writes screen records (spec 7.3, api-contract §7.2 add, edit, delete; the Excel import):
 * values picked and validated (record-validation.ts), unique fields checked, the screens' write
 * hooks, tree flags (record-tree.ts), sub rows and the data log, each write in one transaction.
 */
export class RecordWriter {
  constructor(
    private readonly deps: RecordDeps,
    private readonly reader: RecordReader,
  ) {}

  /**
   * After rows were written (in the write's transaction): their computed fields are recomputed,
   * the schema's `checks` and `uniqueKeys` are asserted on the stored rows (and the unique keys of
   * the main rows' sub tables), and the rows of other screens whose aggregates read them are
   * recomputed. `before` holds the rows' previous versions (edit), none on add.
   */
  private async settle(trx: Db, loaded: LoadedScreen, ids: string[], before: Row[]): Promise<void> {
    const { compute: engine, screens } = this.deps;
    const needsRows = engine?.matters(loaded) || loaded.screen.checks?.length || loaded.screen.uniqueKeys?.length;
    if (!needsRows && !loaded.subs?.some((s) => s.loaded.screen.uniqueKeys?.length)) return;
    const after = engine?.matters(loaded)
      ? (await engine.recompute(trx, loaded, ids)).map((c) => c.after)
      : await snapshotRows(trx, loaded, ids);
    if (screens) for (const row of after) await assertChecks(trx, screens, loaded, row);
    await assertUniqueKeys(trx, loaded, after);
    for (const { loaded: sub, link } of loaded.subs ?? []) {
      if (!sub.screen.uniqueKeys?.length) continue;
      const rows = (
        await sql<Row>`select * from ${sql.table(sub.screen.tableName)} where ${sql.ref(toColumn(link.foreignKey))} in (${sql.join(ids)})`.execute(
          trx,
        )
      ).rows;
      await assertUniqueKeys(trx, sub, rows);
    }
    if (engine?.matters(loaded)) await engine.propagate(trx, loaded, [...before, ...after]);
  }

  /**
   * The row an insert of `body` writes: the writable fields, defaults filled, validated like form
   * input (BizError with the messages), audit columns and a new id. Writes nothing; used by add,
   * sub rows and the Excel import.
   */
  prepareNew(
    loaded: LoadedScreen,
    body: Row,
    user: SessionUser,
    disabled: Set<string> = new Set(),
    generated: Map<ScreenField, string> = new Map(),
  ): { id: string; row: Row; values: Map<ScreenField, unknown> } {
    const values = pickValues(loaded, body, disabled);
    const fixed = loaded.screen.fixedValues ?? {};
    for (const f of loaded.screen.fields) {
      if (Object.prototype.hasOwnProperty.call(fixed, f.name)) values.set(f, fixed[f.name]);
      else if (generated.has(f)) values.set(f, generated.get(f));
      else if (f.defaultValue !== undefined && isEmpty(values.get(f)))
        values.set(f, normalise(f, resolveDefaultValue(f.defaultValue, { username: user.username, orgCode: user.orgCode ?? undefined })));
    }
    const byName = new Map(loaded.screen.fields.map((f) => [f.name, f]));
    for (const [f, v] of rowComputes(loaded, (name) => (byName.has(name) ? values.get(byName.get(name)!) : undefined))) values.set(f, v);
    validateRecord(loaded, values, null);
    const id = newId();
    const audit: Row = { create_by: user.username, create_time: formatDateTime(), sys_org_code: user.orgCode };
    const row: Row = { id };
    for (const [k, v] of Object.entries(audit)) if (loaded.systemColumns.has(k)) row[k] = v;
    for (const [f, v] of values) row[toColumn(f.name)] = v;
    return { id, row, values };
  }

  /** Inserts a row from a request body (with its sub rows for main tables); returns the new id. BizError on invalid input. */
  async add(loaded: LoadedScreen, body: Row, user: SessionUser, disabled: Set<string>): Promise<string> {
    const { db, counts } = this.deps;
    const { id, row, values } = this.prepareNew(loaded, body, user, disabled, await generatedValues(db, loaded, body, tenantOf(user)));
    const scope = await this.reader.scope(loaded, user, {});
    const subs = await inTransaction(db, async (trx) => {
      await assertUnique(trx, loaded, values, null, uniqueTenant(loaded, user));
      for (const h of this.reader.hooksOf(loaded)) await h.beforeWrite?.({ trx, user, body, row, existing: null, isNew: true });
      row.id = id;
      await tree.beforeInsert(trx, loaded, row, scope);
      await trx
        .insertInto(loaded.screen.tableName as never)
        .values(row as never)
        .execute();
      await tree.afterWrite(trx, loaded, row[treeColumns(loaded)?.pid ?? '']);
      const written = await saveSubRows(trx, loaded, id, body, user, this.prepareSub, true);
      for (const h of this.reader.hooksOf(loaded)) await h.afterWrite?.({ trx, user, body, id, isNew: true });
      await this.settle(trx, loaded, [id], []);
      return written;
    });
    for (const t of [loaded.screen.tableName, ...subs]) counts.bump(t);
    return id;
  }

  /**
   * Inserts rows already prepared by {@link prepareNew} (the Excel import), all in one
   * transaction: the screen's write hooks run for each row, tree flags are kept, unique fields
   * are checked against the table (a clash throws BizError and nothing is written). Rows go in
   * multi-row statements of 500. `after` runs last in the same transaction (the sub rows of an
   * import) and names the tables it wrote. Returns the number inserted.
   */
  async insertPrepared(
    loaded: LoadedScreen,
    items: { row: Row; body: Row }[],
    user: SessionUser,
    after?: (trx: Db) => Promise<string[]>,
  ): Promise<number> {
    if (!items.length) return 0;
    let others: string[] = [];
    const scope = await this.reader.scope(loaded, user, {});
    await inTransaction(this.deps.db, async (trx) => {
      await assertUniqueRows(
        trx,
        loaded,
        items.map((i) => i.row),
        uniqueTenant(loaded, user),
      );
      const hooks = this.reader.hooksOf(loaded);
      const pid = treeColumns(loaded)?.pid;
      for (const { row, body } of items) {
        for (const h of hooks) await h.beforeWrite?.({ trx, user, body, row, existing: null, isNew: true });
        await tree.beforeInsert(trx, loaded, row, scope);
      }
      for (let i = 0; i < items.length; i += 500) {
        await trx
          .insertInto(loaded.screen.tableName as never)
          .values(items.slice(i, i + 500).map((x) => x.row) as never)
          .execute();
      }
      if (pid) await tree.refreshFlags(trx, loaded, [...new Set(items.map((x) => String(x.row[pid])).filter((p) => p !== '0'))]);
      for (const { row, body } of items) for (const h of hooks) await h.afterWrite?.({ trx, user, body, id: String(row.id), isNew: true });
      if (after) others = await after(trx);
      const ids = items.map((x) => String(x.row.id));
      for (let i = 0; i < ids.length; i += 500) await this.settle(trx, loaded, ids.slice(i, i + 500), []);
    });
    for (const t of [loaded.screen.tableName, ...others]) this.deps.counts.bump(t);
    return items.length;
  }

  /** Sub rows are validated like the sub screen's form input (no field is disabled in a sub grid). */
  private prepareSub = (sub: LoadedScreen, body: Row, user: SessionUser) => this.prepareNew(sub, body, user);

  /** Updates the row named by body.id; BizError when missing or invalid. */
  async edit(loaded: LoadedScreen, body: Row, user: SessionUser, disabled: Set<string>): Promise<void> {
    const id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : '';
    if (!id) throw new BizError('缺少记录id');
    const values = pickValues(loaded, body, disabled);
    const scope = await this.reader.scope(loaded, user, {});
    let subs: string[] = [];
    await inTransaction(this.deps.db, async (trx) => {
      const cols = sql.join(loaded.columns.map((c) => sql.ref(c)));
      const where = sql.join([sql`id = ${id}`, ...scope], sql` and `);
      const existing = (await sql<Row>`select ${cols} from ${sql.table(loaded.screen.tableName)} where ${where} for update`.execute(trx))
        .rows[0];
      if (!existing) throw new BizError('未找到对应数据');
      assertEditable(loaded, existing);
      for (const k of Object.keys(loaded.screen.fixedValues ?? {})) {
        const f = loaded.screen.fields.find((x) => x.name === k);
        if (f) values.delete(f);
      }
      const byName = new Map(loaded.screen.fields.map((f) => [f.name, f]));
      const current = (name: string) => {
        const f = byName.get(name);
        if (name === 'id') return id;
        return f && values.has(f) ? values.get(f) : existing[toColumn(name)];
      };
      for (const [f, v] of rowComputes(loaded, current)) values.set(f, v);
      const before = await snapshotRows(trx, loaded, [id]);
      validateRecord(loaded, values, existing);
      await assertUnique(trx, loaded, values, id, uniqueTenant(loaded, user));
      const set: Row = {};
      if (loaded.systemColumns.has('update_by')) set.update_by = user.username;
      if (loaded.systemColumns.has('update_time')) set.update_time = formatDateTime();
      for (const [f, v] of values) set[toColumn(f.name)] = v;
      for (const h of this.reader.hooksOf(loaded)) await h.beforeWrite?.({ trx, user, body, row: set, existing, isNew: false });
      delete set.id;
      await tree.beforeUpdate(trx, loaded, id, set, existing, scope);
      if (Object.keys(set).length)
        await trx
          .updateTable(loaded.screen.tableName as never)
          .set(set as never)
          .where('id' as never, '=', id as never)
          .execute();
      const pid = treeColumns(loaded)?.pid;
      if (pid && pid in set) await tree.afterWrite(trx, loaded, set[pid], existing[pid]);
      subs = await saveSubRows(trx, loaded, id, body, user, this.prepareSub, false);
      for (const h of this.reader.hooksOf(loaded)) await h.afterWrite?.({ trx, user, body, id, isNew: false });
      await this.settle(trx, loaded, [id], before);
      // data log: the previous and the new version of a business record
      const { tableName, tableSource } = loaded.screen;
      await logEditedRecord(trx, {
        table: tableName,
        tableSource,
        columns: loaded.columns,
        id,
        previous: existing,
        username: user.username,
      });
    });
    for (const t of [loaded.screen.tableName, ...subs]) this.deps.counts.bump(t);
  }

  /**
   * Deletes rows by id list (within the user's scope) in one transaction; a beforeDelete hook
   * answering 'handled' replaces the hard delete (e.g. a soft delete). Returns the ids' count
   * deleted by the generic delete (ids.length when a hook handled it).
   */
  async remove(loaded: LoadedScreen, ids: string[], user?: SessionUser): Promise<number> {
    if (!ids.length) throw new BizError('请选择一条记录！');
    const scope = await this.reader.scope(loaded, user, {});
    let subs: string[] = [];
    const n = await inTransaction(this.deps.db, async (trx) => {
      // a tree node goes with its subtree (api-contract §7.2)
      const all = await tree.expand(trx, loaded, ids);
      // only rows within the user's scope (data rules, tenant…) are deleted, by the hooks too
      const where = sql.join([sql`id in (${sql.join(all)})`, ...scope], sql` and `);
      const gone = (await sql<{ id: string }>`select id from ${sql.table(loaded.screen.tableName)} where ${where}`.execute(trx)).rows.map(
        (r) => r.id,
      );
      if (!gone.length) return 0;
      const before = await snapshotRows(trx, loaded, gone);
      for (const row of before) assertEditable(loaded, row);
      let handled = false;
      if (user)
        for (const h of this.reader.hooksOf(loaded)) if ((await h.beforeDelete?.({ trx, user, ids: gone })) === 'handled') handled = true;
      if (handled) return gone.length;
      const parents = await tree.parentsOf(trx, loaded, gone);
      subs = await deleteSubRows(trx, loaded, gone);
      const res = await sql`delete from ${sql.table(loaded.screen.tableName)} where id in (${sql.join(gone)})`.execute(trx);
      await tree.refreshFlags(trx, loaded, parents);
      // whatever read the deleted rows (a tree parent's totals included) is recomputed
      const { compute } = this.deps;
      if (compute?.matters(loaded)) await compute.propagate(trx, loaded, before);
      return Number(res.numAffectedRows ?? 0);
    });
    for (const t of [loaded.screen.tableName, ...subs]) this.deps.counts.bump(t);
    return n;
  }
}
