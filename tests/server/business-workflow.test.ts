import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { formatDate } from '../../src/shared/time.js';

let server: StartedServer;
const base = '/online/cgform/api';
type Client = ReturnType<typeof client>;
let oa: Client; // oa_demo: OA staff (submit, void)
let zhaomin: Client; // another OA staff member
let manager: Client; // yanglei: department manager (approve, reject) and OA staff
let boss: Client; // zhangwei: general manager (approve, reject, export)
let wms: Client; // warehouse staff: no OA menu

const expense = (title: string) => ({
  title,
  payee_bank: 'ICBC',
  payee_account: '6222020200112233445',
  invoice_count: 2,
  oa_expense_line: [
    { expense_date: '2026-03-02', expense_type: '1', description: '北京—石家庄高铁二等座', amount: 128.5 },
    { expense_date: '2026-03-03', expense_type: '2', description: '市内出租车费', amount: 46 },
  ],
});

async function addExpense(c: Client, title: string): Promise<string> {
  const res = await c.post(`${base}/form/oa_expense`, expense(title));
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result as string;
}
const row = async (id: string) => (await boss.get(`${base}/form/oa_expense/${id}`)).body.result;
const act = (c: Client, id: string, action: string) => c.post(`${base}/action/oa_expense/${action}`, { id });

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  oa = client(server, await login(server, 'oa_demo'));
  zhaomin = client(server, await login(server, 'zhaomin'));
  manager = client(server, await login(server, 'yanglei'));
  boss = client(server, await login(server, 'zhangwei'));
  wms = client(server, await login(server, 'wms_demo'));
});
afterAll(async () => {
  await server?.close();
});

describe('the OA block (business-screens.md §0, §3.4)', () => {
  it('fills applicant, department, date and the number from the signed-in user; the status starts as draft and is never taken from the body', async () => {
    const res = await oa.post(`${base}/form/oa_expense`, {
      ...expense('差旅报销'),
      applicant: 'zhangwei',
      apply_dept: 'A01',
      approval_status: '2',
    });
    const r = await row(res.body.result);
    expect(r).toMatchObject({ applicant: 'oa_demo', apply_dept: 'A01A01', approval_status: '0' });
    expect(r.apply_no).toMatch(/^BX\d{10}$/);
    expect(r.apply_date).toBe(formatDate());
    // the lines make the header: 128.50 + 46.00, in words, payable (no loan offset)
    expect(r).toMatchObject({ total_amount: 174.5, amount_in_words: '壹佰柒拾肆元伍角整', payable_amount: 174.5 });
    const edit = await oa.put(`${base}/form/oa_expense`, { id: r.id, title: '差旅报销（改）', approval_status: '2' });
    expect(edit.body.success).toBe(true);
    expect((await row(r.id)).approval_status).toBe('0');
  });
});

describe('status actions: who may do what in which state', () => {
  it('lets only the applicant submit a draft; then the record is read-only to the applicant', async () => {
    const id = await addExpense(oa, '提交测试');
    const other = await act(zhaomin, id, 'submit');
    expect(other.body).toMatchObject({ success: false, message: '只有申请人本人可以提交' });
    const ok = await act(oa, id, 'submit');
    expect(ok.body).toMatchObject({ success: true, message: '提交成功！' });
    expect((await row(id)).approval_status).toBe('1');
    const again = await act(oa, id, 'submit');
    expect(again.body).toMatchObject({ success: false, message: '当前状态不能提交' });
    const edit = await oa.put(`${base}/form/oa_expense`, { id, title: '审批中还想改' });
    expect(edit.body).toMatchObject({ success: false, message: '审批中或已通过的单据不能修改或删除' });
    const del = await oa.del(`${base}/form/oa_expense/${id}`);
    expect(del.body).toMatchObject({ success: false, message: '审批中或已通过的单据不能修改或删除' });
    expect((await row(id)).title).toBe('提交测试');
  });

  it('lets managers approve or reject a pending record (403 for staff without the button), never their own', async () => {
    const id = await addExpense(oa, '审批测试');
    await act(oa, id, 'submit');
    expect((await act(oa, id, 'approve')).status).toBe(403);
    expect((await act(wms, id, 'approve')).status).toBe(403);
    const approved = await act(manager, id, 'approve');
    expect(approved.body).toMatchObject({ success: true, message: '审批通过成功！' });
    expect((await row(id)).approval_status).toBe('2');
    expect((await act(boss, id, 'reject')).body).toMatchObject({ success: false, message: '当前状态不能驳回' });
    expect((await act(oa, id, 'void')).body).toMatchObject({ success: false, message: '当前状态不能作废' });
    // a manager's own application: submitted by them, approved by someone else only
    const own = await addExpense(manager, '经理本人报销');
    await act(manager, own, 'submit');
    expect((await act(manager, own, 'approve')).body).toMatchObject({ success: false, message: '不能审批通过自己提交的单据' });
    expect((await act(boss, own, 'approve')).body.success).toBe(true);
  });

  it('returns a rejected record to the applicant, who edits and resubmits it; drafts and rejected records may be voided', async () => {
    const id = await addExpense(oa, '驳回测试');
    await act(oa, id, 'submit');
    expect((await act(boss, id, 'reject')).body).toMatchObject({ success: true, message: '驳回成功！' });
    expect((await row(id)).approval_status).toBe('3');
    expect((await oa.put(`${base}/form/oa_expense`, { id, title: '驳回后修改' })).body.success).toBe(true);
    expect((await act(oa, id, 'submit')).body.success).toBe(true);
    await act(boss, id, 'reject');
    expect((await act(oa, id, 'void')).body).toMatchObject({ success: true, message: '作废成功！' });
    expect((await row(id)).approval_status).toBe('4');
    expect((await act(oa, id, 'submit')).body).toMatchObject({ success: false, message: '当前状态不能提交' });
    expect((await oa.put(`${base}/form/oa_expense`, { id, title: '作废后修改' })).body.success).toBe(false);
  });

  it('refuses an unknown action and a record outside the caller’s tenant scope', async () => {
    const id = await addExpense(oa, '未知动作');
    expect((await act(oa, id, 'publish')).body).toMatchObject({ success: false, message: '未定义的操作：publish' });
    expect((await act(oa, 'no-such-id', 'submit')).body).toMatchObject({ success: false, message: '请选择一条记录！' });
  });

  it('runs an action’s declared effects: approving a project initiation makes it 已立项', async () => {
    const pm = client(server, await login(server, 'pm_demo'));
    const add = await pm.post(`${base}/form/pm_project`, {
      project_name: '流程测试园区智能化弱电工程',
      project_type: '2',
      customer_name: '京津冀智慧城市投资发展有限公司',
      area: '110106',
      estimated_amount: 1200000,
      estimated_cost: 900000,
      plan_start: '2026-04-01',
      plan_end: '2026-12-31',
      project_manager: 'pm_demo',
    });
    expect(add.body.success, add.body.message).toBe(true);
    const id = add.body.result;
    const p0 = (await boss.get(`${base}/form/pm_project/${id}`)).body.result;
    expect(p0).toMatchObject({ project_status: '1', approval_status: '0', gross_margin_rate: 25 });
    expect((await pm.post(`${base}/action/pm_project/submit`, { id })).body.success).toBe(true);
    expect((await boss.post(`${base}/action/pm_project/approve`, { id })).body.success).toBe(true);
    expect((await boss.get(`${base}/form/pm_project/${id}`)).body.result).toMatchObject({ project_status: '2', approval_status: '2' });
  });
});
