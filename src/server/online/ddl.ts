import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { persistedFields, tableIndexName, toColumn } from '../../shared/columns.js';
import { AUDIT_COLUMNS, type LoadedScreen } from './screen-registry.js';
import { SYSTEM_COLUMNS } from '../../shared/columns.js';
import { ENGINE_TEXT } from './texts.js';
import { dbDefaultLiteral } from '../../shared/db-default.js';
import { GIN_WITH } from '../db/gin-indexes.js';
import { inTransaction } from '../db/transaction.js';

/** PostgreSQL column type of a field (dbType/dbLength/dbPointLength, JeecgBoot names). */
export function sqlType(f: ScreenField): string {
  switch (f.dbType) {
    case 'string':
      return `varchar(${f.dbLength ?? 255})`;
    case 'int':
      return 'integer';
    case 'double':
      return 'double precision';
    case 'BigDecimal':
      return `numeric(${f.dbLength ?? 18},${f.dbPointLength ?? 2})`;
    case 'Date':
      return 'date';
    case 'Datetime':
      return 'timestamp(0)';
    case 'Text':
      return 'text';
    default:
      throw new Error(`unknown dbType ${String(f.dbType)}`);
  }
}

/**
 * Type and default of a field's column in `create table` / `add column`: {@link sqlType} and,
 * with a `dbDefault`, its checked literal (never an expression; an invalid one throws).
 */
export function columnDdl(f: ScreenField): string {
  const literal = dbDefaultLiteral(f);
  return literal === undefined ? sqlType(f) : `${sqlType(f)} default ${literal}`;
}

/** information_schema's name for the types sqlType produces, to detect changed columns. */
function infoType(f: ScreenField): string {
  const names: Record<ScreenField['dbType'], string> = {
    string: 'character varying',
    int: 'integer',
    double: 'double precision',
    BigDecimal: 'numeric',
    Date: 'date',
    Datetime: 'timestamp without time zone',
    Text: 'text',
  };
  return names[f.dbType];
}

async function hasTrgm(db: Db): Promise<boolean> {
  const r = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  return Number(r.rows[0]?.n) > 0;
}

/**
 * What the database holds for a set of tables, read in three queries: their columns, their
 * index definitions (name → definition), and whether pg_trgm is installed. A start syncs some
 * 80 screen tables: read one table at a time, that cost about half a second on the embedded
 * database even when nothing changed.
 */
export interface TableCatalog {
  columns: Map<string, ExistingColumn[]>;
  indexes: Map<string, Map<string, string>>;
  trgm: boolean;
}

/** Reads the catalog of `tables` (current schema); tables that do not exist have no entry. */
export async function readTableCatalog(db: Db, tables: string[]): Promise<TableCatalog> {
  const columns = new Map<string, ExistingColumn[]>();
  const indexes = new Map<string, Map<string, string>>();
  if (tables.length) {
    const cols = await sql<ExistingColumn & { table_name: string }>`
      select table_name, column_name, data_type, character_maximum_length, numeric_precision, numeric_scale
      from information_schema.columns where table_schema = current_schema() and table_name = any(${tables}::text[])`.execute(db);
    for (const { table_name, ...c } of cols.rows) columns.set(table_name, [...(columns.get(table_name) ?? []), c]);
    const idx = await sql<{ tablename: string; indexname: string; indexdef: string }>`
      select tablename, indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = any(${tables}::text[])`.execute(db);
    for (const r of idx.rows) indexes.set(r.tablename, (indexes.get(r.tablename) ?? new Map()).set(r.indexname, r.indexdef));
  }
  return { columns, indexes, trgm: await hasTrgm(db) };
}

const SYSTEM_DDL = [
  'id varchar(36) primary key',
  'create_by varchar(50)',
  'create_time timestamp(0)',
  'update_by varchar(50)',
  'update_time timestamp(0)',
  'sys_org_code varchar(64)',
  // the row's tenant (docs/architecture.md "Permission model": business tables are tenant-aware; 0 = none; modules/tenant)
  'tenant_id int not null default 0',
];

interface ExistingColumn {
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
}

