import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { BizError, ok, okMessage, toPage } from '../../http/envelope.js';
import { SYSTEM_COLUMNS } from '../../../shared/columns.js';
import { toProperty } from '../../../shared/row-keys.js';
import type { ScreenField, ScreenSchema } from '../../../shared/generated/screen-schema.js';
import { CREDENTIAL_COLUMN } from '../cgreport/report-sql.js';
import type { DesignerStore } from './store.js';

type Query = Record<string, string | undefined>;
interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: string;
  comment: string | null;
}

/** Tables of the system itself (users, menus, the designer's own rows, workflow): never imported. */
const SYSTEM_TABLE = /^(sys_|onl_|wf_|kysely_)/;
const SKIPPED = new Set<string>([...SYSTEM_COLUMNS, 'tenant_id', 'del_flag']);

/** A column's field: its type and widget from the PostgreSQL type; undefined for types a screen cannot hold. */
function toField(c: Column): ScreenField | undefined {
  const base = { name: toProperty(c.column_name), title: c.comment || c.column_name, required: c.is_nullable === 'NO' || undefined };
  const t = c.data_type;
  if (t === 'text') return { ...base, widget: 'textarea', dbType: 'Text' };
  if (t === 'character varying' || t === 'character' || t === 'uuid')
    return { ...base, widget: 'input', dbType: 'string', dbLength: c.character_maximum_length ?? (t === 'uuid' ? 36 : 255) };
  if (t === 'integer' || t === 'smallint' || t === 'bigint') return { ...base, widget: 'input', dbType: 'int', dbLength: 10 };
  if (t === 'numeric')
    return { ...base, widget: 'input', dbType: 'BigDecimal', dbLength: c.numeric_precision ?? 18, dbPointLength: c.numeric_scale ?? 2 };
  if (t === 'double precision' || t === 'real') return { ...base, widget: 'input', dbType: 'double', dbLength: 18, dbPointLength: 4 };
  if (t === 'date') return { ...base, widget: 'date', dbType: 'Date' };
  if (t.startsWith('timestamp')) return { ...base, widget: 'datetime', dbType: 'Datetime' };
  return undefined;
}

/**
 * JeecgBoot's 从数据库导入表: `GET /online/cgform/head/queryTables?tableName&pageNo&pageSize`
 * pages the database's tables that no screen uses (`{records: [{id}], total}`; the system's own
 * tables and tables with credential columns are left out); `POST /online/cgform/head/transTables/{tbnames}`
 * (comma separated) makes an unsynced single-table screen of each from its columns (comment as
 * label; the system columns skipped), synced afterwards like any screen (a normal sync adds the
 * system columns the table lacks). Both need `online:form:import`. BizError names a table that
 * cannot be imported; nothing is saved for the names after it.
 */
export function importRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { can: (req: FastifyRequest, action: string) => Promise<void>; store: DesignerStore },
): void {
  const base = '/online/cgform/head';
  const columns = async () =>
    (
      await sql<Column>`select c.table_name, c.column_name, c.data_type, c.character_maximum_length, c.numeric_precision,
          c.numeric_scale, c.is_nullable, col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position) as comment
        from information_schema.columns c join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() order by c.table_name, c.ordinal_position`.execute(ctx.db)
    ).rows;
  /** Importable tables: name → columns. */
  const importable = async () => {
    const byTable = new Map<string, Column[]>();
    for (const c of await columns()) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c]);
    for (const [name, cols] of byTable)
      if (SYSTEM_TABLE.test(name) || ctx.screens.byTableName(name) || cols.some((c) => CREDENTIAL_COLUMN.test(c.column_name)))
        byTable.delete(name);
    return byTable;
  };

  app.get<{ Querystring: Query }>(`${base}/queryTables`, async (req) => {
    await deps.can(req, 'import');
    const want = (req.query.tableName ?? '').replace(/\*/g, '').toLowerCase();
    const names = [...(await importable()).keys()].filter((n) => !want || n.includes(want)).sort();
    const pageNo = Math.max(1, Number(req.query.pageNo) || 1);
    const pageSize = Math.min(Math.max(1, Number(req.query.pageSize) || 10), 1000);
    const records = names.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((id) => ({ id }));
    return ok(toPage(records, names.length, pageNo, pageSize));
  });

  app.post<{ Params: { tbnames: string } }>(`${base}/transTables/:tbnames`, async (req) => {
    await deps.can(req, 'import');
    const names = [
      ...new Set(
        req.params.tbnames
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (!names.length) throw new BizError('请选择要导入的表');
    const tables = await importable();
    for (const name of names) {
      const cols = tables.get(name);
      if (!cols) throw new BizError(`表 ${name} 不存在、已是在线表单或是系统表，不能导入`);
      if (!cols.some((c) => c.column_name === 'id' && /character|text|uuid/.test(c.data_type)))
        throw new BizError(`表 ${name} 没有文本类型的主键列 id，不能导入`);
      const fields = cols.filter((c) => !SKIPPED.has(c.column_name)).flatMap((c) => toField(c) ?? []);
      const screen: ScreenSchema = {
        id: name,
        title: name,
        tableName: name,
        tableType: 'single',
        template: 'normal',
        authPre: `online:${name}`,
        fields,
      };
      await deps.store.save(screen, req.user.username, { isNew: true });
    }
    return okMessage('同步成功!');
  });
}
