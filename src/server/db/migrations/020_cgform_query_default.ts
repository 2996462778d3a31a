import { sql, type Kysely } from 'kysely';

/**
 * JeecgBoot's onl_cgform_field.query_def_val (a field's query default, schema `queryDefault`),
 * which migration 013 did not create. Numbered 020: 019 is taken by another branch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table onl_cgform_field add column if not exists query_def_val varchar(200)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table onl_cgform_field drop column if exists query_def_val`.execute(db);
}
