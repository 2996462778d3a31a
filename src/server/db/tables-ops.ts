import type { Generated, Selectable } from 'kysely';
import type { Audit } from './tables.js';

/** Kysely table types of scheduled jobs, data sources, gateway routes, settings and file owners (migrations 004, 016). */

/** sys_quartz_job: status 0 running, -1 stopped (dict quartz_status). */
export interface SysQuartzJobTable extends Audit {
  id: string;
  job_class_name: string;
  cron_expression: string;
  parameter: string | null;
  description: string | null;
  status: Generated<number>;
  del_flag: Generated<number>;
}
/** A selected row of SysQuartzJobTable. */
export type SysQuartzJob = Selectable<SysQuartzJobTable>;

/** sys_data_source: db_password holds the encrypted value only. */
export interface SysDataSourceTable extends Audit {
  id: string;
  code: string;
  name: string | null;
  remark: string | null;
  db_type: string | null;
  db_driver: string | null;
  db_url: string | null;
  db_name: string | null;
  db_username: string | null;
  db_password: string | null;
  sys_org_code: string | null;
}
/** A selected row of SysDataSourceTable. */
export type SysDataSource = Selectable<SysDataSourceTable>;

export interface SysGatewayRouteTable extends Audit {
  id: string;
  router_id: string | null;
  name: string | null;
  uri: string | null;
  predicates: string | null;
  filters: string | null;
  retryable: Generated<number | null>;
  strip_prefix: Generated<number | null>;
  persistable: Generated<number | null>;
  show_api: Generated<number | null>;
  status: Generated<number | null>;
  del_flag: Generated<number | null>;
  sys_org_code: string | null;
}
/** A selected row of SysGatewayRouteTable. */
export type SysGatewayRoute = Selectable<SysGatewayRouteTable>;

declare module './tables.js' {
  interface Database {
    sys_quartz_job: SysQuartzJobTable;
    sys_data_source: SysDataSourceTable;
    sys_gateway_route: SysGatewayRouteTable;
    sys_setting: { key: string; value: string | null; update_by: string | null; update_time: string | null };
    /** migration 015: the uploader of each stored file */
    sys_file_owner: { path: string; user_id: string; create_time: string };
  }
}
