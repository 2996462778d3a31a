import { sql, type Kysely } from 'kysely';

/**
 * Online reports as screens (ours, beside JeecgBoot's columns): `perms` may list several menu
 * urls (comma-joined; a popup report is readable by the users of every screen whose field picks
 * from it), and `dashboard` holds a report screen's KPI cards and charts (JSON, see
 * schemas/meta/report.schema.json).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table onl_cgreport_head alter column perms type varchar(2000)`).execute(db);
  await sql.raw(`alter table onl_cgreport_head add column dashboard text`).execute(db);
}
