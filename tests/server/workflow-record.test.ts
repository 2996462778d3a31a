import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { WF_MENU } from '../../src/server/modules/workflow/menus.js';
import { client, login, startTestServer } from './harness.js';
import { createUser, USER_PASSWORD } from './sys-admin-helpers.js';
import { grantRole } from './ops-helpers.js';
import { expenseProcess } from './workflow-fixtures.js';
import { syncMenus } from '../../src/server/seed/menus.js';

// An instance's record as its participants see it (issue 18 item 9: the record's form read-only,
// sub rows included, without the screen's own menu).
let server: StartedServer;
type Client = ReturnType<typeof client>;
let admin: Client;
let oa: Client; // applicant, holds the 费用报销 menu
let approver: Client; // 部门审批 (wfappr01): only 我的待办, without the 费用报销 menu
let zhaomin: Client; // OA staff, not involved
let outsider: Client; // holds 流程模型 (sees every instance) but only in tenant 1001
const base = '/online/cgform/api';

async function submitClaim(title: string): Promise<{ id: string; instanceId: string }> {
  const add = await oa.post(`${base}/form/oa_expense`, {
    title,
    payee_bank: 'ICBC',
    payee_account: '6222020200112233445',
    invoice_count: 2,
    oa_expense_line: [
      { expense_date: '2026-03-02', expense_type: '1', description: '高铁票', amount: 300 },
      { expense_date: '2026-03-03', expense_type: '2', description: '打车费', amount: 45 },
    ],
  });
  expect(add.body.success, add.body.message).toBe(true);
  const id = add.body.result as string;
  expect((await oa.post(`${base}/action/oa_expense/submit`, { id })).body.success).toBe(true);
  const mine = (await oa.get('/workflow/instance/mine', { pageSize: 50 })).body.result.records.find((r: any) => r.recordId === id);
  return { id, instanceId: mine.instanceId };
}

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  const sign = async (u: string) => client(server, await login(server, u));
  [admin, oa, zhaomin] = await Promise.all(['admin', 'oa_demo', 'zhaomin'].map(sign));
  await createUser(admin, 'wfappr01');
  await grantRole(server, 'wfappr01', [WF_MENU.todo.url], [`${WF_MENU.todo.authPre}:approve`, `${WF_MENU.todo.authPre}:reject`]);
  approver = client(server, await login(server, 'wfappr01', USER_PASSWORD));
  await server.ctx.db
    .insertInto('sys_tenant')
    .values({ id: 1001, name: '华东分公司', begin_date: '2026-01-01 00:00:00', end_date: '2030-12-31 23:59:59', status: 1 } as never)
    .execute();
  await createUser(admin, 'wfrec01');
  await grantRole(server, 'wfrec01', [WF_MENU.model.url]);
  await server.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: '1001' }).where('username', '=', 'wfrec01').execute();
  outsider = client(server, await login(server, 'wfrec01', USER_PASSWORD));
  const add = await admin.post('/workflow/model/add', {
    modelKey: 'oa_expense_approval',
    name: '报销审批',
    formScreen: 'oa_expense',
    xml: expenseProcess().replace('assignee="yanglei"', 'assignee="wfappr01"'),
  });
  expect(add.body.success, add.body.message).toBe(true);
  expect((await admin.post('/workflow/model/deploy', { id: add.body.result.id })).body.success).toBe(true);
});
afterAll(async () => {
  await server?.close();
});

describe('the record in an instance’s detail', () => {
  it('shows an approver without the screen’s menu the main fields and the sub rows with dictionary texts, without 打开单据', async () => {
    const { instanceId } = await submitClaim('带明细的报销');
    // the approver cannot open the screen itself
    expect((await approver.get(`${base}/getData/oa_expense`)).status).toBe(403);
    const res = await approver.get('/workflow/instance/detail', { id: instanceId });
    expect(res.body.success, res.body.message).toBe(true);
    const detail = res.body.result;
    expect(detail.record.find((f: any) => f.title === '报销事由').value).toBe('带明细的报销');
    expect(detail.subTables.map((t: any) => [t.id, t.title])).toEqual([['oa_expense_line', '费用明细']]);
    const lines = detail.subTables[0];
    expect(lines.screen.fields.map((f: any) => f.title)).toContain('费用类型');
    expect(lines.rows.map((r: any) => [r.description, r.expense_type_dictText, Number(r.amount)])).toEqual([
      ['高铁票', '差旅费', 300],
      ['打车费', '市内交通费', 45],
    ]);
    expect(detail.recordLink).toBeNull();
    // holders of the screen's menu get the link to it
    expect((await admin.get('/workflow/instance/detail', { id: instanceId })).body.result.recordLink).toBe('/online/cgformList/oa_expense');
    expect((await oa.get('/workflow/instance/detail', { id: instanceId })).body.result.recordLink).toBe('/online/cgformList/oa_expense');
  });

  it('refuses a user who took no part, and a process-model holder of another tenant, without a row of the record', async () => {
    const { instanceId } = await submitClaim('别人看不到的报销');
    const stranger = await zhaomin.get('/workflow/instance/detail', { id: instanceId });
    expect(stranger.status).toBe(403);
    expect(JSON.stringify(stranger.body)).not.toContain('高铁票');
    const other = await outsider.raw('GET', '/workflow/instance/detail', { query: { id: instanceId }, headers: { 'tenant-id': '1001' } });
    expect(other.body).toMatchObject({ success: false, message: '流程实例不存在' });
    expect(JSON.stringify(other.body)).not.toContain('高铁票');
  });
});

