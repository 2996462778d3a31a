import { sql, type Kysely } from 'kysely';

const audit = `create_by varchar(50), create_time timestamp(0), update_by varchar(50), update_time timestamp(0)`;

/**
 * Notices and data versions (api-contract §5.6, §9): announcements
 * with JeecgBoot's column names (`titile` sic), their per-user send/read rows, and the data log
 * that keeps each version of an edited business record. sys_log exists since 001; here it
 * only gains a trigram index for the `keyWord` search when pg_trgm is available.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table sys_announcement (
      id varchar(36) primary key, titile varchar(100), msg_content text, start_time timestamp(0), end_time timestamp(0),
      sender varchar(100), priority varchar(10), msg_category varchar(10) default '1', msg_type varchar(10) default 'ALL',
      send_status varchar(10) default '0', send_time timestamp(0), cancel_time timestamp(0), del_flag varchar(1) default '0',
      bus_type varchar(20), bus_id varchar(50), open_type varchar(20), open_page varchar(255), user_ids text,
      msg_abstract text, dt_task_id varchar(100), tenant_id int default 0, ${audit})`,
    `create index idx_sa_status on sys_announcement(send_status, del_flag)`,
    `create table sys_announcement_send (
      id varchar(36) primary key, annt_id varchar(36) not null, user_id varchar(36) not null,
      read_flag varchar(10) default '0', read_time timestamp(0), ${audit})`,
    `create unique index uniq_sas_annt_user on sys_announcement_send(annt_id, user_id)`,
    `create index idx_sas_user on sys_announcement_send(user_id, read_flag)`,
    `create table sys_data_log (
      id varchar(36) primary key, data_table varchar(64) not null, data_id varchar(64) not null,
      data_content text, data_version int not null, ${audit})`,
    `create unique index uniq_sdl_version on sys_data_log(data_table, data_id, data_version)`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
  const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (Number(trgm.rows[0]?.n) > 0)
    await sql.raw(`create index idx_sl_content_trgm on sys_log using gin (log_content gin_trgm_ops)`).execute(db);
}
