import { sql, type Kysely } from 'kysely';

/**
 * JeecgBoot's onl_cgform_field.query_config_flag and query_show_type (查询配置: a field's query
 * widget, schema `queryWidget`), which migration 013 did not create.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table onl_cgform_field add column if not exists query_config_flag varchar(3)`.execute(db);
  await sql`alter table onl_cgform_field add column if not exists query_show_type varchar(50)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table onl_cgform_field drop column if exists query_show_type`.execute(db);
  await sql`alter table onl_cgform_field drop column if exists query_config_flag`.execute(db);
}