/** What a sync did: table created; columns added, altered, dropped; normal indexes created. */
export interface SyncResult {
  created: boolean;
  added: string[];
  altered: string[];
  dropped: string[];
  indexed: string[];
}

/**
 * Creates or updates the table of a screen (docs/architecture.md "Screens are data": the server
 * reads the schema to create the table). A new table gets system columns, one column per field
 * (with its `dbDefault`), an index on create_time, unique indexes for `unique` fields, the
 * normal `indexes` and trigram indexes for text fields queried by 'like' (bounded pending list,
 * db/gin-indexes.ts). An existing table gains the columns of new fields (with their
 * `dbDefault`; the default of an existing column is not changed), wider text or numeric columns
 * and the normal `indexes` it lacks (by name; none is ever dropped): all non-destructive. A
 * destructive change — a changed column type, a shorter text column than its longest value, a
 * smaller numeric column, or a column of a removed field that holds data — stops the start with
 * a message naming the file, table and columns, unless forced (`opts.force`: SCHEMA_FORCE=1, or
 * the screen's `forceSync`): then types are converted and columns of removed fields dropped.
 * Empty columns of removed fields are left alone.
 */
export async function syncScreenTable(
  db: Db,
  loaded: LoadedScreen,
  opts: { force?: boolean; catalog?: TableCatalog } = {},
): Promise<SyncResult> {
  const { screen } = loaded;
  // a view (viewOf) has no table of its own: its owner screen creates and extends the table
  if (screen.viewOf) return { created: false, added: [], altered: [], dropped: [], indexed: [] };
  const table = screen.tableName;
  const catalog = opts.catalog ?? (await readTableCatalog(db, [table]));
  const existing = catalog.columns.get(table) ?? [];
  if (screen.tableSource === 'migration') return { ...checkMigrationTable(loaded, existing), altered: [], dropped: [], indexed: [] };
  const trgm = catalog.trgm;
  if (existing.length === 0) {
    await inTransaction(db, async (trx) => {
      const cols = [...SYSTEM_DDL, ...persistedFields(screen).map((f) => `${toColumn(f.name)} ${columnDdl(f)}`)];
      await sql.raw(`create table ${table} (${cols.join(', ')})`).execute(trx);
      await sql.raw(`create index idx_${table}_ct on ${table} (create_time desc, id desc)`).execute(trx);
      for (const f of persistedFields(screen)) {
        const col = toColumn(f.name);
        if (f.unique) await sql.raw(`create unique index uk_${table}_${col} on ${table} (tenant_id, ${col})`).execute(trx);
        if (trgm && f.queryMode === 'single' && f.dbType === 'string' && !f.dictCode && f.widget === 'input') {
          await sql.raw(`create index idx_${table}_${col}_trgm on ${table} using gin (${col} gin_trgm_ops) ${GIN_WITH}`).execute(trx);
        }
      }
      for (const x of normalIndexes(loaded, new Map())) await sql.raw(x.ddl).execute(trx);
    });
    return { created: true, added: [], altered: [], dropped: [], indexed: normalIndexes(loaded, new Map()).map((x) => x.name) };
  }
  const force = opts.force === true || screen.forceSync === true;
  const have = new Map(existing.map((r) => [r.column_name, r]));
  const plan = await planChanges(db, loaded, have);
  if (plan.destructive.length && !force) throw new Error(ENGINE_TEXT.destructiveChange(loaded.file, table, plan.destructive.join('; ')));
  const added: string[] = [];
  const altered: string[] = [];
  const dropped: string[] = [];
  const reindex = columnOnlyUniqueIndexes(loaded, catalog.indexes.get(table) ?? new Map());
  const missingIndexes = normalIndexes(loaded, catalog.indexes.get(table) ?? new Map());
  const indexed: string[] = [];
  const unchanged =
    have.has('tenant_id') &&
    persistedFields(screen).every((f) => have.has(toColumn(f.name))) &&
    !plan.alter.length &&
    !(force && plan.orphansWithData.length) &&
    !reindex.length &&
    !missingIndexes.length;
  if (unchanged) return { created: false, added, altered, dropped, indexed };
  await inTransaction(db, async (trx) => {
    // tables created before the tenant column existed gain it (existing rows: no tenant)
    if (!have.has('tenant_id')) {
      await sql.raw(`alter table ${table} add column tenant_id int not null default 0`).execute(trx);
      added.push('tenant_id');
    }
    for (const f of persistedFields(screen)) {
      const col = toColumn(f.name);
      if (have.has(col)) continue;
      await sql.raw(`alter table ${table} add column ${col} ${columnDdl(f)}`).execute(trx);
      added.push(col);
    }
    for (const f of plan.alter) {
      const col = toColumn(f.name);
      await sql.raw(`alter table ${table} alter column ${col} type ${sqlType(f)} using ${col}::${sqlType(f)}`).execute(trx);
      altered.push(col);
    }
    if (force)
      for (const col of plan.orphansWithData) {
        await sql.raw(`alter table ${table} drop column ${col}`).execute(trx);
        dropped.push(col);
      }
    for (const { name, col } of reindex) {
      await sql.raw(`drop index ${name}`).execute(trx);
      await sql.raw(`create unique index ${name} on ${table} (tenant_id, ${col})`).execute(trx);
    }
    // after the columns: an index may name a column added above
    for (const x of missingIndexes) {
      await sql.raw(x.ddl).execute(trx);
      indexed.push(x.name);
    }
  });
  return { created: false, added, altered, dropped, indexed };
}

