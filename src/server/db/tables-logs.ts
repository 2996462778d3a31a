import type { Selectable } from 'kysely';
import type { Audit } from './tables.js';

/** Kysely table types of the operation log and the record versions (migrations 001, 003). */

/** sys_data_log (migration 003): a JSON snapshot of one version of a business record. */
export interface SysDataLogTable extends Audit {
  id: string;
  data_table: string;
  data_id: string;
  data_content: string | null;
  data_version: number;
}
/** A selected row of SysDataLogTable. */
export type SysDataLog = Selectable<SysDataLogTable>;

declare module './tables.js' {
  interface Database {
    sys_log: {
      id: string;
      log_type: number | null;
      log_content: string | null;
      operate_type: number | null;
      userid: string | null;
      username: string | null;
      ip: string | null;
      method: string | null;
      request_url: string | null;
      request_param: string | null;
      request_type: string | null;
      cost_time: number | null;
      create_by: string | null;
      create_time: string | null;
    };
    sys_data_log: SysDataLogTable;
  }
}
