import { sql, type Kysely } from 'kysely';

/**
 * A report's `perms` may list several menu urls (comma-joined): a popup report is readable by
 * the users of every screen whose field picks from it, which can be a dozen screens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table onl_cgreport_head alter column perms type varchar(2000)`).execute(db);
}
