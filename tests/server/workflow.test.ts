import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { diagramXml, expenseProcess } from './workflow-fixtures.js';

let server: StartedServer;
type Client = ReturnType<typeof client>;
let admin: Client;
let oa: Client; // oa_demo: applicant
let yanglei: Client; // department manager: 部门审批
let lina: Client; // finance: counter-sign
let wangfang: Client; // finance: counter-sign
let zhangwei: Client; // general manager (candidate group)
let zhaomin: Client; // OA staff, not involved
const base = '/online/cgform/api';

const expense = (title: string, amount: number) => ({
  title,
  payee_bank: 'ICBC',
  payee_account: '6222020200112233445',
  invoice_count: 1,
  oa_expense_line: [{ expense_date: '2026-03-02', expense_type: '1', description: title, amount }],
});
const record = async (id: string) => (await admin.get(`${base}/form/oa_expense/${id}`)).body.result;
const todo = async (c: Client) => (await c.get('/workflow/task/todo', { pageNo: 1, pageSize: 50 })).body.result.records as any[];
const taskOf = async (c: Client, recordId: string) => (await todo(c)).find((t) => t.recordId === recordId);

async function submitClaim(title: string, amount: number): Promise<string> {
  const add = await oa.post(`${base}/form/oa_expense`, expense(title, amount));
  expect(add.body.success, add.body.message).toBe(true);
  const id = add.body.result as string;
  const sub = await oa.post(`${base}/action/oa_expense/submit`, { id });
  expect(sub.body, sub.body.message).toMatchObject({ success: true });
  return id;
}
async function approve(c: Client, recordId: string, comment = '同意') {
  const t = await taskOf(c, recordId);
  expect(t, 'task in 我的待办').toBeTruthy();
  const res = await c.post('/workflow/task/approve', { taskId: t.id, comment });
  expect(res.body, res.body.message).toMatchObject({ success: true });
  return t;
}

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  const sign = async (u: string) => client(server, await login(server, u));
  [admin, oa, yanglei, lina, wangfang, zhangwei, zhaomin] = await Promise.all(
    ['admin', 'oa_demo', 'yanglei', 'lina', 'wangfang', 'zhangwei', 'zhaomin'].map(sign),
  );
});
afterAll(async () => {
  await server?.close();
});

describe('process models: deploy checks the diagram', () => {
  it('refuses a broken model with a message naming the element, and deploys a sound one as V1', async () => {
    const noAssignee = diagramXml({
      key: 'p_broken',
      name: '缺办理人',
      nodes: [
        { id: 's', type: 'startEvent', name: '开始' },
        { id: 'task1', type: 'userTask', name: '经理审批' },
        { id: 'e', type: 'endEvent', name: '结束' },
      ],
      flows: [
        { id: 'a', from: 's', to: 'task1' },
        { id: 'b', from: 'task1', to: 'e' },
      ],
    });
    const add = await admin.post('/workflow/model/add', { modelKey: 'p_broken', name: '缺办理人', xml: noAssignee });
    expect(add.body.success, add.body.message).toBe(true);
    const dep = await admin.post('/workflow/model/deploy', { id: add.body.result.id });
    expect(dep.body).toMatchObject({
      success: false,
      code: 500,
      message: '流程校验未通过：经理审批（task1）：用户任务必须设置办理人、候选人或会签集合',
    });
    const unlabeled = noAssignee
      .replace(' name="经理审批"', '')
      .replace('<bpmn:userTask id="task1"', '<bpmn:userTask id="task1" flowable:assignee="yanglei"');
    const edit = await admin.put('/workflow/model/edit', { id: add.body.result.id, xml: unlabeled });
    expect(edit.body.success, edit.body.message).toBe(true);
    const dep2 = await admin.post('/workflow/model/deploy', { id: add.body.result.id });
    expect(dep2.body.message).toBe('流程校验未通过：task1：缺少名称');
    const list = await admin.get('/workflow/model/list', { modelKey: 'p_broken' });
    expect(list.body.result.records[0]).toMatchObject({ status: '0', status_dictText: '草稿', version: 0 });
  });

  it('refuses a gateway whose flows lack conditions and a script task', async () => {
    const xml = diagramXml({
      key: 'p_gw',
      name: '网关',
      nodes: [
        { id: 's', type: 'startEvent', name: '开始' },
        { id: 'g', type: 'exclusiveGateway', name: '判断' },
        { id: 'x', type: 'userTask', name: '甲', attrs: { assignee: 'yanglei' } },
        { id: 'alt', type: 'scriptTask', name: '脚本', attrs: { scriptFormat: 'javascript' } },
        { id: 'e', type: 'endEvent', name: '结束' },
      ],
      flows: [
        { id: 'a', from: 's', to: 'g' },
        { id: 'b', from: 'g', to: 'x', name: '甲', condition: '${totalAmount > 1}' },
        { id: 'c', from: 'g', to: 'alt', name: '乙' },
        { id: 'd', from: 'x', to: 'e' },
        { id: 'f', from: 'alt', to: 'e' },
      ],
    });
    const add = await admin.post('/workflow/model/add', { modelKey: 'p_gw', name: '网关', xml });
    const res = await server.app.inject({
      method: 'POST',
      url: `${server.ctx.config.apiBase}/workflow/model/validate`,
      headers: { 'x-access-token': admin.token! },
      payload: { xml },
    });
    const problems = res.json().result as { rule: string; elementId: string }[];
    expect(problems.map((p) => `${p.rule}@${p.elementId}`)).toEqual(
      expect.arrayContaining(['conditional-flows@c', 'exclusive-gateway-flows@g', 'supported-elements@alt']),
    );
    const dep = await admin.post('/workflow/model/deploy', { id: add.body.result.id });
    expect(dep.body.success).toBe(false);
    expect(dep.body.message).toMatch(/^流程校验未通过：/);
  });

  it('deploys 报销审批 bound to 费用报销 as V1, keeps the version immutable and lists the versions', async () => {
    const add = await admin.post('/workflow/model/add', {
      modelKey: 'oa_expense_approval',
      name: '报销审批',
      category: '2',
      formScreen: 'oa_expense',
      xml: expenseProcess(),
    });
    expect(add.body.success, add.body.message).toBe(true);
    const dep = await admin.post('/workflow/model/deploy', { id: add.body.result.id });
    expect(dep.body).toMatchObject({ success: true, message: '部署成功，版本 V1', result: 1 });
    const again = await admin.post('/workflow/model/add', { modelKey: 'other_expense', name: '另一个', formScreen: 'oa_expense' });
    expect(again.body).toMatchObject({ success: false, message: '该表单已绑定流程 报销审批' });
    const versions = await admin.get('/workflow/model/versions', { id: add.body.result.id });
    expect(versions.body.result.map((v: any) => v.version)).toEqual([1]);
    const staff = await oa.get('/workflow/model/list');
    expect(staff.status).toBe(403);
  });
});

