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
