import { sql, type Kysely } from 'kysely';

/**
 * Wrong passwords counted per (account, client IP) (`sys_login_failure`): a stranger's guesses lock
 * the account for the stranger's address, not for its owner elsewhere. Unknown account names are
 * counted the same way, so the lock answer tells nothing about whether an account exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create table if not exists sys_login_failure (username varchar(100) not null, ip varchar(64) not null, fail_count int not null default 0, lock_until bigint, primary key (username, ip))`,
    )
    .execute(db);
}