/**
 * The normal indexes of the screen (schema `indexes`) that `defs` (the table's index
 * definitions by name) lacks, each with its `create index` statement. An index is matched by
 * name only: one the schema no longer lists, or lists over other columns, is left as it is.
 */
function normalIndexes(loaded: LoadedScreen, defs: Map<string, string>): { name: string; ddl: string }[] {
  const table = loaded.screen.tableName;
  return (loaded.screen.indexes ?? [])
    .map((x) => ({ name: tableIndexName(table, x), cols: x.fields.map(toColumn) }))
    .filter(({ name }) => !defs.has(name))
    .map(({ name, cols }) => ({ name, ddl: `create index ${name} on ${table} (${cols.join(', ')})` }));
}

/** What a sync of a screen's table would do, without doing it (syncScreenTable's plan). */
export interface SyncPlan {
  /** The table does not exist yet: a sync creates it. */
  create: boolean;
  /** Columns a sync adds. */
  add: string[];
  /** Columns a sync converts (type, length or precision). */
  alter: string[];
  /** The changes that lose data (converted values, dropped columns with data): a normal sync refuses them, a forced one applies them. */
  destructive: string[];
}

/**
 * The changes a sync of `loaded`'s table would make, read from the database and applied to
 * nothing: the force confirmation names them. A view or a migration-owned table plans nothing.
 */
export async function planScreenSync(db: Db, loaded: LoadedScreen): Promise<SyncPlan> {
  const { screen } = loaded;
  const none: SyncPlan = { create: false, add: [], alter: [], destructive: [] };
  if (screen.viewOf || screen.tableSource === 'migration') return none;
  const existing = (await readTableCatalog(db, [screen.tableName])).columns.get(screen.tableName) ?? [];
  if (!existing.length) return { ...none, create: true };
  const have = new Map(existing.map((r) => [r.column_name, r]));
  const plan = await planChanges(db, loaded, have);
  return {
    create: false,
    add: [
      ...(have.has('tenant_id') ? [] : ['tenant_id']),
      ...persistedFields(screen)
        .map((f) => toColumn(f.name))
        .filter((c) => !have.has(c)),
    ],
    alter: plan.alter.map((f) => toColumn(f.name)),
    destructive: plan.destructive,
  };
}

/**
 * Unique indexes of `unique` fields are per tenant (`(tenant_id, column)`): the indexes made over
 * the column alone (tables created before tenants had their own values), which the sync replaces
 * by the per-tenant one. Widening the key cannot fail on existing rows; missing indexes are not
 * added. `defs`: the table's index definitions by name.
 */
