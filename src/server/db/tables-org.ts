import type { Generated, Selectable } from 'kysely';
import type { Audit } from './tables.js';

/** Kysely table types of the organisation: departments, users, roles, organisation units, positions, tenants (migrations 001, 002, 004). */

export interface SysDepartTable extends Audit {
  id: string;
  parent_id: string | null;
  depart_name: string;
  depart_name_en: string | null;
  depart_name_abbr: string | null;
  depart_order: Generated<number | null>;
  description: string | null;
  org_category: Generated<string | null>;
  org_type: string | null;
  org_code: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: Generated<string | null>;
  del_flag: Generated<string | null>;
  tenant_id: Generated<number | null>;
}
/** A selected row of SysDepartTable. */
export type SysDepart = Selectable<SysDepartTable>;

export interface SysUserTable extends Audit {
  id: string;
  username: string;
  realname: string | null;
  password: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  telephone: string | null;
  org_code: string | null;
  status: Generated<number | null>;
  del_flag: Generated<number | null>;
  work_no: string | null;
  post: string | null;
  user_identity: Generated<number | null>;
  depart_ids: string | null;
  rel_tenant_ids: string | null;
  client_id: string | null;
  /** Current organisation unit (migration 002). */
  os_code: string | null;
  login_fail_count: Generated<number>;
  lock_until: string | null;
}
/** A selected row of SysUserTable. */
export type SysUser = Selectable<SysUserTable>;

export interface SysOsTable extends Audit {
  id: string;
  parent_id: string | null;
  os_name: string;
  os_code: string;
  os_order: Generated<number | null>;
  description: string | null;
  status: Generated<string | null>;
  del_flag: Generated<string | null>;
}
/** A selected row of SysOsTable. */
export type SysOs = Selectable<SysOsTable>;

export interface SysPositionTable extends Audit {
  id: string;
  code: string;
  name: string;
  post_rank: string | null;
  company_id: string | null;
  sys_org_code: string | null;
}
/** A selected row of SysPositionTable. */
export type SysPosition = Selectable<SysPositionTable>;

/** sys_tenant: integer id chosen by the admin; status 1 normal, 0 frozen. */
export interface SysTenantTable extends Audit {
  id: number;
  name: string;
  begin_date: string | null;
  end_date: string | null;
  status: Generated<number>;
}
/** A selected row of SysTenantTable. */
export type SysTenant = Selectable<SysTenantTable>;

declare module './tables.js' {
  interface Database {
    sys_depart: SysDepartTable;
    sys_user: SysUserTable;
    sys_user_depart: { id: string; user_id: string; dep_id: string };
    sys_role: Audit & {
      id: string;
      role_name: string | null;
      role_code: string;
      description: string | null;
      tenant_id: Generated<number | null>;
    };
    sys_user_role: { id: string; user_id: string; role_id: string };
    sys_os: SysOsTable;
    sys_user_os: { id: string; user_id: string; os_id: string };
    sys_position: SysPositionTable;
    sys_tenant: SysTenantTable;
  }
}
