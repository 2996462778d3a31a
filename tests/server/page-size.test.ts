import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { loadConfig } from '../../src/server/config.js';
import { client, login, startTestServer } from './harness.js';

// A list page of 1,000 rows. getData serves pages up to 1,000 rows, or up
// to the largest page size the screen's schema offers (pageSizeOptions), never more.
let server: StartedServer;
let admin: ReturnType<typeof client>;
const ROWS = 1600;

beforeAll(async () => {
  const dirs = [...loadConfig({}).schemasDirs, path.join(import.meta.dirname, 'schemas/paging')];
  server = await startTestServer({ schemasDirs: dirs });
  admin = client(server, await login(server, 'admin'));
  for (const table of ['tst_big_page', 'tst_plain_page'])
    await sql`insert into ${sql.table(table)} (id, code, create_time)
      select 'r' || n, 'C-' || lpad(n::text, 5, '0'), timestamp '2026-01-01' + n * interval '1 minute'
      from generate_series(1, ${ROWS}) as n`.execute(server.ctx.db);
});
afterAll(async () => server?.close());

async function page(code: string, pageSize: number, pageNo = 1) {
  const res = await admin.get(`/online/cgform/api/getData/${code}`, { pageNo, pageSize, column: 'code', order: 'asc' });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result as { records: { code: string }[]; total: number; size: number; pages: number };
}

describe('getData page sizes', () => {
  it('serves a page of 1,000 rows on any screen, and no more than 1,000 without pageSizeOptions', async () => {
    const thousand = await page('tst_plain_page', 1000);
    expect(thousand.records).toHaveLength(1000);
    expect(thousand).toMatchObject({ total: ROWS, size: 1000, pages: 2 });
    expect(thousand.records[999].code).toBe('C-01000');
    const second = await page('tst_plain_page', 1000, 2);
    expect(second.records.map((r) => r.code)).toEqual(Array.from({ length: 600 }, (_, i) => `C-${String(1001 + i).padStart(5, '0')}`));
    const capped = await page('tst_plain_page', 5000);
    expect(capped.records).toHaveLength(1000);
    expect(capped.size).toBe(1000);
  });

  it('follows the largest page size the schema offers', async () => {
    expect((await page('tst_big_page', 1000)).records).toHaveLength(1000);
    const big = await page('tst_big_page', 1500);
    expect(big.records).toHaveLength(1500);
    expect(big.records[1499].code).toBe('C-01500');
    const capped = await page('tst_big_page', 5000);
    expect(capped.records).toHaveLength(1500);
    expect(capped.size).toBe(1500);
  });
});
