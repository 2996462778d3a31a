import { sql, type Kysely } from 'kysely';

/**
 * `sys_cas_ticket`: the CAS service tickets this server has presented for validation (only a
 * SHA-256 hash of each), so a ticket is used once even if the CAS server would validate it
 * again; rows older than a day are dropped on the next validation. Times are epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create table sys_cas_ticket (id varchar(64) primary key, used_at bigint not null)`).execute(db);
}