describe('作废 by the starter', () => {
  const record = async (id: string) => (await admin.get(`${base}/form/oa_expense/${id}`)).body.result;
  const instanceRow = (id: string) => server.ctx.db.selectFrom('wf_instance').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const openTasks = async (id: string) =>
    (await server.ctx.db.selectFrom('wf_task').select('id').where('instance_id', '=', id).where('status', '=', 'open').execute()).length;

  it('refuses anyone but the starter (403) and writes nothing', async () => {
    const { id, instanceId } = await submitClaim('别人不能作废');
    const before = await instanceRow(instanceId);
    for (const c of [approver, admin]) {
      const res = await c.post('/workflow/instance/void', { id: instanceId });
      expect(res.status).toBe(403);
    }
    // the admin holds 我发起的 and its 作废 button: refused as not the starter
    expect((await admin.post('/workflow/instance/void', { id: instanceId })).body.message).toBe('只有发起人可以作废');
    expect(await instanceRow(instanceId)).toEqual(before);
    expect((await record(id)).approval_status).toBe('1');
    expect(await openTasks(instanceId)).toBe(1);
    const history = await server.ctx.db.selectFrom('wf_history').select('action').where('instance_id', '=', instanceId).execute();
    expect(history.map((h) => h.action)).toEqual(['start']);
  });

  it('voids a running instance: tasks closed, instance voided, record 已作废 and read-only, history names who and when', async () => {
    const { id, instanceId } = await submitClaim('要作废的报销');
    const mine = (await oa.get('/workflow/instance/mine', { pageSize: 50 })).body.result.records.find((r: any) => r.recordId === id);
    expect(mine).toMatchObject({ status: 'running', voidable: true });
    const res = await oa.post('/workflow/instance/void', { id: instanceId });
    expect(res.body).toMatchObject({ success: true, message: '作废成功！' });
    expect(await openTasks(instanceId)).toBe(0);
    expect(await instanceRow(instanceId)).toMatchObject({ status: 'voided', current_nodes: null });
    const rec = await record(id);
    expect([rec.approval_status, rec.approval_status_dictText]).toEqual(['4', '已作废']);
    const edit = await oa.put(`${base}/form/oa_expense`, { id, title: '作废后再改' });
    expect(edit.body).toMatchObject({ success: false, message: '审批中或已通过的单据不能修改或删除' });
    const detail = (await oa.get('/workflow/instance/detail', { id: instanceId })).body.result;
    expect(detail.instance).toMatchObject({ status: 'voided', status_dictText: '已作废' });
    const last = detail.history.at(-1);
    expect(last).toMatchObject({ action: 'void', action_dictText: '作废', username: 'oa_demo' });
    expect(last.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(
      (await oa.get('/workflow/instance/mine', { pageSize: 50 })).body.result.records.find((r: any) => r.recordId === id).voidable,
    ).toBe(false);
    expect((await oa.post('/workflow/instance/void', { id: instanceId })).body).toMatchObject({
      success: false,
      message: '该流程已结束，不能作废',
    });
  });

  it('voids a rejected record too, as the screen’s own 作废 allows, but not once it was resubmitted', async () => {
    const { id, instanceId } = await submitClaim('驳回后作废');
    const task = (await approver.get('/workflow/task/todo', { pageSize: 50 })).body.result.records.find((t: any) => t.recordId === id);
    expect((await approver.post('/workflow/task/reject', { taskId: task.id, comment: '不合规' })).body.success).toBe(true);
    expect((await record(id)).approval_status).toBe('3');
    expect((await oa.post('/workflow/instance/void', { id: instanceId })).body.success).toBe(true);
    expect((await record(id)).approval_status).toBe('4');
    expect((await instanceRow(instanceId)).status).toBe('voided');

    const again = await submitClaim('驳回后重新提交');
    const t2 = (await approver.get('/workflow/task/todo', { pageSize: 50 })).body.result.records.find((t: any) => t.recordId === again.id);
    expect((await approver.post('/workflow/task/reject', { taskId: t2.id, comment: '再改改' })).body.success).toBe(true);
    expect((await oa.post(`${base}/action/oa_expense/submit`, { id: again.id })).body.success).toBe(true);
    expect((await oa.post('/workflow/instance/void', { id: again.instanceId })).body).toMatchObject({
      success: false,
      message: '该流程已结束，不能作废',
    });
  });
});

describe('作废 on an existing install', () => {
  it('reaches every role holding 我发起的 when the upgrade adds the button, not the admin alone', async () => {
    const db = server.ctx.db;
    const voidPerm = `${WF_MENU.mine.authPre}:void`;
    // an install from before 作废: the button and its grants do not exist
    const old = await db.selectFrom('sys_permission').select('id').where('perms', '=', voidPerm).executeTakeFirstOrThrow();
    await db.deleteFrom('sys_role_permission').where('permission_id', '=', old.id).execute();
    await db.deleteFrom('sys_permission').where('id', '=', old.id).execute();
    const holders = async (permissionId: string) =>
      (
        await db
          .selectFrom('sys_role_permission as rp')
          .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
          .select('r.role_code')
          .where('rp.permission_id', '=', permissionId)
          .execute()
      )
        .map((r) => r.role_code)
        .sort();
    const page = await db.selectFrom('sys_permission').select('id').where('url', '=', WF_MENU.mine.url).executeTakeFirstOrThrow();
    const pageHolders = await holders(page.id);
    expect(pageHolders.length).toBeGreaterThan(2);

    await syncMenus(db, server.ctx.screens);
    const added = await db.selectFrom('sys_permission').select('id').where('perms', '=', voidPerm).executeTakeFirstOrThrow();
    expect(await holders(added.id)).toEqual([...new Set([...pageHolders, 'admin'])].sort());
    // a second sync adds nothing twice
    await syncMenus(db, server.ctx.screens);
    expect(await holders(added.id)).toEqual([...new Set([...pageHolders, 'admin'])].sort());
  });
});
