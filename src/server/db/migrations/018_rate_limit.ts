import { sql, type Kysely } from 'kysely';

/**
 * Counters of the sign-in rate limits (`sys_rate_limit`, http/db-rate-store.ts) in the database
 * instead of one process's memory, so several API processes on one database count together.
 * `reset_at`: end of the key's current window, epoch ms of the database clock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists sys_rate_limit (
    rate_key varchar(200) primary key,
    hits int not null,
    reset_at bigint not null
  )`.execute(db);
  await sql`create index if not exists idx_sys_rate_limit_reset on sys_rate_limit (reset_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sys_rate_limit`.execute(db);
}
