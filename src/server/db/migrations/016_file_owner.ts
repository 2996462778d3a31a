import { sql, type Kysely } from 'kysely';

/**
 * Who uploaded each stored file (`sys_file_owner`): the uploader may read a file before any record
 * references it (the form's preview right after an upload, an import's bad-rows workbook).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create table if not exists sys_file_owner (path varchar(500) primary key, user_id varchar(32) not null, create_time varchar(19) not null)`,
    )
    .execute(db);
}
