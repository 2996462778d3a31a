import { sql, type Kysely } from 'kysely';

const audit = `create_by varchar(50), create_time timestamp(0), update_by varchar(50), update_time timestamp(0)`;

/**
 * System-administration tables (api-contract §3.3, §5.2, §5.6, spec 2.6 / 7.1):
 * data rules per menu, department roles and permissions, organisation units (OS) with their
 * users and permissions, categories and positions; sys_user gains the current OS code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table sys_permission_data_rule (
      id varchar(36) primary key, permission_id varchar(36) not null, rule_name varchar(50),
      rule_column varchar(50), rule_conditions varchar(50), rule_value varchar(300),
      status varchar(3) default '1', ${audit})`,
    `create index idx_spdr_perm on sys_permission_data_rule(permission_id)`,
    `create table sys_depart_role (
      id varchar(36) primary key, depart_id varchar(36) not null, role_name varchar(200),
      role_code varchar(100) not null, description varchar(255), ${audit})`,
    `create unique index uniq_sdr_depart_code on sys_depart_role(depart_id, role_code)`,
    `create table sys_depart_role_user (id varchar(36) primary key, user_id varchar(36) not null, drole_id varchar(36) not null)`,
    `create index idx_sdru_user on sys_depart_role_user(user_id)`,
    `create index idx_sdru_role on sys_depart_role_user(drole_id)`,
    `create table sys_depart_role_permission (
      id varchar(36) primary key, depart_id varchar(36), role_id varchar(36) not null, permission_id varchar(36) not null,
      data_rule_ids varchar(1000), operate_date timestamp(0), operate_ip varchar(100))`,
    `create index idx_sdrp_role on sys_depart_role_permission(role_id)`,
    `create table sys_depart_permission (
      id varchar(36) primary key, depart_id varchar(36) not null, permission_id varchar(36) not null, data_rule_ids varchar(1000))`,
    `create index idx_sdp_depart on sys_depart_permission(depart_id)`,
    `create table sys_os (
      id varchar(36) primary key, parent_id varchar(36), os_name varchar(100) not null, os_code varchar(64) not null unique,
      os_order int default 0, description varchar(500), status varchar(1) default '1', del_flag varchar(1) default '0', ${audit})`,
    `create table sys_user_os (id varchar(36) primary key, user_id varchar(36) not null, os_id varchar(36) not null)`,
    `create index idx_suo_user on sys_user_os(user_id)`,
    `create table sys_os_permission (
      id varchar(36) primary key, os_id varchar(36) not null, permission_id varchar(36) not null, data_rule_ids varchar(1000))`,
    `create index idx_sop_os on sys_os_permission(os_id)`,
    `alter table sys_user add column os_code varchar(64)`,
    `create table sys_category (
      id varchar(36) primary key, pid varchar(36) not null default '0', name varchar(100) not null,
      code varchar(100) not null, has_child varchar(3) default '0', sys_org_code varchar(64), ${audit})`,
    `create unique index idx_sc_code on sys_category(code)`,
    `create index idx_sc_pid on sys_category(pid)`,
    `create table sys_position (
      id varchar(36) primary key, code varchar(100) not null, name varchar(100) not null, post_rank varchar(2),
      company_id varchar(255), sys_org_code varchar(64), ${audit})`,
    `create unique index uniq_sp_code on sys_position(code)`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
