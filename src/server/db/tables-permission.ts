import type { Generated, Selectable } from 'kysely';
import type { Audit } from './tables.js';

/** Kysely table types of menus and permissions: the permission tree, data rules, role and department-role grants (migrations 001, 002). */

export interface SysPermissionTable extends Audit {
  id: string;
  parent_id: string | null;
  name: string | null;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number | null;
  perms: string | null;
  perms_type: Generated<string | null>;
  sort_no: Generated<number | null>;
  always_show: Generated<boolean | null>;
  icon: string | null;
  is_route: Generated<boolean | null>;
  is_leaf: Generated<boolean | null>;
  keep_alive: Generated<boolean | null>;
  hidden: Generated<boolean | null>;
  hide_tab: Generated<boolean | null>;
  description: string | null;
  del_flag: Generated<number | null>;
  rule_flag: Generated<number | null>;
  status: Generated<string | null>;
  internal_or_external: Generated<boolean | null>;
}
/** A selected row of SysPermissionTable. */
export type SysPermission = Selectable<SysPermissionTable>;

export interface SysPermissionDataRuleTable extends Audit {
  id: string;
  permission_id: string;
  rule_name: string | null;
  rule_column: string | null;
  rule_conditions: string | null;
  rule_value: string | null;
  status: string | null;
}
/** A selected row of SysPermissionDataRuleTable. */
export type SysPermissionDataRule = Selectable<SysPermissionDataRuleTable>;

export interface SysDepartRoleTable extends Audit {
  id: string;
  depart_id: string;
  role_name: string | null;
  role_code: string;
  description: string | null;
}
/** A selected row of SysDepartRoleTable. */
export type SysDepartRole = Selectable<SysDepartRoleTable>;

export interface SysDepartRolePermissionTable {
  id: string;
  depart_id: string | null;
  role_id: string;
  permission_id: string;
  data_rule_ids: string | null;
  operate_date: string | null;
  operate_ip: string | null;
}
/** A selected row of SysDepartRolePermissionTable. */
export type SysDepartRolePermission = Selectable<SysDepartRolePermissionTable>;

declare module './tables.js' {
  interface Database {
    sys_permission: SysPermissionTable;
    sys_role_permission: {
      id: string;
      role_id: string;
      permission_id: string;
      data_rule_ids: string | null;
      operate_date: string | null;
      operate_ip: string | null;
    };
    sys_permission_data_rule: SysPermissionDataRuleTable;
    sys_depart_role: SysDepartRoleTable;
    sys_depart_role_user: { id: string; user_id: string; drole_id: string };
    sys_depart_role_permission: SysDepartRolePermissionTable;
    sys_depart_permission: { id: string; depart_id: string; permission_id: string; data_rule_ids: string | null };
    sys_os_permission: { id: string; os_id: string; permission_id: string; data_rule_ids: string | null };
  }
}
