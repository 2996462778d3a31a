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
}
