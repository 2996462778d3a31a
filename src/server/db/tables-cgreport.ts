import type { Generated, Selectable } from 'kysely';
import type { Audit } from './tables.js';

/** Kysely table types of the online reports (migrations 006, 008). */

export interface OnlCgreportHeadTable extends Audit {
  id: string;
  code: string;
  name: string;
  cgr_sql: string;
  db_source: string | null;
  return_val_field: string | null;
  return_txt_field: string | null;
  return_type: string | null;
  content: string | null;
  /** menu urls (comma-joined) of which a reader must hold one; null = any signed-in user */
  perms: string | null;
  source_hash: string | null;
  /** KPI cards and charts of a report screen (JSON `{cards, charts}`), null for a plain report */
  dashboard: string | null;
}
/** A selected row of OnlCgreportHeadTable. */
export type OnlCgreportHead = Selectable<OnlCgreportHeadTable>;

export interface OnlCgreportItemTable extends Audit {
  id: string;
  cgrhead_id: string;
  field_name: string;
  field_txt: string | null;
  field_width: number | null;
  field_type: string | null;
  search_mode: string | null;
  is_order: Generated<number | null>;
  is_search: Generated<number | null>;
  dict_code: string | null;
  field_href: string | null;
  is_show: Generated<number | null>;
  order_num: number | null;
  replace_val: string | null;
  is_total: string | null;
  group_title: string | null;
}
/** A selected row of OnlCgreportItemTable. */
export type OnlCgreportItem = Selectable<OnlCgreportItemTable>;

export interface OnlCgreportParamTable extends Audit {
  id: string;
  cgrhead_id: string;
  param_name: string;
  param_txt: string | null;
  param_value: string | null;
  order_num: number | null;
}
/** A selected row of OnlCgreportParamTable. */
export type OnlCgreportParam = Selectable<OnlCgreportParamTable>;

declare module './tables.js' {
  interface Database {
    onl_cgreport_head: OnlCgreportHeadTable;
    onl_cgreport_item: OnlCgreportItemTable;
    onl_cgreport_param: OnlCgreportParamTable;
  }
}
