import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { throwawayDatabase, type ThrowawayDatabase } from './admin-sql.js';
import { startServerProcess, type RunningServer } from '../../scripts/bench/server-process.js';
import { expenseProcess } from '../server/workflow-fixtures.js';

// A process instance on three API processes sharing one PostgreSQL database: any process
// continues it, and two approvals of one counter-sign sent to two processes at once both count
// (the step locks the instance row, so no process overwrites another's engine state).
const PASSWORD = 'Cluster-wf-2026';
const url = process.env.DATABASE_URL;
let db: ThrowawayDatabase | undefined;
const procs: RunningServer[] = [];
const dataDirs: string[] = [];
let sqlPool: pg.Pool;

function start(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-cluster-wf-'));
  dataDirs.push(dataDir);
  return startServerProcess({
    port: 17000 + Math.floor(Math.random() * 900),
    dataDir,
    env: { DATABASE_URL: db!.url, ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'off', CAPTCHA: 'off', MAX_EVENT_LOOP_DELAY_MS: '0' },
  });
}

beforeAll(async () => {
  if (!url) return;
  db = await throwawayDatabase('obo_cluster_wf');
  sqlPool = new pg.Pool({ connectionString: db.url, max: 2 });
  // A migrates and seeds; B and C start on the ready database
  procs.push(await start());
  procs.push(...(await Promise.all([start(), start()])));
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop()));
  await sqlPool?.end();
  await db?.drop();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

type Json = { success: boolean; message: string; result: any };
/** One call to process `p` (0 = A, 1 = B, 2 = C). */
async function call(p: number, token: string | null, method: string, url: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${procs[p].url}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Json;
}
const tokens = new Map<string, string>();
async function tokenOf(username: string): Promise<string> {
  if (!tokens.has(username)) {
    const r = await call(0, null, 'POST', '/sys/login', { username, password: PASSWORD });
    if (!r.success) throw new Error(`login ${username}: ${r.message}`);
    tokens.set(username, r.result.token);
  }
  return tokens.get(username)!;
}
/** The user's open task of the record, as process `p` lists it. */
async function taskOf(p: number, username: string, recordId: string) {
  const todo = await call(p, await tokenOf(username), 'GET', '/workflow/task/todo?pageNo=1&pageSize=50');
  return (todo.result.records as any[]).find((t) => t.recordId === recordId);
}
async function approveOn(p: number, username: string, taskId: string): Promise<Json> {
  return call(p, await tokenOf(username), 'POST', '/workflow/task/approve', { taskId, comment: '同意' });
}

describe.skipIf(!url)('a process instance on three API processes', () => {
  it('starts on A, is approved on B and C (the two counter-sign approvals at once on B and C both count) and ends 已通过', async () => {
    const admin = await tokenOf('admin');
    const model = await call(0, admin, 'POST', '/workflow/model/add', {
      modelKey: 'oa_expense_approval',
      name: '报销审批',
      formScreen: 'oa_expense',
      xml: expenseProcess(),
    });
    expect(model.success, model.message).toBe(true);
    expect((await call(0, admin, 'POST', '/workflow/model/deploy', { id: model.result.id })).success).toBe(true);

    // A: the applicant submits a claim above 5000 (the general manager's path)
    const oa = await tokenOf('oa_demo');
    const add = await call(0, oa, 'POST', '/online/cgform/api/form/oa_expense', {
      title: '三个进程上的报销',
      payee_bank: 'ICBC',
      payee_account: '6222020200112233445',
      invoice_count: 1,
      oa_expense_line: [{ expense_date: '2026-03-02', expense_type: '1', description: '设备', amount: 8000 }],
    });
    expect(add.success, add.message).toBe(true);
    const id = add.result as string;
    expect((await call(0, oa, 'POST', '/online/cgform/api/action/oa_expense/submit', { id })).success).toBe(true);

    // B: 部门审批
    const dept = await taskOf(1, 'yanglei', id);
    expect(dept?.taskName).toBe('部门审批');
    expect((await approveOn(1, 'yanglei', dept.id)).success).toBe(true);

    // B and C at the same moment: both counter-sign approvals
    const [lina, wang] = await Promise.all([taskOf(2, 'lina', id), taskOf(1, 'wangfang', id)]);
    expect([lina?.taskName, wang?.taskName]).toEqual(['财务会签', '财务会签']);
    const both = await Promise.all([approveOn(1, 'lina', lina.id), approveOn(2, 'wangfang', wang.id)]);
    expect(both.map((r) => r.success)).toEqual([true, true]);
    const sign = await sqlPool.query(
      `select t.status, t.outcome from wf_task t join wf_instance i on i.id = t.instance_id
       where i.record_id = $1 and t.element_id = 'financeSign' order by t.assignee`,
      [id],
    );
    expect(sign.rows).toEqual([
      { status: 'done', outcome: 'approve' },
      { status: 'done', outcome: 'approve' },
    ]);

    // C: the general manager (candidate group) claims and approves; the instance ends
    const gm = await taskOf(2, 'zhangwei', id);
    expect(gm?.taskName, 'the counter-sign completed: both approvals counted').toBe('总经理审批');
    expect((await call(2, await tokenOf('zhangwei'), 'POST', '/workflow/task/claim', { taskId: gm.id })).success).toBe(true);
    expect((await approveOn(2, 'zhangwei', gm.id)).success).toBe(true);

    const record = await call(1, admin, 'GET', `/online/cgform/api/form/oa_expense/${id}`);
    expect(record.result.approval_status).toBe('2');
    const mine = await call(0, oa, 'GET', '/workflow/instance/mine');
    expect((mine.result.records as any[]).find((r) => r.recordId === id)).toMatchObject({ status: 'approved', status_dictText: '已通过' });
    const history = await sqlPool.query(
      `select h.action, h.username from wf_history h join wf_instance i on i.id = h.instance_id where i.record_id = $1 order by h.create_time, h.id`,
      [id],
    );
    expect(history.rows.map((h) => `${h.action}:${h.username}`).sort()).toEqual(
      [
        'start:oa_demo',
        'approve:yanglei',
        'approve:lina',
        'approve:wangfang',
        'claim:zhangwei',
        'approve:zhangwei',
        'complete:zhangwei',
      ].sort(),
    );
  });
});