describe('running the approval', () => {
  it('starts on 提交; 部门审批, then a parallel counter-sign of two users (all must approve), then the end: the record is approved', async () => {
    const id = await submitClaim('差旅报销三千', 3000);
    expect((await record(id)).approval_status).toBe('1');
    // nobody but the assignee sees or completes 部门审批
    expect(await taskOf(zhaomin, id)).toBeUndefined();
    const t = await taskOf(yanglei, id);
    const refused = await zhaomin.post('/workflow/task/approve', { taskId: t.id, comment: '我来批' });
    expect(refused.status).toBe(403);
    expect((await server.ctx.db.selectFrom('wf_task').select('status').where('id', '=', t.id).executeTakeFirstOrThrow()).status).toBe(
      'open',
    );
    expect(await server.ctx.db.selectFrom('wf_history').select('id').where('task_id', '=', t.id).execute()).toHaveLength(0);
    // the applicant cannot edit or approve directly while it runs
    const edit = await oa.put(`${base}/form/oa_expense`, { id, title: '改一下' });
    expect(edit.body).toMatchObject({ success: false, message: '审批中或已通过的单据不能修改或删除' });
    const direct = await zhangwei.post(`${base}/action/oa_expense/approve`, { id });
    expect(direct.body).toMatchObject({ success: false, message: '该单据由审批流程处理，不能直接审批通过' });

    await approve(yanglei, id);
    const linaTask = await taskOf(lina, id);
    const wangTask = await taskOf(wangfang, id);
    expect([linaTask?.taskName, wangTask?.taskName]).toEqual(['财务会签', '财务会签']);
    await approve(lina, id);
    expect((await record(id)).approval_status).toBe('1');
    expect(await taskOf(wangfang, id)).toBeTruthy();
    await approve(wangfang, id);
    expect((await record(id)).approval_status).toBe('2');
    expect(await taskOf(zhangwei, id)).toBeUndefined();

    const mine = (await oa.get('/workflow/instance/mine')).body.result.records.find((r: any) => r.recordId === id);
    expect(mine).toMatchObject({ status: 'approved', status_dictText: '已通过', withdrawable: false });
    const detail = (await oa.get('/workflow/instance/detail', { id: mine.instanceId })).body.result;
    expect(detail.history.map((h: any) => `${h.action}:${h.username}`)).toEqual([
      'start:oa_demo',
      'approve:yanglei',
      'approve:lina',
      'approve:wangfang',
      'complete:wangfang',
    ]);
    expect(detail.finishedNodes).toEqual(['deptApprove', 'financeSign']);
    expect(detail.record.find((f: any) => f.title === '审批状态').value).toBe('已通过');
    const done = (await lina.get('/workflow/task/done')).body.result.records;
    expect(done.find((d: any) => d.instanceId === mine.instanceId)).toMatchObject({ action: 'approve', action_dictText: '同意' });
    // someone who never took part sees no detail
    expect((await zhaomin.get('/workflow/instance/detail', { id: mine.instanceId })).status).toBe(403);
  });

  it('takes the conditional path above 5000 to the general manager (a candidate claims it) and notifies with the bell', async () => {
    const id = await submitClaim('设备采购报销', 8000);
    await approve(yanglei, id);
    await approve(lina, id);
    await approve(wangfang, id);
    const gm = await taskOf(zhangwei, id);
    expect(gm).toMatchObject({ taskName: '总经理审批', claimed: false });
    const early = await zhangwei.post('/workflow/task/approve', { taskId: gm.id });
    expect(early.body).toMatchObject({ success: false, message: '请先签收该任务' });
    expect((await zhangwei.post('/workflow/task/claim', { taskId: gm.id })).body.success).toBe(true);
    const bell = (await zhangwei.get('/sys/annountCement/listByUser')).body.result;
    expect(bell.sysMsgList.some((m: any) => String(m.titile).startsWith('您有新的待办：报销审批 - 设备采购报销'))).toBe(true);
    await approve(zhangwei, id);
    expect((await record(id)).approval_status).toBe('2');
  });

  it('reject returns the record to the applicant (已驳回), who may edit and submit again', async () => {
    const id = await submitClaim('被驳回的报销', 500);
    const t = await taskOf(yanglei, id);
    const noComment = await yanglei.post('/workflow/task/reject', { taskId: t.id });
    expect(noComment.body).toMatchObject({ success: false, message: '请填写驳回意见' });
    const res = await yanglei.post('/workflow/task/reject', { taskId: t.id, comment: '票据不全' });
    expect(res.body.success).toBe(true);
    expect((await record(id)).approval_status).toBe('3');
    expect(await taskOf(yanglei, id)).toBeUndefined();
    const edit = await oa.put(`${base}/form/oa_expense`, { id, title: '补齐票据后的报销' });
    expect(edit.body.success, edit.body.message).toBe(true);
    const again = await oa.post(`${base}/action/oa_expense/submit`, { id });
    expect(again.body.success).toBe(true);
    expect((await taskOf(yanglei, id))?.title).toBe('补齐票据后的报销');
  });

  it('withdraw while the first task is open returns a draft; transfer and add-signer move the tasks', async () => {
    const id = await submitClaim('撤回测试', 100);
    const mine = (await oa.get('/workflow/instance/mine')).body.result.records.find((r: any) => r.recordId === id);
    expect(mine.withdrawable).toBe(true);
    expect((await zhaomin.post('/workflow/instance/withdraw', { id: mine.instanceId })).status).toBe(403);
    expect((await oa.post('/workflow/instance/withdraw', { id: mine.instanceId })).body.success).toBe(true);
    expect((await record(id)).approval_status).toBe('0');
    expect(await taskOf(yanglei, id)).toBeUndefined();

    const id2 = await submitClaim('转办加签', 100);
    const t = await taskOf(yanglei, id2);
    expect((await yanglei.post('/workflow/task/transfer', { taskId: t.id, username: 'huangtao', comment: '请代批' })).body.success).toBe(
      true,
    );
    const huangtao = client(server, await login(server, 'huangtao'));
    await approve(huangtao, id2);
    const linaTask = await taskOf(lina, id2);
    const add = await lina.post('/workflow/task/addSign', { taskId: linaTask.id, username: 'chenjing' });
    expect(add.body.success, add.body.message).toBe(true);
    const chenjing = client(server, await login(server, 'chenjing'));
    await approve(lina, id2);
    await approve(wangfang, id2);
    // the wait of lina's iteration completes only when the added signer approved too
    expect((await record(id2)).approval_status).toBe('1');
    await approve(chenjing, id2);
    expect((await record(id2)).approval_status).toBe('2');
    const late = (await oa.get('/workflow/instance/mine')).body.result.records.find((r: any) => r.recordId === id2);
    expect((await oa.post('/workflow/instance/withdraw', { id: late.instanceId })).body).toMatchObject({
      success: false,
      message: '流程已结束',
    });
  });

  it('keeps the version an instance started on when a new version is deployed, and refuses deleting a model with running instances', async () => {
    const id = await submitClaim('老版本上的报销', 100);
    const model = (await admin.get('/workflow/model/list', { modelKey: 'oa_expense_approval' })).body.result.records[0];
    const v2 = expenseProcess().replace('assignee="yanglei"', 'assignee="huangtao"');
    expect((await admin.put('/workflow/model/edit', { id: model.id, xml: v2 })).body.success).toBe(true);
    expect((await admin.post('/workflow/model/deploy', { id: model.id })).body.result).toBe(2);
    expect(await taskOf(yanglei, id)).toBeTruthy();
    const del = await admin.del('/workflow/model/delete', { id: model.id });
    expect(del.body).toMatchObject({ success: false, message: '该流程还有运行中的实例，不能删除' });
    const id2 = await submitClaim('新版本上的报销', 100);
    const huangtao = client(server, await login(server, 'huangtao'));
    expect(await taskOf(huangtao, id2)).toBeTruthy();
    const instances = await server.ctx.db
      .selectFrom('wf_instance')
      .select(['record_id', 'version'])
      .where('record_id', 'in', [id, id2])
      .execute();
    expect(Object.fromEntries(instances.map((i) => [i.record_id, i.version]))).toEqual({ [id]: 1, [id2]: 2 });
  });
});
