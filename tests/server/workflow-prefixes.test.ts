import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { expenseProcess } from './workflow-fixtures.js';

let server: StartedServer;
type Client = ReturnType<typeof client>;
const users: Record<string, Client> = {};
const base = '/online/cgform/api';

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  for (const u of ['admin', 'oa_demo', 'yanglei', 'lina', 'wangfang', 'zhangwei']) users[u] = client(server, await login(server, u));
});
afterAll(async () => {
  await server?.close();
});

const todo = async (u: string, recordId: string) =>
  ((await users[u].get('/workflow/task/todo', { pageNo: 1, pageSize: 50 })).body.result.records as any[]).filter(
    (t) => t.recordId === recordId,
  );

/** Who holds an open task of the record: `user:node` sorted. */
async function holders(recordId: string): Promise<string[]> {
  const out: string[] = [];
  for (const u of ['yanglei', 'lina', 'wangfang', 'zhangwei']) for (const t of await todo(u, recordId)) out.push(`${u}:${t.taskName}`);
  return out.sort();
}
async function approve(u: string, recordId: string) {
  const [t] = await todo(u, recordId);
  expect(t, `${u}'s task`).toBeTruthy();
  if (!t.claimed) expect((await users[u].post('/workflow/task/claim', { taskId: t.id })).body.success).toBe(true);
  const res = await users[u].post('/workflow/task/approve', { taskId: t.id, comment: '同意' });
  expect(res.body, res.body.message).toMatchObject({ success: true });
}

// The extension attributes (assignee, the counter-sign's collection and element variable,
// candidateGroups) are read under each prefix, at the start and in every continued step.
describe.each(['camunda', 'activiti'] as const)('报销审批 with the %s prefix', (prefix) => {
  it(`deploys and runs to 已通过: 部门审批, the counter-sign of two, the path above 5000 to the general manager (${prefix})`, async () => {
    const key = `oa_expense_${prefix}`;
    const admin = users.admin;
    // one model per screen: release the screen from the previous prefix's model
    await server.ctx.db.updateTable('wf_model').set({ form_screen: null }).where('form_screen', '=', 'oa_expense').execute();
    const add = await admin.post('/workflow/model/add', {
      modelKey: key,
      name: '报销审批',
      formScreen: 'oa_expense',
      prefix,
      xml: expenseProcess(key, prefix),
    });
    expect(add.body.success, add.body.message).toBe(true);
    expect(add.body.result.prefix).toBe(prefix);
    expect((await admin.post('/workflow/model/deploy', { id: add.body.result.id })).body).toMatchObject({ success: true, result: 1 });

    const created = await users.oa_demo.post(`${base}/form/oa_expense`, {
      title: `${prefix} 设备采购`,
      payee_bank: 'ICBC',
      payee_account: '6222020200112233445',
      invoice_count: 1,
      oa_expense_line: [{ expense_date: '2026-03-02', expense_type: '1', description: '设备', amount: 8000 }],
    });
    expect(created.body.success, created.body.message).toBe(true);
    const id = created.body.result as string;
    expect((await users.oa_demo.post(`${base}/action/oa_expense/submit`, { id })).body.success).toBe(true);

    expect(await holders(id)).toEqual(['yanglei:部门审批']);
    await approve('yanglei', id);
    expect(await holders(id)).toEqual(['lina:财务会签', 'wangfang:财务会签']);
    await approve('lina', id);
    expect(await holders(id)).toEqual(['wangfang:财务会签']);
    await approve('wangfang', id);
    expect(await holders(id)).toEqual(['zhangwei:总经理审批']);
    await approve('zhangwei', id);
    expect(await holders(id)).toEqual([]);

    const row = (await admin.get(`${base}/form/oa_expense/${id}`)).body.result;
    expect(row.approval_status).toBe('2');
    const mine = (await users.oa_demo.get('/workflow/instance/mine')).body.result.records.find((r: any) => r.recordId === id);
    expect(mine).toMatchObject({ status: 'approved', status_dictText: '已通过' });
  });
});
