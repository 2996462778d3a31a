import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs one statement (create or drop a test database) on its own connection to the PostgreSQL
 * server of `DATABASE_URL`, closed afterwards. Throws what the server answers.
 */
export async function adminSql(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** A PostgreSQL database made for one test file (see {@link throwawayDatabase}). */
export interface ThrowawayDatabase {
  name: string;
  /** DATABASE_URL with this database's name */
  url: string;
  /** Drops the database (with force: sessions still open are ended). */
  drop(): Promise<void>;
}

/**
 * Creates an empty database `<prefix>_<8 hex>` on the PostgreSQL server of `DATABASE_URL`, for
 * the server processes one test file starts. Throws when DATABASE_URL is not set.
 */
export async function throwawayDatabase(prefix: string): Promise<ThrowawayDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminSql(`create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), drop: () => adminSql(`drop database if exists ${name} with (force)`) };
}
