import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import type { ScreenSchema, StatusAction } from '../../src/shared/generated/screen-schema.js';
import { client, login, startTestServer } from './harness.js';
import { grantToUserRoles } from './ops-helpers.js';
import { diagramXml } from './workflow-fixtures.js';

// A screen authored in the online designer after the server started, then bound to a process:
// its 提交 starts the process and the record locks, without a restart. No editableStates: the
// lock seen here is the workflow's (an instance runs), not the status rule's.
let server: StartedServer;
type Client = ReturnType<typeof client>;
let admin: Client;
let oa: Client;
let yanglei: Client;
const id = 'oa_trip_req';
const api = '/online/cgform/api';

const actions: StatusAction[] = [
  { code: 'submit', label: '提交', from: ['0', '3'], to: '1', permission: 'submit', actor: 'owner' },
  { code: 'approve', label: '审批通过', from: ['1'], to: '2', permission: 'approve' },
  { code: 'reject', label: '驳回', from: ['1'], to: '3', permission: 'approve' },
];
const trip: ScreenSchema = {
  id,
  title: '出差申请',
  tableName: id,
  tableType: 'single',
  template: 'normal',
  authPre: 'oa:trip_req',
  fields: [
    { name: 'title', title: '事由', widget: 'input', dbType: 'string', dbLength: 100 },
    { name: 'applicant', title: '申请人', widget: 'sel_user', dbType: 'string', dbLength: 32 },
    { name: 'days', title: '天数', widget: 'inputNumber', dbType: 'int' },
    { name: 'status', title: '状态', widget: 'input', dbType: 'string', dbLength: 2, defaultValue: '0' },
  ],
  workflow: {
    statusField: 'status',
    ownerField: 'applicant',
    actions: actions as [StatusAction, ...StatusAction[]],
  },
};
const process = diagramXml({
  key: 'oa_trip_approval',
  name: '出差审批',
  nodes: [
    { id: 'start', type: 'startEvent', name: '开始' },
    { id: 'mgr', type: 'userTask', name: '经理审批', attrs: { assignee: 'yanglei' } },
    { id: 'end', type: 'endEvent', name: '结束' },
  ],
  flows: [
    { id: 'a', from: 'start', to: 'mgr' },
    { id: 'b', from: 'mgr', to: 'end' },
  ],
});

beforeAll(async () => {
  server = await startTestServer();
  [admin, oa, yanglei] = await Promise.all(['admin', 'oa_demo', 'yanglei'].map(async (u) => client(server, await login(server, u))));
}, 120_000);
afterAll(async () => server?.close());

describe('binding a process while the server runs', () => {
  it('a screen authored after the start and then bound: 提交 starts an instance and the record is read-only to the applicant', async () => {
    expect((await admin.post(`${api}/addAll`, { schema: trip })).body.success).toBe(true);
    expect((await admin.post(`${api}/doDbSynch/${id}/normal`)).body.success).toBe(true);
    const group = await server.ctx.db
      .selectFrom('sys_permission')
      .select('id')
      .where('component_name', '=', 'oa')
      .executeTakeFirstOrThrow();
    expect((await admin.post('/online/cgform/head/addMenu', { id, parentId: group.id })).body.success).toBe(true);
    await grantToUserRoles(server, 'oa_demo', [
      `/online/cgformList/${id}`,
      'oa:trip_req:add',
      'oa:trip_req:edit',
      'oa:trip_req:delete',
      'oa:trip_req:submit',
    ]);

    const screens = await admin.get('/workflow/model/screens');
    expect(screens.body.result).toContainEqual({ value: id, text: '出差申请' });
    const add = await admin.post('/workflow/model/add', { modelKey: 'oa_trip_approval', name: '出差审批', xml: process });
    expect(add.body.success, add.body.message).toBe(true);
    const bind = await admin.put('/workflow/model/edit', { id: add.body.result.id, formScreen: id });
    expect(bind.body.success, bind.body.message).toBe(true);
    expect((await admin.post('/workflow/model/deploy', { id: add.body.result.id })).body.success).toBe(true);

    const rec = await oa.post(`${api}/form/${id}`, { title: '北京出差', applicant: 'oa_demo', days: 2 });
    expect(rec.body.success, rec.body.message).toBe(true);
    const recordId = String(rec.body.result?.id ?? rec.body.result);
    const sub = await oa.post(`${api}/action/${id}/submit`, { id: recordId });
    expect(sub.body, sub.body.message).toMatchObject({ success: true });

    const instance = await server.ctx.db
      .selectFrom('wf_instance')
      .select(['status', 'starter'])
      .where('screen_id', '=', id)
      .where('record_id', '=', recordId)
      .executeTakeFirst();
    expect(instance).toMatchObject({ starter: 'oa_demo' });
    const todo = (await yanglei.get('/workflow/task/todo', { pageNo: 1, pageSize: 50 })).body.result.records as { recordId: string }[];
    expect(todo.map((t) => t.recordId)).toContain(recordId);

    const edit = await oa.put(`${api}/form/${id}`, { id: recordId, title: '改了', applicant: 'oa_demo', days: 3 });
    expect(edit.body).toMatchObject({ success: false, message: '当前状态的单据不能修改或删除' });
    const del = await oa.del(`${api}/form/${id}/${recordId}`);
    expect(del.body).toMatchObject({ success: false, message: '当前状态的单据不能修改或删除' });
    const direct = await admin.post(`${api}/action/${id}/approve`, { id: recordId });
    expect(direct.body.success).toBe(false);
  });

  it('unbinding through the edit (formScreen null) stops new starts; the running instance keeps its lock; binding again starts again', async () => {
    const model = (await admin.get('/workflow/model/list', { modelKey: 'oa_trip_approval' })).body.result.records[0];
    expect(model.formScreen).toBe(id);
    const unbind = await admin.put('/workflow/model/edit', { id: model.id, formScreen: null });
    expect(unbind.body.success, unbind.body.message).toBe(true);
    expect((await admin.get('/workflow/model/queryById', { id: model.id })).body.result.formScreen).toBeNull();

    const started = async (title: string) => {
      const rec = await oa.post(`${api}/form/${id}`, { title, applicant: 'oa_demo', days: 1 });
      const recordId = String(rec.body.result?.id ?? rec.body.result);
      expect((await oa.post(`${api}/action/${id}/submit`, { id: recordId })).body.success).toBe(true);
      const inst = await server.ctx.db.selectFrom('wf_instance').select('id').where('record_id', '=', recordId).executeTakeFirst();
      return { recordId, started: !!inst };
    };
    const free = await started('不走流程');
    expect(free.started).toBe(false);
    // still editable: no instance drives it (and this screen declares no editableStates)
    expect((await oa.put(`${api}/form/${id}`, { id: free.recordId, title: '可改', applicant: 'oa_demo', days: 1 })).body.success).toBe(
      true,
    );
    // the instance started while bound still locks its record
    const running = await server.ctx.db.selectFrom('wf_instance').select('record_id').where('screen_id', '=', id).executeTakeFirstOrThrow();
    const locked = await oa.put(`${api}/form/${id}`, { id: running.record_id, title: '改了', applicant: 'oa_demo', days: 3 });
    expect(locked.body).toMatchObject({ success: false, message: '当前状态的单据不能修改或删除' });

    expect((await admin.put('/workflow/model/edit', { id: model.id, formScreen: 'no_such_screen' })).body).toMatchObject({
      success: false,
    });
    expect((await admin.put('/workflow/model/edit', { id: model.id, formScreen: id })).body.success).toBe(true);
    expect((await started('再走流程')).started).toBe(true);
  });
});
