/** Kysely row types of the system tables (columns as in migrations/001_system.ts). */
interface Audit {
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysDepart extends Audit {
  id: string;
  parent_id: string | null;
  depart_name: string;
  depart_name_en: string | null;
  depart_name_abbr: string | null;
  depart_order: number | null;
  description: string | null;
  org_category: string | null;
  org_type: string | null;
  org_code: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string | null;
  del_flag: string | null;
  tenant_id: number | null;
}

export interface SysUser extends Audit {
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
  status: number | null;
  del_flag: number | null;
  work_no: string | null;
  post: string | null;
  user_identity: number | null;
  depart_ids: string | null;
  rel_tenant_ids: string | null;
  client_id: string | null;
  /** Current organisation unit (migration 002). */
  os_code: string | null;
  login_fail_count: number;
  lock_until: string | null;
}

export interface SysPermission extends Audit {
  id: string;
  parent_id: string | null;
  name: string | null;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number | null;
  perms: string | null;
  perms_type: string | null;
  sort_no: number | null;
  always_show: boolean | null;
  icon: string | null;
  is_route: boolean | null;
  is_leaf: boolean | null;
  keep_alive: boolean | null;
  hidden: boolean | null;
  hide_tab: boolean | null;
  description: string | null;
  del_flag: number | null;
  rule_flag: number | null;
  status: string | null;
  internal_or_external: boolean | null;
}

export interface Database {
  sys_install: { key: string; value: string };
  sys_depart: SysDepart;
  sys_user: SysUser;
  sys_user_depart: { id: string; user_id: string; dep_id: string };
  sys_role: Audit & { id: string; role_name: string | null; role_code: string; description: string | null; tenant_id: number | null };
  sys_user_role: { id: string; user_id: string; role_id: string };
  sys_permission: SysPermission;
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
    del_flag: number | null;
    type: number | null;
  };
  sys_dict_item: Audit & {
    id: string;
    dict_id: string;
    item_text: string | null;
    item_value: string | null;
    description: string | null;
    sort_order: number | null;
    status: number | null;
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
  sys_permission_data_rule: SysPermissionDataRule;
  sys_depart_role: SysDepartRole;
  sys_depart_role_user: { id: string; user_id: string; drole_id: string };
  sys_depart_role_permission: SysDepartRolePermission;
  sys_depart_permission: { id: string; depart_id: string; permission_id: string; data_rule_ids: string | null };
  sys_os: SysOs;
  sys_user_os: { id: string; user_id: string; os_id: string };
  sys_os_permission: { id: string; os_id: string; permission_id: string; data_rule_ids: string | null };
  sys_category: SysCategory;
  sys_position: SysPosition;
}

/** sys_announcement (migration 003, api-contract §5.6): `titile` is JeecgBoot's spelling. */
export interface SysAnnouncement extends Audit {
  id: string;
  titile: string | null;
  msg_content: string | null;
  start_time: string | null;
  end_time: string | null;
  sender: string | null;
  priority: string | null;
  msg_category: string | null;
  msg_type: string | null;
  send_status: string | null;
  send_time: string | null;
  cancel_time: string | null;
  del_flag: string | null;
  bus_type: string | null;
  bus_id: string | null;
  open_type: string | null;
  open_page: string | null;
  user_ids: string | null;
  msg_abstract: string | null;
  dt_task_id: string | null;
  tenant_id: number | null;
}

/** sys_announcement_send (migration 003): one row per recipient, read_flag '0' unread / '1' read. */
export interface SysAnnouncementSend extends Audit {
  id: string;
  annt_id: string;
  user_id: string;
  read_flag: string | null;
  read_time: string | null;
}

/** sys_data_log (migration 003): a JSON snapshot of one version of a business record. */
export interface SysDataLog extends Audit {
  id: string;
  data_table: string;
  data_id: string;
  data_content: string | null;
  data_version: number;
}

/** Tables of migration 003 (merged into Database above). */
export interface Database {
  sys_announcement: SysAnnouncement;
  sys_announcement_send: SysAnnouncementSend;
  sys_data_log: SysDataLog;
}

/* ---- migration 004 (jobs, rules, data sources, gateway routes, tenants, settings; issue 6 items 9–10) ---- */

/** sys_quartz_job: status 0 running, -1 stopped (dict quartz_status). */
export interface SysQuartzJob extends Audit {
  id: string;
  job_class_name: string;
  cron_expression: string;
  parameter: string | null;
  description: string | null;
  status: number;
  del_flag: number;
}

/** sys_check_rule: rule_json is the JSON array of api-contract §6.5. */
export interface SysCheckRule extends Audit {
  id: string;
  rule_name: string | null;
  rule_code: string;
  rule_json: string | null;
  rule_description: string | null;
}

/** sys_fill_rule: rule_params is a JSON object string (prefix, dateFormat, …). */
export interface SysFillRule extends Audit {
  id: string;
  rule_name: string | null;
  rule_code: string;
  rule_class: string | null;
  rule_params: string | null;
}

/** sys_data_source: db_password holds the encrypted value only. */
export interface SysDataSource extends Audit {
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

export interface SysGatewayRoute extends Audit {
  id: string;
  router_id: string | null;
  name: string | null;
  uri: string | null;
  predicates: string | null;
  filters: string | null;
  retryable: number | null;
  strip_prefix: number | null;
  persistable: number | null;
  show_api: number | null;
  status: number | null;
  del_flag: number | null;
  sys_org_code: string | null;
}

/** sys_tenant: integer id chosen by the admin; status 1 normal, 0 frozen. */
export interface SysTenant extends Audit {
  id: number;
  name: string;
  begin_date: string | null;
  end_date: string | null;
  status: number;
}

/** Tables of migration 004 (merged into Database above). */
export interface Database {
  sys_quartz_job: SysQuartzJob;
  sys_check_rule: SysCheckRule;
  sys_fill_rule: SysFillRule;
  sys_fill_rule_seq: { rule_code: string; period: string; seq: number };
  sys_data_source: SysDataSource;
  sys_gateway_route: SysGatewayRoute;
  sys_tenant: SysTenant;
  sys_setting: { key: string; value: string | null; update_by: string | null; update_time: string | null };
}

/* ---- migration 005 (further sign-in paths, issue 7); times in epoch ms ---- */

export interface SysSmsCode {
  id: string;
  mobile: string;
  /** '0' login, '1' register, '2' forgotten password (api-contract §2.1) */
  sms_mode: string;
  code_hash: string;
  ip: string | null;
  attempts: number;
  used: number;
  created_at: number | string;
  expire_at: number | string;
}

export interface SysThirdAccount extends Audit {
  id: string;
  sys_user_id: string | null;
  avatar: string | null;
  status: number | null;
  del_flag: number | null;
  realname: string | null;
  third_user_uuid: string;
  third_user_id: string | null;
  third_type: string;
  tenant_id: number | null;
}

/** Tables of migration 005 (merged into Database above). */
export interface Database {
  sys_sms_code: SysSmsCode;
  sys_third_account: SysThirdAccount;
  sys_oauth2_flow: {
    state: string;
    source: string;
    nonce: string;
    code_verifier: string;
    redirect: string | null;
    expire_at: number | string;
  };
  sys_login_ticket: { id: string; user_id: string; third_type: string; expire_at: number | string };
  /** migration 007: CAS service tickets already presented (hash), single use */
  sys_cas_ticket: { id: string; used_at: number | string };
}

/* ---- migration 002 (system administration, issue 6) ---- */

export interface SysPermissionDataRule extends Audit {
  id: string;
  permission_id: string;
  rule_name: string | null;
  rule_column: string | null;
  rule_conditions: string | null;
  rule_value: string | null;
  status: string | null;
}

export interface SysDepartRole extends Audit {
  id: string;
  depart_id: string;
  role_name: string | null;
  role_code: string;
  description: string | null;
}

export interface SysDepartRolePermission {
  id: string;
  depart_id: string | null;
  role_id: string;
  permission_id: string;
  data_rule_ids: string | null;
  operate_date: string | null;
  operate_ip: string | null;
}

export interface SysOs extends Audit {
  id: string;
  parent_id: string | null;
  os_name: string;
  os_code: string;
  os_order: number | null;
  description: string | null;
  status: string | null;
  del_flag: string | null;
}

export interface SysCategory extends Audit {
  id: string;
  pid: string;
  name: string;
  code: string;
  has_child: string | null;
  sys_org_code: string | null;
}

export interface SysPosition extends Audit {
  id: string;
  code: string;
  name: string;
  post_rank: string | null;
  company_id: string | null;
  sys_org_code: string | null;
}

/* ---- migration 006 (online reports, issue 3 item 10) ---- */

export interface OnlCgreportHead extends Audit {
  id: string;
  code: string;
  name: string;
  cgr_sql: string;
  db_source: string | null;
  return_val_field: string | null;
  return_txt_field: string | null;
  return_type: string | null;
  content: string | null;
  /** menu url a reader must hold; null = any signed-in user */
  perms: string | null;
  source_hash: string | null;
}

export interface OnlCgreportItem extends Audit {
  id: string;
  cgrhead_id: string;
  field_name: string;
  field_txt: string | null;
  field_width: number | null;
  field_type: string | null;
  search_mode: string | null;
  is_order: number | null;
  is_search: number | null;
  dict_code: string | null;
  field_href: string | null;
  is_show: number | null;
  order_num: number | null;
  replace_val: string | null;
  is_total: string | null;
  group_title: string | null;
}

export interface OnlCgreportParam extends Audit {
  id: string;
  cgrhead_id: string;
  param_name: string;
  param_txt: string | null;
  param_value: string | null;
  order_num: number | null;
}

/** Tables of migration 006 (merged into Database above). */
export interface Database {
  onl_cgreport_head: OnlCgreportHead;
  onl_cgreport_item: OnlCgreportItem;
  onl_cgreport_param: OnlCgreportParam;
}
