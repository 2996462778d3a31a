import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import type { DictService } from '../dict/dict-service.js';
import type { ScreenSchema } from '../../../shared/generated/screen-schema.js';
import { snapshotRows } from '../../online/compute/engine.js';
import { loadSubRows } from '../../online/sub-tables.js';
import { toColumn } from '../../../shared/columns.js';

type Row = Record<string, unknown>;

/** One sub table of a record as the detail shows it: the sub screen (titles, columns, widgets) and its rows with dictionary texts. */
export interface RecordSubTable {
  id: string;
  title: string;
  screen: ScreenSchema;
  rows: Row[];
}

/** A record as an instance's detail shows it, read-only: main fields as title and shown value, and its sub tables. */
export interface RecordView {
  fields: { title: string; value: string }[];
  subTables: RecordSubTable[];
}

/**
 * Reads the record of an instance for its detail (spec 2.7 task screens: the record's form,
 * read-only). The caller has authorised the instance (starter, participant or process-model
 * menu); the screen's own menu is not needed. The record and its sub rows must be of the
 * instance's tenant (`tenantId`, 0 = none); otherwise nothing is shown.
 * @param translate adds `<column>_dictText` to sub rows (RecordService.translate)
 */
export async function readRecordView(
  db: Db,
  dicts: DictService,
  translate: (loaded: LoadedScreen, rows: Row[]) => Promise<void>,
  loaded: LoadedScreen | undefined,
  recordId: string,
  tenantId: number,
): Promise<RecordView> {
  const empty: RecordView = { fields: [], subTables: [] };
  if (!loaded) return empty;
  const [row] = await snapshotRows(db, loaded, [recordId]);
  if (!row) return empty;
  if (row.tenant_id !== undefined && tenantId && Number(row.tenant_id) !== tenantId) return empty;
  const fields: RecordView['fields'] = [];
  for (const f of loaded.screen.fields) {
    if (f.showForm === false || f.widget === 'hidden') continue;
    const raw = row[toColumn(f.name)];
    let value = raw === null || raw === undefined ? '' : String(raw);
    if (value && f.dictCode) {
      const parts = value.split(',');
      const texts = await dicts.translate(f.dictCode, parts).catch(() => new Map<string, string>());
      value = parts.map((v) => texts.get(v) ?? v).join(',');
    }
    fields.push({ title: f.title, value });
  }
  const subTables: RecordSubTable[] = [];
  for (const { loaded: sub } of loaded.subs ?? []) {
    // schema-owned tables carry tenant_id (tenant-scope.ts): only the instance's tenant's rows
    const scope = sub.screen.tableSource !== 'migration' ? [sql`tenant_id = ${tenantId}`] : [];
    const rows = await loadSubRows(db, sub, recordId, scope);
    await translate(sub, rows);
    subTables.push({ id: sub.screen.id, title: sub.screen.title, screen: sub.screen, rows });
  }
  return { fields, subTables };
}
