import { sql, type Kysely } from 'kysely';

const audit = `create_by varchar(50), create_time timestamp(0), update_by varchar(50), update_time timestamp(0)`;

/** System tables of spec 3 / api-contract §5: users, departments, roles, menus, dictionaries, logs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table sys_install (key varchar(64) primary key, value text not null)`,
    `create table sys_depart (
      id varchar(36) primary key, parent_id varchar(36), depart_name varchar(100) not null,
      depart_name_en varchar(500), depart_name_abbr varchar(500), depart_order int default 0,
      description varchar(500), org_category varchar(10) default '2', org_type varchar(10),
      org_code varchar(64) not null unique, mobile varchar(32), fax varchar(32), address varchar(100),
      memo varchar(500), status varchar(1) default '1', del_flag varchar(1) default '0', tenant_id int default 0, ${audit})`,
    `create table sys_user (
      id varchar(36) primary key, username varchar(100) not null unique, realname varchar(100),
      password varchar(255) not null, avatar varchar(255), birthday date, sex int, email varchar(45),
      phone varchar(45), telephone varchar(45), org_code varchar(64), status int default 1,
      del_flag int default 0, work_no varchar(100), post varchar(100), user_identity int default 1,
      depart_ids varchar(1000), rel_tenant_ids varchar(100), client_id varchar(64),
      login_fail_count int not null default 0, lock_until timestamp(0), ${audit})`,
    `create table sys_user_depart (id varchar(36) primary key, user_id varchar(36) not null, dep_id varchar(36) not null)`,
    `create index idx_sud_user on sys_user_depart(user_id)`,
    `create table sys_role (id varchar(36) primary key, role_name varchar(200), role_code varchar(100) not null unique,
      description varchar(255), tenant_id int default 0, ${audit})`,
    `create table sys_user_role (id varchar(36) primary key, user_id varchar(36) not null, role_id varchar(36) not null)`,
    `create index idx_sur_user on sys_user_role(user_id)`,
    `create table sys_permission (
      id varchar(36) primary key, parent_id varchar(36), name varchar(255), url varchar(255),
      component varchar(255), component_name varchar(255), redirect varchar(255), menu_type int,
      perms varchar(1000), perms_type varchar(10) default '1', sort_no double precision default 0,
      always_show boolean default false, icon varchar(255), is_route boolean default true,
      is_leaf boolean default true, keep_alive boolean default false, hidden boolean default false,
      hide_tab boolean default false, description varchar(255), del_flag int default 0,
      rule_flag int default 0, status varchar(2) default '1', internal_or_external boolean default false, ${audit})`,
    `create table sys_role_permission (id varchar(36) primary key, role_id varchar(36) not null,
      permission_id varchar(36) not null, data_rule_ids varchar(1000), operate_date timestamp(0), operate_ip varchar(100))`,
    `create index idx_srp_role on sys_role_permission(role_id)`,
    `create table sys_dict (id varchar(36) primary key, dict_name varchar(100), dict_code varchar(100) not null unique,
      description varchar(255), del_flag int default 0, type int default 0, ${audit})`,
    `create table sys_dict_item (id varchar(36) primary key, dict_id varchar(36) not null, item_text varchar(100),
      item_value varchar(100), description varchar(255), sort_order int default 0, status int default 1, ${audit})`,
    `create index idx_sdi_dict on sys_dict_item(dict_id)`,
    `create table sys_log (id varchar(36) primary key, log_type int, log_content varchar(1000), operate_type int,
      userid varchar(32), username varchar(100), ip varchar(100), method varchar(500), request_url varchar(255),
      request_param text, request_type varchar(10), cost_time bigint, create_by varchar(32), create_time timestamp(0))`,
    `create index idx_sl_type_time on sys_log(log_type, create_time)`,
    `create table sys_user_token (id varchar(36) primary key, user_id varchar(36) not null, username varchar(100) not null,
      ip varchar(100), create_time timestamp(0) not null, last_active timestamp(0) not null)`,
    `create table sys_area (id varchar(12) primary key, text varchar(64) not null, pid varchar(12) not null)`,
    `create index idx_area_pid on sys_area(pid)`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