function columnOnlyUniqueIndexes(loaded: LoadedScreen, defs: Map<string, string>): { name: string; col: string }[] {
  const table = loaded.screen.tableName;
  return persistedFields(loaded.screen)
    .filter((f) => f.unique)
    .map((f) => ({ col: toColumn(f.name), name: `uk_${table}_${toColumn(f.name)}`.slice(0, 63) }))
    .filter(({ name }) => {
      const def = defs.get(name);
      return def !== undefined && !/\(tenant_id,/.test(def);
    });
}

/** Which existing columns need a change, and which of those changes could lose data. */
async function planChanges(
  db: Db,
  loaded: LoadedScreen,
  have: Map<string, ExistingColumn>,
): Promise<{ alter: ScreenField[]; destructive: string[]; orphansWithData: string[] }> {
  const table = loaded.screen.tableName;
  const alter: ScreenField[] = [];
  const destructive: string[] = [];
  for (const f of persistedFields(loaded.screen)) {
    const col = toColumn(f.name);
    const cur = have.get(col);
    if (!cur) continue;
    if (cur.data_type !== infoType(f)) {
      alter.push(f);
      destructive.push(`${col}: ${cur.data_type} → ${infoType(f)}`);
      continue;
    }
    if (f.dbType === 'string' && cur.character_maximum_length !== null) {
      const want = f.dbLength ?? 255;
      if (want === cur.character_maximum_length) continue;
      alter.push(f);
      if (want < cur.character_maximum_length) {
        const longest = Number(
          (await sql<{ n: number | null }>`select max(char_length(${sql.ref(col)}))::int as n from ${sql.table(table)}`.execute(db)).rows[0]
            ?.n ?? 0,
        );
        if (longest > want)
          destructive.push(`${col}: varchar(${cur.character_maximum_length}) → varchar(${want})，已有 ${longest} 个字符的值`);
      }
    }
    if (f.dbType === 'BigDecimal' && cur.numeric_precision !== null) {
      const p = f.dbLength ?? 18;
      const sc = f.dbPointLength ?? 2;
      const curScale = cur.numeric_scale ?? 0;
      if (p === cur.numeric_precision && sc === curScale) continue;
      alter.push(f);
      if (p - sc < cur.numeric_precision - curScale || sc < curScale)
        destructive.push(`${col}: numeric(${cur.numeric_precision},${curScale}) → numeric(${p},${sc})`);
    }
  }
  // system columns (whatever SYSTEM_DDL creates) and persisted fields; anything else is a removed field's column
  const known = new Set<string>([
    ...SYSTEM_COLUMNS,
    ...SYSTEM_DDL.map((d) => d.split(' ')[0]),
    ...persistedFields(loaded.screen).map((f) => toColumn(f.name)),
  ]);
  const orphansWithData: string[] = [];
  for (const col of have.keys()) {
    if (known.has(col)) continue;
    const used = (await sql<{ n: number }>`select count(${sql.ref(col)})::int as n from ${sql.table(table)}`.execute(db)).rows[0];
    if (Number(used?.n) > 0) {
      orphansWithData.push(col);
      destructive.push(`${col}: 字段已从配置中删除，但表中还有 ${Number(used.n)} 行数据`);
    }
  }
  return { alter, destructive, orphansWithData };
}

/**
 * A migration-owned table (`tableSource: 'migration'`) is never created or altered from the
 * schema: every field's column must exist (else the start stops with a message naming the
 * file and the columns), and the audit columns it has are recorded for the engine.
 */
function checkMigrationTable(loaded: LoadedScreen, rows: { column_name: string }[]): { created: false; added: [] } {
  const have = new Set(rows.map((r) => r.column_name));
  if (!have.size) throw new Error(`${loaded.file}: 系统表 ${loaded.screen.tableName} 不存在（应由数据库迁移创建）`);
  const missing = persistedFields(loaded.screen)
    .map((f) => toColumn(f.name))
    .filter((c) => !have.has(c));
  if (missing.length) throw new Error(`${loaded.file}: 系统表 ${loaded.screen.tableName} 缺少字段 ${missing.join(', ')}`);
  if (!have.has('id')) throw new Error(`${loaded.file}: 系统表 ${loaded.screen.tableName} 缺少主键字段 id`);
  loaded.systemColumns = new Set(AUDIT_COLUMNS.filter((c) => have.has(c)));
  loaded.columns = ['id', ...loaded.systemColumns, ...persistedFields(loaded.screen).map((f) => toColumn(f.name))];
  return { created: false, added: [] };
}
