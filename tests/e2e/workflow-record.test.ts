import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, apiLogin, signIn, signedInPage, startE2eApp, type E2eApp } from './app.js';
import { expenseProcess } from '../server/workflow-fixtures.js';

// An instance's record in its detail (issue 18 item 9): an approver without the 费用报销 menu
// reads the record with its 费用明细 rows, read-only, and is not offered 打开单据 (its list would
// refuse them); the admin is. The starter voids a process in 我发起的 after a confirmation
// (item 8: … → 已作废).

const KEY = 'oa_expense_record_e2e';
let app: E2eApp;
let admin: Page;
let adminToken: string;
let modelId = '';
/** The model bound to 费用报销 before this file (another file's), rebound afterwards. */
let previous: string | null = null;
const problems: string[] = [];

const api = (token: string | null, method: string, url: string, body?: unknown) => apiCall(app, token, method, url, body);
const login = (username: string) => apiLogin(app, username);

/** The admin files a claim with two lines and submits it; returns the record id. */
async function submitClaim(title: string): Promise<string> {
  const add = await api(adminToken, 'POST', '/online/cgform/api/form/oa_expense', {
    title,
    applicant: 'admin',
    payee_bank: 'ICBC',
    payee_account: '6222020200112233445',
    invoice_count: 2,
    oa_expense_line: [
      { expense_date: '2026-03-02', expense_type: '1', description: '高铁票', amount: 300 },
      { expense_date: '2026-03-03', expense_type: '2', description: '打车费', amount: 45 },
    ],
  });
  expect(add.success, add.message).toBe(true);
  const sub = await api(adminToken, 'POST', '/online/cgform/api/action/oa_expense/submit', { id: add.result });
  expect(sub.success, sub.message).toBe(true);
  return add.result as string;
}

beforeAll(async () => {
  app = await startE2eApp();
  const s = await signedInPage(app);
  admin = s.page;
  adminToken = s.token;
  admin.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  // 费用报销 runs this file's process: 部门审批 by wms_demo (no 费用报销 menu)
  const models = (await api(adminToken, 'GET', '/workflow/model/list?pageNo=1&pageSize=200')).result.records as any[];
  previous = models.find((m) => m.formScreen === 'oa_expense')?.id ?? null;
  if (previous) expect((await api(adminToken, 'PUT', '/workflow/model/edit', { id: previous, formScreen: null })).success).toBe(true);
  const xml = expenseProcess(KEY).replace('assignee="yanglei"', 'assignee="wms_demo"');
  const add = await api(adminToken, 'POST', '/workflow/model/add', { modelKey: KEY, name: '报销单据查看', formScreen: 'oa_expense', xml });
  expect(add.success, add.message).toBe(true);
  modelId = add.result.id;
  const dep = await api(adminToken, 'POST', '/workflow/model/deploy', { id: modelId });
  expect(dep.success, dep.message).toBe(true);
});
afterAll(async () => {
  if (modelId) await api(adminToken, 'PUT', '/workflow/model/edit', { id: modelId, formScreen: null });
  if (previous) await api(adminToken, 'PUT', '/workflow/model/edit', { id: previous, formScreen: 'oa_expense' });
  await app?.close();
});

describe('the record in the detail, and 作废', () => {
  it('shows the approver the 费用明细 rows in the 单据 tab without 打开单据; the admin gets the link', async () => {
    const title = '单据查看的报销';
    const recordId = await submitClaim(title);
    const wmsToken = await login('wms_demo');
    expect((await api(wmsToken, 'GET', '/online/cgform/api/getData/oa_expense')).success).toBe(false);

    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await signIn(page, app.server.url, 'wms_demo');
    await page.goto(`${app.server.url}/workflow/todo`);
    const row = page.locator('.ant-table-row').filter({ hasText: title });
    await row.getByText('办理', { exact: true }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByTestId('wf-record').waitFor();
    await expect.poll(() => modal.getByRole('tab', { selected: true }).textContent()).toBe('单据信息');
    const lines = modal.getByTestId('wf-record-sub');
    await lines.getByText('费用明细', { exact: true }).waitFor();
    const cells = lines.locator('[data-sub-table=oa_expense_line] .ant-table-row');
    await expect.poll(() => cells.count()).toBe(2);
    expect(await cells.nth(0).textContent()).toContain('高铁票');
    expect(await cells.nth(0).textContent()).toContain('差旅费');
    expect(await cells.nth(1).textContent()).toContain('市内交通费');
    // read-only: no inputs in the record, and no link to a list the approver cannot open
    expect(await modal.getByTestId('wf-record').locator('input').count()).toBe(0);
    expect(await lines.locator('input').count()).toBe(0);
    expect(await modal.getByText('打开单据').count()).toBe(0);
    await page.close();

    await admin.goto(`${app.server.url}/workflow/mine`);
    await admin.locator('.ant-table-row').filter({ hasText: title }).getByText('查看', { exact: true }).click();
    const mine = admin.locator('.ant-modal:visible');
    await mine.getByTestId('wf-record-sub').locator('[data-sub-table=oa_expense_line] .ant-table-row').first().waitFor();
    const link = mine.getByRole('link', { name: '打开单据' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/online/cgformList/oa_expense?detail=${recordId}`);
    await mine.locator('.ant-modal-close').click();
    await mine.waitFor({ state: 'detached' });
  });

  it('voids a running process in 我发起的 after the confirmation: the tag says 已作废 and the record is voided', async () => {
    const title = '要作废的单据';
    const recordId = await submitClaim(title);
    await admin.goto(`${app.server.url}/workflow/mine`);
    const row = admin.locator('.ant-table-row').filter({ hasText: title });
    await expect.poll(() => row.getByTestId('wf-status').textContent()).toBe('审批中');
    await row.getByTestId('wf-void').click();
    const confirm = admin.locator('.ant-popover:visible').filter({ hasText: '确定作废该流程吗？作废后单据不可恢复，也不能再修改。' });
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await admin.locator('.ant-message-notice').filter({ hasText: '作废成功！' }).first().waitFor();
    await expect.poll(() => row.getByTestId('wf-status').textContent()).toBe('已作废');
    expect(await row.getByTestId('wf-void').count()).toBe(0);
    const rec = await api(adminToken, 'GET', `/online/cgform/api/form/oa_expense/${recordId}`);
    expect(rec.result.approval_status).toBe('4');
    expect(problems).toEqual([]);
  });
});
