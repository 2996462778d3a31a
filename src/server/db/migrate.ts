import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connection.js';
import * as m001 from './migrations/001_system.js';
import * as m002 from './migrations/002_admin.js';
import * as m003 from './migrations/003_notice_log.js';
import * as m004 from './migrations/004_jobs_rules_tenants.js';
import * as m005 from './migrations/005_login_extras.js';
import * as m006 from './migrations/006_cgreport.js';
import * as m007 from './migrations/007_cas_tickets.js';
import * as m008 from './migrations/008_report_dashboard.js';
import * as m009 from './migrations/009_id_worker.js';
import * as m010 from './migrations/010_workflow.js';
import * as m011 from './migrations/011_job_keys.js';
import * as m012 from './migrations/012_jeecg_menu_compat.js';
import * as m013 from './migrations/013_cgform_designer.js';
import * as m014 from './migrations/014_fill_rule_tenant.js';
import * as m015 from './migrations/015_captcha.js';
import * as m016 from './migrations/016_file_owner.js';
import * as m017 from './migrations/017_login_failure.js';
import * as m018 from './migrations/018_rate_limit.js';
import * as m019 from './migrations/019_cgform_history_unique.js';
import * as m020 from './migrations/020_cgform_query_default.js';
import * as m021 from './migrations/021_cgform_query_widget.js';

/** Versioned migrations, applied in key order at every start (spec-independent schema of sys tables). */
const migrations: Record<string, Migration> = {
  '001_system': m001,
  '002_admin': m002,
  '003_notice_log': m003,
  '004_jobs_rules_tenants': m004,
  '005_login_extras': m005,
  '006_cgreport': m006,
  '007_cas_tickets': m007,
  '008_report_dashboard': m008,
  '009_id_worker': m009,
  '010_workflow': m010,
  '011_job_keys': m011,
  '012_jeecg_menu_compat': m012,
  '013_cgform_designer': m013,
  '014_fill_rule_tenant': m014,
  '015_captcha': m015,
  '016_file_owner': m016,
  '017_login_failure': m017,
  '018_rate_limit': m018,
  '019_cgform_history_unique': m019,
  '020_cgform_query_default': m020,
  '021_cgform_query_widget': m021,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/** The names of the migrations this build knows, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/**
 * The migrations this build knows that the database has not applied (readiness: an older
 * process that started before an upgrade's migrations, or a database restored from an old
 * backup). Reads Kysely's bookkeeping table in the connection's schema; all are pending when
 * it does not exist yet.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`
    .execute(db)
    .then((r) => r.rows)
    .catch(() => [] as { name: string }[]);
  const applied = new Set(rows.map((r) => r.name));
  return MIGRATION_NAMES.filter((n) => !applied.has(n));
}

/** Applies pending migrations; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db): Promise<void> {
  // the bookkeeping tables live in the connection's own schema (several isolated schemas on one
  // PostgreSQL server must not see each other's); migrations added later with a lower number
  // than one already applied still run (allowUnorderedMigrations)
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? 'public';
  const migrator = new Migrator({ db, provider: new StaticProvider(), migrationTableSchema: schema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${(error as Error).message}`);
}
