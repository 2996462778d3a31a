import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, signIn, signedInPage, startE2eApp, type E2eApp } from './app.js';
import { expenseProcess } from '../server/workflow-fixtures.js';

// The workflow as a new user meets it (spec 2.7): an admin creates 报销审批 bound to 费用报销,
// opens it in the designer, imports the drawing, is refused on deploy while 部门审批 has no
// approver, sets it in the properties panel and deploys; two claims (3,000 and 8,000) are
// submitted; the approvers find them in 我的待办, the diagram marks where each is, and the
// approvals finish both. The zoom limits and the one-element align hint show their messages.

const KEY = 'oa_expense_e2e';
let app: E2eApp;
let admin: Page;
const problems: string[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-wf-e2e-'));

async function api(token: string | null, method: string, url: string, body?: unknown) {
  const res = await fetch(`${app.server.url}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: any };
}
const login = async (username: string) =>
  (await api(null, 'POST', '/sys/login', { username, password: E2E_PASSWORD })).result.token as string;
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

/** The drawing as first imported: 部门审批 still without an approver. */
function unassignedDrawing(): string {
  return expenseProcess(KEY).replace(/ flowable:assignee="yanglei"/, '');
}

beforeAll(async () => {
  app = await startE2eApp();
  const s = await signedInPage(app);
  admin = s.page;
  admin.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('designing, deploying and running 报销审批', () => {
  it('creates the model bound to 费用报销 and opens it in the designer', async () => {
    await admin.goto(`${app.server.url}/workflow/model`);
    await admin
      .getByRole('button', { name: '新 建' })
      .or(admin.getByRole('button', { name: '新建' }))
      .first()
      .click();
    const modal = admin.locator('.ant-modal:visible');
    await modal.locator('#modelKey').fill(KEY);
    await modal.locator('#name').fill('报销审批');
    await modal.locator('#formScreen').click();
    await modal.locator('#formScreen').fill('oa_expense');
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '（oa_expense）' }).first().click();
    await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
    await admin.waitForURL(/\/workflow\/designer\?id=/);
    await admin.locator('[data-testid=wf-canvas] .djs-container').waitFor();
    // a new diagram: Process_ + timestamp is replaced on import; the canvas is 700 px high
    expect(await admin.locator('[data-testid=wf-canvas]').evaluate((e) => e.getBoundingClientRect().height)).toBe(700);
  });

  it('shows the zoom limits and the one-element align hint', async () => {
    for (let i = 0; i < 8; i++) await admin.locator('[data-testid=wf-zoom-out]').click();
    await expect.poll(() => admin.locator('[data-testid=wf-zoom]').textContent()).toBe('20%');
    await admin.locator('[data-testid=wf-zoom-out]').click();
    await toast(admin, '已经缩小到最小比例').waitFor();
    await admin.locator('[data-testid=wf-align]').hover();
    await admin.locator('.ant-dropdown-menu-item').filter({ hasText: '向左对齐' }).click();
    await toast(admin, '请按住 Shift 键框选多个元素进行对齐').waitFor();
    await admin.getByRole('button', { name: '适应画布' }).click();
  });

  it('imports the drawing, is refused on deploy naming the element, sets the approver and deploys', async () => {
    const file = path.join(dir, 'expense.bpmn');
    fs.writeFileSync(file, unassignedDrawing());
    await admin.locator('[data-testid=wf-toolbar] input[type=file]').setInputFiles(file);
    await admin.locator('[data-element-id=deptApprove]').first().waitFor();
    await admin
      .getByRole('button', { name: '部 署' })
      .or(admin.getByRole('button', { name: '部署' }))
      .first()
      .click();
    const refusal = admin.locator('.ant-modal-confirm-content');
    await expect.poll(() => refusal.textContent(), { timeout: 15_000 }).toContain('部门审批');
    await admin.locator('.ant-modal-confirm-btns button').click();

    await admin.locator('[data-testid=wf-canvas] [data-element-id=deptApprove]').first().click();
    await admin.locator('[data-testid=prop-assignee]').fill('yanglei');
    expect(
      await admin
        .getByRole('button', { name: '撤 销' })
        .or(admin.getByRole('button', { name: '撤销' }))
        .first()
        .isEnabled(),
    ).toBe(true);
    await admin
      .getByRole('button', { name: '部 署' })
      .or(admin.getByRole('button', { name: '部署' }))
      .first()
      .click();
    await toast(admin, '部署成功，版本 V1').waitFor({ timeout: 15_000 });
  });

  it('adds a task listener through the listener dialog (validation first), saves, and reads it back after a reload', async () => {
    const openTaskListeners = async () => {
      const header = admin.locator('.ant-collapse-header').filter({ hasText: '任务监听器' });
      // the diagram may still be loading (a reload imports it again): click until the task's panel shows
      await expect
        .poll(
          async () => {
            await admin.locator('[data-testid=wf-canvas] [data-element-id=deptApprove]').first().click({ timeout: 5_000 });
            return header.count();
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      return admin.locator('[data-testid=prop-taskListeners]');
    };
    const section = await openTaskListeners();
    await section.getByRole('button', { name: '添加监听器' }).click();
    const dialog = admin.locator('.ant-modal:visible').filter({ has: admin.locator('[data-testid=listener-form]') });
    const ok = dialog.getByRole('button', { name: /确\s*定|OK/ });
    await ok.click();
    await dialog.locator('.ant-form-item-explain-error').filter({ hasText: '请输入值' }).waitFor();
    await dialog.locator('[data-testid=listener-type]').hover();
    await dialog.locator('.ant-select-clear').click();
    await ok.click();
    await dialog.locator('.ant-form-item-explain-error').filter({ hasText: '请选择监听类型' }).waitFor();
    await dialog.locator('[data-testid=listener-type]').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Java 类' }).click();
    await dialog.locator('[data-testid=listener-value]').fill('com.example.NotifyListener');
    await dialog.getByRole('button', { name: '添加字段' }).click();
    await dialog.locator('[data-testid=listener-field-name]').fill('channel');
    await dialog.locator('[data-testid=listener-field-value]').fill('sms');
    await ok.click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByText('com.example.NotifyListener').waitFor();
    await admin.locator('[data-testid=wf-save]').click();
    await toast(admin, '保存成功').waitFor({ timeout: 15_000 });

    await admin.reload();
    await admin.locator('[data-testid=wf-canvas] [data-element-id=deptApprove]').first().waitFor();
    const again = await openTaskListeners();
    await again.getByText('com.example.NotifyListener').waitFor();
    await again.getByText('编辑').first().click();
    expect(await dialog.locator('[data-testid=listener-value]').inputValue()).toBe('com.example.NotifyListener');
    expect(await dialog.locator('[data-testid=listener-field-name]').inputValue()).toBe('channel');
    expect(await dialog.locator('[data-testid=listener-field-value]').inputValue()).toBe('sms');
    await dialog.getByRole('button', { name: /取\s*消|Cancel/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  const claims: Record<number, string> = {};
  it('starts an instance for each submitted claim (3,000 and 8,000)', async () => {
    const oa = await login('oa_demo');
    for (const amount of [3000, 8000]) {
      const add = await api(oa, 'POST', '/online/cgform/api/form/oa_expense', {
        title: `E2E 报销 ${amount}`,
        payee_bank: 'ICBC',
        payee_account: '6222020200112233445',
        invoice_count: 1,
        oa_expense_line: [{ expense_date: '2026-03-02', expense_type: '1', description: '差旅', amount }],
      });
      expect(add.success, add.message).toBe(true);
      const sub = await api(oa, 'POST', '/online/cgform/api/action/oa_expense/submit', { id: add.result });
      expect(sub.success, sub.message).toBe(true);
      claims[amount] = add.result;
    }
  });

  it('lets the department head find both in 我的待办, see the diagram at 部门审批 and approve them', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await signIn(page, app.server.url, 'yanglei');
    await page.goto(`${app.server.url}/workflow/todo`);
    const row = (amount: number) => page.locator('.ant-table-row').filter({ hasText: `E2E 报销 ${amount}` });
    await row(8000).waitFor();
    await row(3000).waitFor();
    for (const amount of [8000, 3000]) {
      await row(amount).getByText('办理').click();
      const detail = page.locator('[data-testid=wf-detail]');
      await detail.waitFor();
      await detail.getByRole('tab', { name: '流程图' }).click();
      await page.locator('[data-testid=wf-diagram] .wf-current[data-element-id=deptApprove]').waitFor();
      await page.locator('[data-testid=wf-comment]').fill('同意报销');
      await page
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /同\s*意/ })
        .click();
      await toast(page, '审批成功').waitFor();
      await row(amount).waitFor({ state: 'detached' });
    }
    await page.close();
  });

  it('finishes 3,000 after the finance counter-sign and sends 8,000 on to the general manager', async () => {
    for (const who of ['lina', 'wangfang']) {
      const token = await login(who);
      const todo = await api(token, 'GET', '/workflow/task/todo?pageNo=1&pageSize=50');
      for (const id of Object.values(claims)) {
        const task = todo.result.records.find((t: { recordId: string }) => t.recordId === id);
        expect(task, `${who}: ${id}`).toBeTruthy();
        expect((await api(token, 'POST', '/workflow/task/approve', { taskId: task.id, comment: '同意' })).success).toBe(true);
      }
    }
    const a = await login('admin');
    const small = await api(a, 'GET', `/online/cgform/api/form/oa_expense/${claims[3000]}`);
    expect(small.result.approval_status).toBe('2');

    // the general manager sees where 8,000 is, claims and approves it in the browser
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await signIn(page, app.server.url, 'zhangwei');
    await page.goto(`${app.server.url}/workflow/todo`);
    const row = page.locator('.ant-table-row').filter({ hasText: 'E2E 报销 8000' });
    await row.getByText('办理').click();
    await page.locator('[data-testid=wf-detail]').getByRole('tab', { name: '流程图' }).click();
    await page.locator('[data-testid=wf-diagram] .wf-current[data-element-id=gmApprove]').waitFor();
    await page.locator('[data-testid=wf-diagram] .wf-done[data-element-id=deptApprove]').waitFor();
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /签\s*收/ })
      .click();
    await toast(page, '签收成功').waitFor();
    await row.getByText('办理').click();
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /同\s*意/ })
      .click();
    await toast(page, '审批成功').waitFor();
    await page.close();
    const big = await api(a, 'GET', `/online/cgform/api/form/oa_expense/${claims[8000]}`);
    expect(big.result.approval_status).toBe('2');
    expect(problems).toEqual([]);
  });
});
