import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Kysely table types of the system tables (columns as in migrations/): `XxxTable` is the table
 * (a column with a database default is `Generated`, optional on insert; epoch-millisecond bigint
 * columns are written as numbers and may read back as text, `ColumnType`), `Xxx` its selected row.
 */
interface Audit {
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

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

export interface Database {
  sys_install: { key: string; value: string };
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
  sys_permission: SysPermissionTable;
  sys_role_permission: {
    id: string;
    role_id: string;
    permission_id: string;
    data_rule_ids: string | null;
    operate_date: string | null;
    operate_ip: string | null;
  };
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
  sys_user_token: { id: string; user_id: string; username: string; ip: string | null; create_time: string; last_active: string };
  sys_area: { id: string; text: string; pid: string };
  sys_permission_data_rule: SysPermissionDataRuleTable;
  sys_depart_role: SysDepartRoleTable;
  sys_depart_role_user: { id: string; user_id: string; drole_id: string };
  sys_depart_role_permission: SysDepartRolePermissionTable;
  sys_depart_permission: { id: string; depart_id: string; permission_id: string; data_rule_ids: string | null };
  sys_os: SysOsTable;
  sys_user_os: { id: string; user_id: string; os_id: string };
  sys_os_permission: { id: string; os_id: string; permission_id: string; data_rule_ids: string | null };
  sys_category: SysCategoryTable;
  sys_position: SysPositionTable;
}

/** sys_announcement (migration 003, api-contract §5.6): `titile` is JeecgBoot's spelling. */
export interface SysAnnouncementTable extends Audit {
  id: string;
  titile: string | null;
  msg_content: string | null;
  start_time: string | null;
  end_time: string | null;
  sender: string | null;
  priority: string | null;
  msg_category: Generated<string | null>;
  msg_type: Generated<string | null>;
  send_status: Generated<string | null>;
  send_time: string | null;
  cancel_time: string | null;
  del_flag: Generated<string | null>;
  bus_type: string | null;
  bus_id: string | null;
  open_type: string | null;
  open_page: string | null;
  user_ids: string | null;
  msg_abstract: string | null;
  dt_task_id: string | null;
  tenant_id: Generated<number | null>;
}
/** A selected row of SysAnnouncementTable. */
export type SysAnnouncement = Selectable<SysAnnouncementTable>;

/** sys_announcement_send (migration 003): one row per recipient, read_flag '0' unread / '1' read. */
export interface SysAnnouncementSendTable extends Audit {
  id: string;
  annt_id: string;
  user_id: string;
  read_flag: Generated<string | null>;
  read_time: string | null;
}
/** A selected row of SysAnnouncementSendTable. */
export type SysAnnouncementSend = Selectable<SysAnnouncementSendTable>;

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

/** Tables of migration 003 (merged into Database above). */
export interface Database {
  sys_announcement: SysAnnouncementTable;
  sys_announcement_send: SysAnnouncementSendTable;
  sys_data_log: SysDataLogTable;
}

/* ---- migration 004 (jobs, rules, data sources, gateway routes, tenants, settings) ---- */

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

/** sys_check_rule: rule_json is the JSON array of api-contract §6.5. */
export interface SysCheckRuleTable extends Audit {
  id: string;
  rule_name: string | null;
  rule_code: string;
  rule_json: string | null;
  rule_description: string | null;
}
/** A selected row of SysCheckRuleTable. */
export type SysCheckRule = Selectable<SysCheckRuleTable>;

/** sys_fill_rule: rule_params is a JSON object string (prefix, dateFormat, …). */
export interface SysFillRuleTable extends Audit {
  id: string;
  rule_name: string | null;
  rule_code: string;
  rule_class: string | null;
  rule_params: string | null;
}
/** A selected row of SysFillRuleTable. */
export type SysFillRule = Selectable<SysFillRuleTable>;

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

/** Tables of migration 004 (merged into Database above). */
export interface Database {
  sys_quartz_job: SysQuartzJobTable;
  sys_check_rule: SysCheckRuleTable;
  sys_fill_rule: SysFillRuleTable;
  sys_fill_rule_seq: { rule_code: string; tenant_id: Generated<number>; period: string; seq: number };
  sys_data_source: SysDataSourceTable;
  sys_gateway_route: SysGatewayRouteTable;
  sys_tenant: SysTenantTable;
  sys_setting: { key: string; value: string | null; update_by: string | null; update_time: string | null };
  /** migration 015: the uploader of each stored file */
  sys_file_owner: { path: string; user_id: string; create_time: string };
  /** migration 016: wrong passwords per (account, client IP); lock_until epoch ms */
  sys_login_failure: { username: string; ip: string; fail_count: number; lock_until: number | null };
}

/* ---- migration 005 (further sign-in paths); times in epoch ms ---- */

export interface SysSmsCodeTable {
  id: string;
  mobile: string;
  /** '0' login, '1' register, '2' forgotten password (api-contract §2.1) */
  sms_mode: string;
  code_hash: string;
  ip: string | null;
  attempts: Generated<number>;
  used: Generated<number>;
  created_at: ColumnType<number | string, number, number | string>;
  expire_at: ColumnType<number | string, number, number | string>;
}
/** A selected row of SysSmsCodeTable. */
export type SysSmsCode = Selectable<SysSmsCodeTable>;

export interface SysThirdAccountTable extends Audit {
  id: string;
  sys_user_id: string | null;
  avatar: string | null;
  status: Generated<number | null>;
  del_flag: Generated<number | null>;
  realname: string | null;
  third_user_uuid: string;
  third_user_id: string | null;
  third_type: string;
  tenant_id: Generated<number | null>;
}
/** A selected row of SysThirdAccountTable. */
export type SysThirdAccount = Selectable<SysThirdAccountTable>;

/** Tables of migration 005 (merged into Database above). */
export interface Database {
  /** migration 015: login captchas (epoch ms) */
  sys_captcha: { check_key: string; code: string; expire_at: ColumnType<number, number, number> };
  sys_rate_limit: { rate_key: string; hits: number; reset_at: ColumnType<number, number, number> };
  sys_sms_code: SysSmsCodeTable;
  sys_third_account: SysThirdAccountTable;
  sys_oauth2_flow: {
    state: string;
    source: string;
    nonce: string;
    code_verifier: string;
    redirect: string | null;
    expire_at: ColumnType<number | string, number, number | string>;
  };
  sys_login_ticket: { id: string; user_id: string; third_type: string; expire_at: number | string };
  /** migration 007: CAS service tickets already presented (hash), single use */
  sys_cas_ticket: { id: string; used_at: number | string };
}

/* ---- migration 002 (system administration) ---- */

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

/* ---- migration 006 (online reports) ---- */

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

/** Tables of migration 006 (merged into Database above). */
export interface Database {
  onl_cgreport_head: OnlCgreportHeadTable;
  onl_cgreport_item: OnlCgreportItemTable;
  onl_cgreport_param: OnlCgreportParamTable;
}

export interface OnlCgformHead extends Audit {
  id: string;
  table_name: string;
  table_type: number;
  table_version: number;
  table_txt: string;
  is_checkbox: string | null;
  is_db_synch: string;
  is_page: string | null;
  is_tree: string | null;
  id_sequence: string | null;
  id_type: string | null;
  query_mode: string | null;
  relation_type: number | null;
  sub_table_str: string | null;
  tab_order_num: number | null;
  tree_parent_id_field: string | null;
  tree_id_field: string | null;
  tree_fieldname: string | null;
  form_category: string | null;
  form_template: string | null;
  theme_template: string | null;
  form_template_mobile: string | null;
  ext_config_json: string | null;
  copy_type: number;
  copy_version: number | null;
  physic_id: string | null;
  scroll: number | null;
  is_des_form: string | null;
  des_form_code: string | null;
}

export interface OnlCgformField extends Audit {
  id: string;
  cgform_head_id: string;
  db_field_name: string;
  db_field_txt: string | null;
  db_field_name_old: string | null;
  db_is_key: number | null;
  db_is_null: number | null;
  db_is_persist: number | null;
  db_type: string;
  db_length: number | null;
  db_point_length: number | null;
  db_default_val: string | null;
  dict_field: string | null;
  dict_table: string | null;
  dict_text: string | null;
  field_show_type: string | null;
  field_href: string | null;
  field_length: number | null;
  field_valid_type: string | null;
  field_must_input: string | null;
  field_extend_json: string | null;
  field_default_value: string | null;
  is_query: number | null;
  is_show_form: number | null;
  is_show_list: number | null;
  is_read_only: number | null;
  query_mode: string | null;
  /** migration 020 */
  query_def_val: string | null;
  /** 查询配置 on ('1') with its widget (schema `queryWidget`), migration 021. */
  query_config_flag: string | null;
  query_show_type: string | null;
  main_table: string | null;
  main_field: string | null;
  order_num: number | null;
  sort_flag: string | null;
  converter: string | null;
  field_config_json: string | null;
}

export interface OnlCgformIndex extends Audit {
  id: string;
  cgform_head_id: string;
  index_name: string | null;
  index_field: string | null;
  index_type: string | null;
  is_db_synch: string | null;
  del_flag: number | null;
}

export interface OnlCgformButton {
  id: string;
  cgform_head_id: string;
  button_code: string | null;
  button_name: string | null;
  button_icon: string | null;
  button_style: string | null;
  opt_type: string | null;
  exp: string | null;
  button_status: string | null;
  opt_position: string | null;
  order_num: number | null;
}

export interface OnlCgformEnhanceJs extends Audit {
  id: string;
  cgform_head_id: string;
  cg_js_type: string;
  cg_js: string | null;
  content: string | null;
}

export interface OnlCgformHeadHistory {
  id: string;
  cgform_head_id: string;
  table_version: number;
  schema_json: string;
  create_by: string | null;
  create_time: string | null;
}

/** Tables of migration 009 (merged into Database above). */
export interface Database {
  onl_cgform_head: OnlCgformHead;
  onl_cgform_field: OnlCgformField;
  onl_cgform_index: OnlCgformIndex;
  onl_cgform_button: OnlCgformButton;
  onl_cgform_enhance_js: OnlCgformEnhanceJs;
  onl_cgform_head_history: OnlCgformHeadHistory;
}
