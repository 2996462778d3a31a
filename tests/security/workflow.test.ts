import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { WF_MENU } from '../../src/server/modules/workflow/menus.js';
import { account, client, inTenant, leaked, login, plant, startSecurityServer, type Client } from './helpers.js';

// Class 2, tenants everywhere — approvals: a process instance belongs to the tenant it was
// started in. Its task lists, its detail (which shows the record's fields) and its task actions
// answer only inside that tenant, even for a user whose role code is a candidate of the task or
// who holds the process-model menu (sees every instance) in another tenant.
let server: StartedServer;
let spy: Client; // tenant 1001 only: 流程模型 and 我的待办, may claim tasks
const now = '2026-03-01 10:00:00';

/** Plants a running instance of tenant `tenant` over the record `recordId` with one open task for the role `role`. */
async function plantInstance(id: string, tenant: number, recordId: string, role: string, starter = 'admin') {
  await plant(server, 'wf_instance', {
    id,
    definition_id: 'def-none',
    process_key: 'p_secret',
    process_name: `机密审批${id}`,
    version: 1,
    screen_id: 'sec_secret',
    record_id: recordId,
    title: `审批${id}`,
    starter,
    status: 'running',
    start_time: now,
    tenant_id: tenant,
  });
  await plant(server, 'wf_task', {
    id: `task-${id}`,
    instance_id: id,
    element_id: 'approve1',
    element_name: '经理审批',
    candidate_groups: role,
    status: 'open',
    create_time: now,
    tenant_id: tenant,
  });
}

beforeAll(async () => {
  server = await startSecurityServer();
  const admin = client(server, await login(server, 'admin'));
  spy = await account(server, admin, 'wfspy01', {
    menus: [WF_MENU.model.url, WF_MENU.todo.url, WF_MENU.mine.url],
    buttons: [`${WF_MENU.todo.authPre}:claim`, `${WF_MENU.todo.authPre}:transfer`, `${WF_MENU.todo.authPre}:add_sign`],
    tenants: [1001],
  });
  // transfer and add-signer targets: one user of the instance's tenant, one of another tenant only
  await account(server, admin, 'wfin01', { tenants: [1001] });
  await account(server, admin, 'wfout01', { tenants: [1000] });
  // the spy's role code: a candidate group of a task in each tenant
  const role = await server.ctx.db
    .selectFrom('sys_role as r')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'r.id')
    .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
    .select('r.role_code')
    .where('u.username', '=', 'wfspy01')
    .executeTakeFirstOrThrow();
  await plant(server, 'sec_secret', { id: 'wf-s1', name: 'T1000-APPROVAL-SECRET', code: 'WF1000', tenant_id: 1000 });
  await plant(server, 'sec_secret', { id: 'wf-s2', name: 'T1001-OWN-RECORD', code: 'WF1001', tenant_id: 1001 });
  await plantInstance('wi-1000', 1000, 'wf-s1', role.role_code!);
  await plantInstance('wi-1001', 1001, 'wf-s2', role.role_code!);
  // an instance the spy started while a member of tenant 1000
  await plantInstance('wi-1000-mine', 1000, 'wf-s1', 'nobody', 'wfspy01');
});
afterAll(async () => server?.close());

