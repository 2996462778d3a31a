import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { inTransaction } from '../../src/server/db/transaction.js';

// Lists translate table dictionaries on screen tables (银行账户's 关联项目 → pm_project) from a
// cache on the embedded database; every write to the table drops it, wherever it comes from.
let server: StartedServer;
let admin: ReturnType<typeof client>;
let projectId: string;
const list = '/online/cgform/api/getData/fin_bank_account?pageNo=1&pageSize=100&column=createTime&order=desc';

async function projectText(): Promise<string | undefined> {
  const res = await admin.get(list);
  expect(res.body.success).toBe(true);
  const row = (res.body.result.records as Record<string, unknown>[]).find((r) => r.project_id === projectId);
  expect(row).toBeTruthy();
  return row?.project_id_dictText as string | undefined;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
  projectId = '990000000000000001';
  await server.ctx.db
    .insertInto('pm_project' as never)
    .values({ id: projectId, project_code: 'XM-CACHE-1', project_name: '缓存项目甲', tenant_id: 0 } as never)
    .execute();
  const account = await server.ctx.db
    .selectFrom('fin_bank_account' as never)
    .select('id' as never)
    .executeTakeFirstOrThrow();
  await server.ctx.db
    .updateTable('fin_bank_account' as never)
    .set({ project_id: projectId } as never)
    .where('id' as never, '=', (account as { id: string }).id as never)
    .execute();
});
afterAll(async () => {
  await server?.close();
});

describe('table dictionary texts of list pages', () => {
  it('are read once, then served from memory (on PostgreSQL, where other processes write, read every time)', async () => {
    expect(await projectText()).toBe('缓存项目甲');
    // a write the app never sees (another tool or, on PostgreSQL, another process): the embedded
    // database's cached text stays; on PostgreSQL nothing is cached, so the new text shows
    await sql`update pm_project set project_name = ${'旁路改名'} where id = ${projectId}`.execute(server.database.db);
    expect(await projectText()).toBe(process.env.DATABASE_URL ? '旁路改名' : '缓存项目甲');
  });

  it('follow every write to the table made through the app (query builder and raw SQL, in a transaction too)', async () => {
    await server.ctx.db
      .updateTable('pm_project' as never)
      .set({ project_name: '缓存项目乙' } as never)
      .where('id' as never, '=', projectId as never)
      .execute();
    expect(await projectText()).toBe('缓存项目乙');
    await sql`update pm_project set project_name = ${'缓存项目丙'} where id = ${projectId}`.execute(server.ctx.db);
    expect(await projectText()).toBe('缓存项目丙');
    await inTransaction(server.ctx.db, async (trx) => {
      await trx
        .updateTable('pm_project' as never)
        .set({ project_name: '缓存项目丁' } as never)
        .where('id' as never, '=', projectId as never)
        .execute();
    });
    expect(await projectText()).toBe('缓存项目丁');
    await server.ctx.db
      .deleteFrom('pm_project' as never)
      .where('id' as never, '=', projectId as never)
      .execute();
    // no such project any more: the value itself is shown
    expect(await projectText()).toBe(projectId);
  });
});
