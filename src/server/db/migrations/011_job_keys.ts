import { sql, type Kysely } from 'kysely';

/**
 * Several jobs may run one job class (with different parameters: e.g. two log clean-ups with
 * different retention), so the class is no longer a unique key; the job form refuses a second
 * job of one class with the same parameter instead (quartz/job-validation.ts). The scheduler
 * keys jobs by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists uk_sqj_class`.execute(db);
  await sql`create index if not exists idx_sqj_class on sys_quartz_job(job_class_name)`.execute(db);
}
