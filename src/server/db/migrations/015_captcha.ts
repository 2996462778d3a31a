import { sql, type Kysely } from 'kysely';

/**
 * Login captchas in the database instead of one process's memory, so a captcha shown by one
 * API process is checked by any other (modules/login/captcha.ts). Times in epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists sys_captcha (
    check_key varchar(64) primary key,
    code varchar(8) not null,
    expire_at bigint not null
  )`.execute(db);
  await sql`create index if not exists idx_sys_captcha_expire on sys_captcha (expire_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sys_captcha`.execute(db);
}
