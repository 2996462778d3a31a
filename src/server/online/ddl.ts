import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { persistedFields, toColumn } from '../../runtime/schema/columns.js';
import { AUDIT_COLUMNS, type LoadedScreen } from './screen-registry.js';

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

const SYSTEM_DDL = [
  'id varchar(36) primary key',
  'create_by varchar(50)',
  'create_time timestamp(0)',
  'update_by varchar(50)',
  'update_time timestamp(0)',
  'sys_org_code varchar(64)',
];

/**
 * Creates or updates the table of a screen (DESIGN.md: the server reads the schema to create
 * the table). A new table gets system columns, one column per field, an index on create_time,
 * unique indexes for `unique` fields and trigram indexes for text fields queried by 'like'.
 * An existing table gains the columns new fields need (non-destructive); a field whose column
 * type changed is refused with a clear message, since changing it could lose data.
 */
export async function syncScreenTable(db: Db, loaded: LoadedScreen): Promise<{ created: boolean; added: string[] }> {
  const { screen } = loaded;
  const table = screen.tableName;
  const existing = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(
    db,
  );
  if (screen.tableSource === 'migration') return checkMigrationTable(loaded, existing.rows);
  const trgm = await hasTrgm(db);
  if (existing.rows.length === 0) {
    await db.transaction().execute(async (trx) => {
      const cols = [...SYSTEM_DDL, ...persistedFields(screen).map((f) => `${toColumn(f.name)} ${sqlType(f)}`)];
      await sql.raw(`create table ${table} (${cols.join(', ')})`).execute(trx);
      await sql.raw(`create index idx_${table}_ct on ${table} (create_time desc, id desc)`).execute(trx);
      for (const f of persistedFields(screen)) {
        const col = toColumn(f.name);
        if (f.unique) await sql.raw(`create unique index uk_${table}_${col} on ${table} (${col})`).execute(trx);
        if (trgm && f.queryMode === 'single' && f.dbType === 'string' && !f.dictCode && f.widget === 'input') {
          await sql.raw(`create index idx_${table}_${col}_trgm on ${table} using gin (${col} gin_trgm_ops)`).execute(trx);
        }
      }
    });
    return { created: true, added: [] };
  }
  const have = new Map(existing.rows.map((r) => [r.column_name, r.data_type]));
  const changed = persistedFields(screen).filter((f) => have.has(toColumn(f.name)) && have.get(toColumn(f.name)) !== infoType(f));
  if (changed.length) {
    throw new Error(
      `${loaded.file}: 表 ${table} 的字段类型与配置不一致（${changed.map((f) => `${toColumn(f.name)}: ${have.get(toColumn(f.name))} → ${infoType(f)}`).join('; ')}），修改字段类型可能丢失数据，已拒绝同步`,
    );
  }
  const added: string[] = [];
  for (const f of persistedFields(screen)) {
    const col = toColumn(f.name);
    if (have.has(col)) continue;
    await sql.raw(`alter table ${table} add column ${col} ${sqlType(f)}`).execute(db);
    added.push(col);
  }
  return { created: false, added };
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
