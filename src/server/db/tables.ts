/**
 * Kysely table types (columns as in migrations/): `XxxTable` is the table (a column with a database
 * default is `Generated`, optional on insert; epoch-millisecond bigint columns are written as
 * numbers and may read back as text, `ColumnType`), `Xxx` its selected row. Each `tables-<domain>.ts`
 * declares its tables and merges them into `Database` (`declare module './tables.js'`); the
 * type-only imports below put every domain file in the program wherever `Database` is used.
 */
import type {} from './tables-org.js';
import type {} from './tables-permission.js';
import type {} from './tables-dict.js';
import type {} from './tables-logs.js';
import type {} from './tables-announcement.js';
import type {} from './tables-signin.js';
import type {} from './tables-rules.js';
import type {} from './tables-ops.js';
import type {} from './tables-cgreport.js';
import type {} from './tables-cgform.js';
import type {} from './tables-workflow.js';

/** The audit columns most tables carry. */
export interface Audit {
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

/** All tables; the domain files add theirs. */
export interface Database {
  /** install marker (migration 001) */
  sys_install: { key: string; value: string };
}
