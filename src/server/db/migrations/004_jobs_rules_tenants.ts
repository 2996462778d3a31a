import { sql, type Kysely } from 'kysely';

const audit = `create_by varchar(50), create_time timestamp(0), update_by varchar(50), update_time timestamp(0)`;

/**
 * System tables (api-contract §5.6, JeecgBoot column names): scheduled
 * jobs, check rules, fill rules and their sequences, data sources, gateway routes, tenants and
 * the small key/value settings store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // status 0 running, -1 stopped (dict quartz_status); job_class_name is the Quartz job key
    `create table sys_quartz_job (id varchar(36) primary key, job_class_name varchar(255) not null,
      cron_expression varchar(255) not null, parameter varchar(255), description varchar(255),
      status int not null default -1, del_flag int not null default 0, ${audit})`,
    `create unique index uk_sqj_class on sys_quartz_job(job_class_name)`,
    `create table sys_check_rule (id varchar(36) primary key, rule_name varchar(100), rule_code varchar(100) not null,
      rule_json text, rule_description varchar(200), ${audit})`,
    `create unique index uk_scr_code on sys_check_rule(rule_code)`,
    `create table sys_fill_rule (id varchar(36) primary key, rule_name varchar(100), rule_code varchar(100) not null,
      rule_class varchar(100), rule_params text, ${audit})`,
    `create unique index uk_sfr_code on sys_fill_rule(rule_code)`,
    // one counter per rule and period (e.g. '202611' or '20261122'): incremented by a single upsert
    `create table sys_fill_rule_seq (rule_code varchar(100) not null, period varchar(20) not null,
      seq int not null, primary key (rule_code, period))`,
    `create table sys_data_source (id varchar(36) primary key, code varchar(100) not null, name varchar(100),
      remark varchar(200), db_type varchar(10), db_driver varchar(100), db_url varchar(500), db_name varchar(100),
      db_username varchar(100), db_password varchar(500), sys_org_code varchar(64), ${audit})`,
    `create unique index uk_sds_code on sys_data_source(code)`,
    `create table sys_gateway_route (id varchar(36) primary key, router_id varchar(50), name varchar(100),
      uri varchar(200), predicates text, filters text, retryable int default 0, strip_prefix int default 0,
      persistable int default 0, show_api int default 0, status int default 1, del_flag int default 0,
      sys_org_code varchar(64), ${audit})`,
    // id: integer chosen by the admin (api-contract §1.8); status 1 normal, 0 frozen (dict tenant_status)
    `create table sys_tenant (id int primary key, name varchar(100) not null, begin_date timestamp(0),
      end_date timestamp(0), status int not null default 1, ${audit})`,
    `create table sys_setting (key varchar(64) primary key, value text, update_by varchar(50), update_time timestamp(0))`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
