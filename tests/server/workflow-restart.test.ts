import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type RunningServer } from '../../scripts/bench/server-process.js';
import { throwawayDatabase, type ThrowawayDatabase } from '../cluster/admin-sql.js';
import { expenseProcess } from './workflow-fixtures.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-wf-restart-'));
const PASSWORD = 'Restart-pass-2026';
let server: RunningServer | null = null;
// With DATABASE_URL the server process runs on a throwaway PostgreSQL database of its own,
// else on the embedded database in the data folder.
let db: ThrowawayDatabase | undefined;
beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  db = await throwawayDatabase('obo_wf_restart');
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(s: RunningServer, token: string | null, method: string, url: string, body?: unknown) {
  const res = await fetch(`${s.url}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: any };
}
async function login(s: RunningServer, username: string): Promise<string> {
  const r = await call(s, null, 'POST', '/sys/login', { username, password: PASSWORD });
  if (!r.success) throw new Error(r.message);
  return r.result.token;
}
async function approveAs(s: RunningServer, username: string, recordId: string) {
  const token = await login(s, username);
  const todo = await call(s, token, 'GET', '/workflow/task/todo?pageNo=1&pageSize=50');
  const task = todo.result.records.find((t: any) => t.recordId === recordId);
  expect(task, `${username}'s task`).toBeTruthy();
  const r = await call(s, token, 'POST', '/workflow/task/approve', { taskId: task.id, comment: '同意' });
  expect(r.success, r.message).toBe(true);
}
const start = () =>
  startServerProcess({
    port: 18000 + Math.floor(Math.random() * 900),
    dataDir,
    env: {
      ADMIN_PASSWORD: PASSWORD,
      CAPTCHA: 'off',
      SEED_DEMO: 'off',
      SHUTDOWN_TIMEOUT_MS: '5000',
      ...(db ? { DATABASE_URL: db.url } : {}),
    },
  });

// The real server process on a file-backed embedded database (or on PostgreSQL when DATABASE_URL
// is set), killed in the middle of an approval.
describe('a process instance across a crash of the server', () => {
  it('continues after the server is killed (SIGKILL) and started again on the same data folder or database', async () => {
    server = await start();
    const admin = await login(server, 'admin');
    const model = await call(server, admin, 'POST', '/workflow/model/add', {
      modelKey: 'oa_expense_approval',
      name: '报销审批',
      formScreen: 'oa_expense',
      xml: expenseProcess(),
    });
    expect(model.success, model.message).toBe(true);
    expect((await call(server, admin, 'POST', '/workflow/model/deploy', { id: model.result.id })).success).toBe(true);
    const oa = await login(server, 'oa_demo');
    const add = await call(server, oa, 'POST', '/online/cgform/api/form/oa_expense', {
      title: '重启前提交的报销',
      payee_bank: 'ICBC',
      payee_account: '6222020200112233445',
      invoice_count: 1,
      oa_expense_line: [{ expense_date: '2026-03-02', expense_type: '1', description: '差旅', amount: 1200 }],
    });
    expect(add.success, add.message).toBe(true);
    expect((await call(server, oa, 'POST', '/online/cgform/api/action/oa_expense/submit', { id: add.result })).success).toBe(true);
    await approveAs(server, 'yanglei', add.result);
    await approveAs(server, 'lina', add.result);

    // crash: no shutdown, no chance to save anything more
    const exited = new Promise((r) => server!.child.once('exit', r));
    server.child.kill('SIGKILL');
    await exited;

    server = await start();
    await approveAs(server, 'wangfang', add.result);
    const record = await call(server, await login(server, 'admin'), 'GET', `/online/cgform/api/form/oa_expense/${add.result}`);
    expect(record.result.approval_status).toBe('2');
    if (db) {
      // the instance lives in the throwaway PostgreSQL database
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      const rows = (await c.query('select status from wf_instance where record_id = $1', [add.result]).finally(() => c.end())).rows;
      expect(rows).toEqual([{ status: 'approved' }]);
    }
  }, 300_000);
});
