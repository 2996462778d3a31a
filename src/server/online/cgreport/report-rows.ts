import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import type { ReportFile } from './report-files.js';

/** Audit columns written on a report's item and parameter rows. */
export interface ReportRowAudit {
  create_by: string;
  create_time: string;
  update_by: string | null;
  update_time: string | null;
}

/**
 * Writes a report's columns (`onl_cgreport_item`) and parameters (`onl_cgreport_param`) under
 * head `headId`, in the given transaction (api-contract §7.1 shapes; order_num is the position).
 * Used by the report-file sync at start and by the report designer's save. Input: the
 * transaction, the head id, the report (columns, params) and the audit columns. Returns nothing.
 */
export async function insertReportRows(
  trx: Db,
  headId: string,
  r: Pick<ReportFile, 'columns' | 'params'>,
  audit: ReportRowAudit,
): Promise<void> {
  if (r.columns.length)
    await trx
      .insertInto('onl_cgreport_item')
      .values(
        r.columns.map((c, i) => ({
          id: newId(),
          cgrhead_id: headId,
          field_name: c.field,
          field_txt: c.title,
          field_width: c.width ?? null,
          field_type: c.type ?? 'String',
          search_mode: c.searchMode ?? 'single',
          is_order: c.sortable ? 1 : 0,
          is_search: c.search ? 1 : 0,
          dict_code: c.dictCode ?? null,
          field_href: c.href ?? null,
          is_show: c.show === false ? 0 : 1,
          order_num: i,
          replace_val: null,
          is_total: c.total ? '1' : '0',
          group_title: null,
          ...audit,
        })),
      )
      .execute();
  if (r.params?.length)
    await trx
      .insertInto('onl_cgreport_param')
      .values(
        r.params.map((p, i) => ({
          id: newId(),
          cgrhead_id: headId,
          param_name: p.name,
          param_txt: p.title,
          param_value: p.default ?? null,
          order_num: i,
          ...audit,
        })),
      )
      .execute();
}
