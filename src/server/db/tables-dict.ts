import type { Generated, Selectable } from 'kysely';
import type { Audit } from './tables.js';

/** Kysely table types of dictionaries, categories and the area tree (migrations 001, 002). */

export interface SysCategoryTable extends Audit {
  id: string;
  pid: Generated<string>;
  name: string;
  code: string;
  has_child: Generated<string | null>;
  sys_org_code: string | null;
}
/** A selected row of SysCategoryTable. */
export type SysCategory = Selectable<SysCategoryTable>;

declare module './tables.js' {
  interface Database {
    sys_dict: Audit & {
      id: string;
      dict_name: string | null;
      dict_code: string;
      description: string | null;
      del_flag: Generated<number | null>;
      type: Generated<number | null>;
    };
    sys_dict_item: Audit & {
      id: string;
      dict_id: string;
      item_text: string | null;
      item_value: string | null;
      description: string | null;
      sort_order: Generated<number | null>;
      status: Generated<number | null>;
    };
    sys_area: { id: string; text: string; pid: string };
    sys_category: SysCategoryTable;
  }
}