describe('approvals stay in their tenant', () => {
  it('the spy’s role is a candidate of both tasks: the own tenant’s task is listed (the path works), the other tenant’s is not', async () => {
    const res = await inTenant(spy, 1001).get('/workflow/task/todo', { pageNo: 1, pageSize: 50 });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result.records.map((r: { instanceId: string }) => r.instanceId)).toEqual(['wi-1001']);
    const mine = await inTenant(spy, 1001).get('/workflow/instance/mine', { pageNo: 1, pageSize: 50 });
    expect(mine.body.result.records).toEqual([]);
  });

  it('the process-model holder sees the own tenant’s record in a detail, never another tenant’s', async () => {
    const own = await inTenant(spy, 1001).get('/workflow/instance/detail', { id: 'wi-1001' });
    expect(JSON.stringify(own.body)).toContain('T1001-OWN-RECORD');
    const other = await inTenant(spy, 1001).get('/workflow/instance/detail', { id: 'wi-1000' });
    expect(other.body).toMatchObject({ success: false, message: '流程实例不存在' });
    expect(leaked(other.body, 'T1000-APPROVAL-SECRET', '机密审批wi-1000')).toEqual([]);
  });

  it('claiming the other tenant’s task is refused and writes nothing', async () => {
    const res = await inTenant(spy, 1001).post('/workflow/task/claim', { taskId: 'task-wi-1000' });
    expect(res.body).toMatchObject({ success: false, message: '任务不存在或已处理' });
    const task = await server.ctx.db.selectFrom('wf_task').select('assignee').where('id', '=', 'task-wi-1000').executeTakeFirstOrThrow();
    expect(task.assignee).toBeNull();
    const own = await inTenant(spy, 1001).post('/workflow/task/claim', { taskId: 'task-wi-1001' });
    expect(own.body, own.body.message).toMatchObject({ success: true });
  });

  it('transfer and add-signer refuse a user outside the instance’s tenant and write nothing; a user of the tenant is accepted', async () => {
    // tasks of the own tenant's instance assigned to the spy: a plain one and one of a counter-sign
    await plant(server, 'wf_task', {
      id: 'task-spy-plain',
      instance_id: 'wi-1001',
      element_id: 'approve1',
      element_name: '经理审批',
      assignee: 'wfspy01',
      status: 'open',
      create_time: now,
      tenant_id: 1001,
    });
    await plant(server, 'wf_task', {
      id: 'task-spy-sign',
      instance_id: 'wi-1001',
      element_id: 'sign',
      element_name: '会签',
      execution_id: 'sign_0',
      assignee: 'wfspy01',
      status: 'open',
      create_time: now,
      tenant_id: 1001,
    });
    const refused = '用户 wfout01 不存在或不属于本流程所在的租户，不能转办或加签给他';
    const tasks = () =>
      server.ctx.db
        .selectFrom('wf_task')
        .select(['id', 'assignee'])
        .where('instance_id', '=', 'wi-1001')
        .where('assignee', 'is not', null)
        .orderBy('id')
        .execute();
    const before = await tasks();
    const transfer = await inTenant(spy, 1001).post('/workflow/task/transfer', { taskId: 'task-spy-plain', username: 'wfout01' });
    expect(transfer.body).toMatchObject({ success: false, message: refused });
    const sign = await inTenant(spy, 1001).post('/workflow/task/addSign', { taskId: 'task-spy-sign', username: 'wfout01' });
    expect(sign.body).toMatchObject({ success: false, message: refused });
    // an unknown user gets the same answer: no other tenant's user names are told apart
    const unknown = await inTenant(spy, 1001).post('/workflow/task/transfer', { taskId: 'task-spy-plain', username: 'nobody_at_all' });
    expect(unknown.body.message).toBe('用户 nobody_at_all 不存在或不属于本流程所在的租户，不能转办或加签给他');
    expect(await tasks()).toEqual(before);

    const ok = await inTenant(spy, 1001).post('/workflow/task/addSign', { taskId: 'task-spy-sign', username: 'wfin01' });
    expect(ok.body, ok.body.message).toMatchObject({ success: true });
    const moved = await inTenant(spy, 1001).post('/workflow/task/transfer', { taskId: 'task-spy-plain', username: 'wfin01' });
    expect(moved.body, moved.body.message).toMatchObject({ success: true });
    const after = await tasks();
    expect(after.find((t) => t.id === 'task-spy-plain')?.assignee).toBe('wfin01');
    expect(after.filter((t) => t.assignee === 'wfout01')).toEqual([]);
  });
});
