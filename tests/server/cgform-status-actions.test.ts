import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import type { ScreenSchema, StatusAction } from '../../src/shared/generated/screen-schema.js';
import { client, login, startTestServer } from './harness.js';
import { grantToUserRoles } from './ops-helpers.js';

// Linkage and status actions declared in the designer, no code: an authored 请假申请 screen whose
// 证明材料 shows and is required only for 病假, and whose 提交/审批通过 buttons (onl_cgform_button
// rows) move the status when their state, actor, condition and button permission allow.
let server: StartedServer;
let admin: ReturnType<typeof client>;
let oa: ReturnType<typeof client>;
let wms: ReturnType<typeof client>;
const id = 'oa_leave_req';
const api = '/online/cgform/api';

const submit: StatusAction = { code: 'submit', label: '提交', from: ['0'], to: '1', permission: 'submit', actor: 'owner' };
const approve: StatusAction = {
  code: 'approve',
  label: '审批通过',
  from: ['1'],
  to: '2',
  permission: 'approve',
  actor: 'notOwner',
  condition: 'days <= 3',
  conditionMessage: '超过3天的请假需总经理审批',
};
const leave = (actions: StatusAction[]): ScreenSchema => ({
  id,
  title: '请假申请',
  tableName: id,
  tableType: 'single',
  template: 'normal',
  authPre: 'oa:leave_req',
  fields: [
    { name: 'applicant', title: '申请人', widget: 'sel_user', dbType: 'string', dbLength: 32 },
    { name: 'leaveType', title: '请假类型', widget: 'select', dbType: 'string', dbLength: 2, dictCode: 'sex' },
    { name: 'days', title: '天数', widget: 'inputNumber', dbType: 'int' },
    {
      name: 'proof',
      title: '证明材料',
      widget: 'textarea',
      dbType: 'string',
      dbLength: 200,
      linkage: [{ when: { field: 'leaveType', op: 'eq', value: '2' }, then: { visible: true, required: true } }],
    },
    { name: 'status', title: '状态', widget: 'input', dbType: 'string', dbLength: 2, defaultValue: '0' },
  ],
  workflow: {
    statusField: 'status',
    ownerField: 'applicant',
    editableStates: ['0'],
    actions: actions as [StatusAction, ...StatusAction[]],
  },
});

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
  oa = client(server, await login(server, 'oa_demo'));
  wms = client(server, await login(server, 'wms_demo'));
}, 120_000);
afterAll(async () => server?.close());

const statusOf = async (rowId: string) =>
  (await sql<{ status: string }>`select status from oa_leave_req where id = ${rowId}`.execute(server.ctx.db)).rows[0].status;

describe('status actions and linkage declared in the designer', () => {
  it('stores the actions as buttons, adds their permissions to the menu, and runs them with state, actor, condition and permission checks', async () => {
    expect((await admin.post(`${api}/addAll`, { schema: leave([submit, approve]) })).body.success).toBe(true);
    const buttons = await server.ctx.db
      .selectFrom('onl_cgform_button')
      .select(['button_code', 'button_name', 'opt_type'])
      .where('cgform_head_id', '=', id)
      .orderBy('order_num')
      .execute();
    expect(buttons).toEqual([
      { button_code: 'submit', button_name: '提交', opt_type: 'status' },
      { button_code: 'approve', button_name: '审批通过', opt_type: 'status' },
    ]);
    expect((await admin.post(`${api}/doDbSynch/${id}/normal`)).body.success).toBe(true);
    const group = await server.ctx.db
      .selectFrom('sys_permission')
      .select('id')
      .where('component_name', '=', 'oa')
      .executeTakeFirstOrThrow();
    const menu = await admin.post('/online/cgform/head/addMenu', { id, parentId: group.id });
    expect(menu.body.success).toBe(true);
    const perms = await sql<{
      perms: string;
    }>`select perms from sys_permission where parent_id = ${menu.body.result.menuId} order by sort_no`.execute(server.ctx.db);
    expect(perms.rows.map((p) => p.perms)).toEqual(
      ['add', 'edit', 'delete', 'batch_delete', 'export', 'import', 'submit', 'approve'].map((a) => `oa:leave_req:${a}`),
    );
    await grantToUserRoles(server, 'oa_demo', [`/online/cgformList/${id}`, 'oa:leave_req:add', 'oa:leave_req:submit']);

    // linkage: 证明材料 is required for 病假 (2) only
    let res = await oa.post(`${api}/form/${id}`, { applicant: 'oa_demo', leave_type: '2', days: 2 });
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toContain('证明材料');
    res = await oa.post(`${api}/form/${id}`, { applicant: 'oa_demo', leave_type: '1', days: 2 });
    expect(res.body.success).toBe(true);
    const short = String(res.body.result?.id ?? res.body.result);
    res = await oa.post(`${api}/form/${id}`, { applicant: 'oa_demo', leave_type: '2', days: 5, proof: '医院证明' });
    expect(res.body.success).toBe(true);
    const long = String(res.body.result?.id ?? res.body.result);
    expect(await statusOf(short)).toBe('0');

    // 提交 by the owner; 审批通过 refused without its button, for the owner, and when the condition fails
    expect((await oa.post(`${api}/action/${id}/submit`, { id: short })).body.success).toBe(true);
    expect((await oa.post(`${api}/action/${id}/submit`, { id: long })).body.success).toBe(true);
    expect(await statusOf(short)).toBe('1');
    expect((await oa.post(`${api}/action/${id}/approve`, { id: short })).status).toBe(403);
    expect((await wms.post(`${api}/action/${id}/submit`, { id: short })).status).toBe(403);
    res = await admin.post(`${api}/action/${id}/approve`, { id: long });
    expect(res.body).toMatchObject({ success: false, message: '超过3天的请假需总经理审批' });
    expect(await statusOf(long)).toBe('1');
    expect((await admin.post(`${api}/action/${id}/approve`, { id: short })).body.success).toBe(true);
    expect(await statusOf(short)).toBe('2');
    // a second 提交 finds the wrong state
    res = await oa.post(`${api}/action/${id}/submit`, { id: short });
    expect(res.body).toMatchObject({ success: false, message: '当前状态不能提交' });
  });

  it('an action declared after the screen is in the menu gets its button at once, held by the admin role only', async () => {
    const voidIt: StatusAction = { code: 'cancel', label: '作废', from: ['1'], to: '4', permission: 'cancel' };
    expect((await admin.put(`${api}/editAll`, { schema: leave([submit, approve, voidIt]) })).body.success).toBe(true);
    const button = await server.ctx.db.selectFrom('sys_permission').select('id').where('perms', '=', 'oa:leave_req:cancel').execute();
    expect(button).toHaveLength(1);
    const rows = await server.ctx.db
      .selectFrom('oa_leave_req' as never)
      .select(['id' as never, 'status' as never])
      .execute();
    const pending = (rows as { id: string; status: string }[]).find((r) => r.status === '1')!;
    expect((await oa.post(`${api}/action/${id}/cancel`, { id: pending.id })).status).toBe(403);
    expect((await admin.post(`${api}/action/${id}/cancel`, { id: pending.id })).body.success).toBe(true);
    expect(await statusOf(pending.id)).toBe('4');
  });
});
