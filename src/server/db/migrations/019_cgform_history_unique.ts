import { sql, type Kysely } from 'kysely';

/**
 * One history row per (screen, version): two designer saves of the same screen can no longer
 * both keep a version under the same number (online/designer/store.ts locks the head row too).
 * Rows a past race doubled hold the same replaced schema: the later copies are dropped first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from onl_cgform_head_history h using onl_cgform_head_history k
    where k.cgform_head_id = h.cgform_head_id and k.table_version = h.table_version and k.id < h.id`.execute(db);
  await sql`drop index if exists idx_ocghh_head`.execute(db);
  await sql`create unique index if not exists uq_ocghh_head_version on onl_cgform_head_history(cgform_head_id, table_version)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists uq_ocghh_head_version`.execute(db);
  await sql`create index if not exists idx_ocghh_head on onl_cgform_head_history(cgform_head_id, table_version)`.execute(db);
}
