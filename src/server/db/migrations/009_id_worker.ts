import { sql, type Kysely } from 'kysely';

/**
 * The sequence every server start draws its record-id worker number from (db/ids.ts), so
 * several server processes on one database never mint the same id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence if not exists sys_id_worker_seq`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop sequence if exists sys_id_worker_seq`.execute(db);
}
