import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formItem, openSideMenu, pickSelect, signIn, signedInPage, startE2eApp, type E2eApp } from './app.js';
import { expenseProcess } from '../server/workflow-fixtures.js';

// The workflow as a new user meets it (spec 2.7): an admin creates 报销审批 bound to 费用报销,
// opens it in the designer, imports the drawing, is refused on deploy while 部门审批 has no
// approver, sets it in the properties panel and deploys. The staff user oa_demo opens 费用报销
// from the side menu, fills, saves and submits two claims (3,000 and 8,000); the approvers find
// them in 我的待办, the diagram marks where each is, and the approvals (department head, the two
// finance counter-signers, the general manager for 8,000) finish both, which oa_demo then sees as
// 已通过. The zoom limits and the one-element align hint show their messages.

const KEY = 'oa_expense_e2e';
let app: E2eApp;
let admin: Page;
const problems: string[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-wf-e2e-'));

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
    // a new diagram carries the model key as process id; the canvas is 700 px high
    expect(await admin.locator('[data-testid=wf-canvas]').evaluate((e) => e.getBoundingClientRect().height)).toBe(700);
  });

  it('shows the zoom limits and the one-element align hint', async () => {
    for (let i = 0; i < 8; i++) await admin.locator('[data-testid=wf-zoom-out]').click();
    await expect.poll(() => admin.locator('[data-testid=wf-zoom]').textContent()).toBe('20%');
    await admin.locator('[data-testid=wf-zoom-out]').click();
    await toast(admin, '已经缩小到最小比例').waitFor();
    // 20 % to 400 % in steps of 10 %, then one more: the max message
    for (let i = 0; i < 38; i++) await admin.locator('[data-testid=wf-zoom-in]').click();
    await expect.poll(() => admin.locator('[data-testid=wf-zoom]').textContent()).toBe('400%');
    await admin.locator('[data-testid=wf-zoom-in]').click();
    await toast(admin, '已经放大到最大比例').waitFor();
    expect(await admin.locator('[data-testid=wf-zoom]').textContent()).toBe('400%');
    await admin.locator('[data-testid=wf-align]').hover();
    // dispatched to the item: a hover menu still animating on a loaded machine is not stable for a click
    const left = admin.locator('.ant-dropdown-menu-item').filter({ hasText: '向左对齐' });
    await left.waitFor({ state: 'visible' });
    await left.dispatchEvent('click');
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
    // the assignee through the user picker: search by realname, pick 杨磊 (stored as yanglei)
    await admin.locator('[data-testid=prop-assignee] .ant-select-selector').click();
    await admin.locator('[data-testid=prop-assignee] input.ant-select-selection-search-input').fill('杨磊');
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '杨磊' }).first().click();
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

  /** A new page signed in as `username`, recording its page errors. */
  const userPage = async (username: string) => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await signIn(page, app.server.url, username);
    return page;
  };
  const claimTitle = (amount: number) => `E2E 报销 ${amount}`;
  /** The 费用报销 list row of a claim. */
  const claimRow = (page: Page, amount: number) =>
    page.locator('.screen-list .ant-table-tbody tr.ant-table-row').filter({ hasText: claimTitle(amount) });
  let staff: Page;

  it('lets oa_demo fill, save and submit both claims (3,000 and 8,000) from 费用报销; each is 审批中 and no longer editable', async () => {
    staff = await userPage('oa_demo');
    await openSideMenu(staff, 'OA审批', '费用报销');
    const modal = staff.locator('.ant-modal:visible');
    const grid = modal.locator('[data-sub-editor=oa_expense_line] .editable-table');
    const editor = () => staff.locator('.editable-table-editor:visible');
    /** The first line's cell under the header `title` of 费用明细. */
    const cell = async (title: string) => {
      const headers = (await grid.locator('.ht_clone_top thead th').allTextContents()).map((t) => t.trim());
      expect(headers, title).toContain(title);
      // the row header is a th: the data cells (td) start after it
      const row = grid.locator('.ht_master tbody tr').first();
      return row.locator('td').nth(headers.indexOf(title) - (await row.locator('th').count()));
    };
    for (const amount of [3000, 8000]) {
      await staff
        .locator('.screen-list')
        .getByRole('button', { name: /新\s*增/ })
        .click();
      await formItem(staff, '报销事由').locator('input').fill(claimTitle(amount));
      await pickSelect(staff, '开户银行', '中国工商银行');
      await formItem(staff, '收款卡号').locator('input').fill('6222020200112233445');
      await formItem(staff, '票据张数').locator('input').fill('1');
      // one line of 费用明细: date, type, description, amount
      await grid.getByRole('button', { name: /新\s*增/ }).click();
      await (await cell('发生日期')).dblclick();
      await editor().locator('.ant-picker').click();
      await editor().locator('.ant-picker-dropdown td.ant-picker-cell-in-view').first().click();
      await (await cell('费用类型')).dblclick();
      await editor().locator('.ant-select').click();
      await editor().locator('.ant-select-item-option', { hasText: '差旅费' }).click();
      for (const [title, text] of [
        ['费用说明', '差旅'],
        ['金额', String(amount)],
      ]) {
        await (await cell(title)).dblclick();
        const input = editor().locator('input').first();
        await input.fill(text);
        await input.press('Enter');
      }
      await modal.getByRole('button', { name: /确\s*定/ }).click();
      await modal.waitFor({ state: 'detached', timeout: 15_000 });

      const row = claimRow(staff, amount);
      // saved with its line: 报销总额 is the line's amount
      await expect.poll(() => row.locator('td').allTextContents()).toContain('草稿');
      expect(await row.locator('td').allTextContents()).toContain(amount.toLocaleString('en-US', { minimumFractionDigits: 2 }));
      await row.getByText('提交', { exact: true }).click();
      await staff
        .locator('.ant-popconfirm')
        .filter({ hasText: '确定提交审批吗？' })
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await expect.poll(() => row.locator('td').allTextContents()).toContain('审批中');
      // read-only to the applicant now: no 编辑, 删除 or 提交; 详情 stays
      expect(await row.getByText('编辑', { exact: true }).count()).toBe(0);
      expect(await row.getByText('删除', { exact: true }).count()).toBe(0);
      expect(await row.getByText('提交', { exact: true }).count()).toBe(0);
      expect(await row.getByText('详情', { exact: true }).count()).toBe(1);
    }
  });

  /** `username` finds both claims in 我的待办, sees each at `node` in the diagram and approves it. */
  const approveBoth = async (username: string, node: string) => {
    const page = await userPage(username);
    await openSideMenu(page, '工作流', '我的待办');
    const row = (amount: number) => page.locator('.ant-table-row').filter({ hasText: claimTitle(amount) });
    await row(8000).waitFor();
    await row(3000).waitFor();
    for (const amount of [8000, 3000]) {
      await row(amount).getByText('办理').click();
      const detail = page.locator('[data-testid=wf-detail]');
      await detail.waitFor();
      await detail.getByRole('tab', { name: '流程图' }).click();
      await page.locator(`[data-testid=wf-diagram] .wf-current[data-element-id=${node}]`).waitFor();
      await page.locator('[data-testid=wf-comment]').fill('同意报销');
      await page
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /同\s*意/ })
        .click();
      await toast(page, '审批成功').waitFor();
      await row(amount).waitFor({ state: 'detached' });
    }
    await page.close();
  };

  it('lets the department head find both in 我的待办, see the diagram at 部门审批 and approve them', async () => {
    await approveBoth('yanglei', 'deptApprove');
  });

  it('lets each finance counter-signer (lina, wangfang) find both in 我的待办 at 财务会签 and approve them', async () => {
    await approveBoth('lina', 'financeSign');
    await approveBoth('wangfang', 'financeSign');
  });

  it('finishes 3,000 after the finance counter-sign and sends 8,000 on to the general manager, who claims and approves it', async () => {
    await staff.reload();
    await expect.poll(() => claimRow(staff, 3000).locator('td').allTextContents(), { timeout: 15_000 }).toContain('已通过');
    await expect.poll(() => claimRow(staff, 8000).locator('td').allTextContents()).toContain('审批中');

    // the general manager sees where 8,000 is, claims and approves it in the browser
    const page = await userPage('zhangwei');
    await openSideMenu(page, '工作流', '我的待办');
    const row = page.locator('.ant-table-row').filter({ hasText: claimTitle(8000) });
    await row.getByText('办理').click();
    await page.locator('[data-testid=wf-detail]').getByRole('tab', { name: '流程图' }).click();
    await page.locator('[data-testid=wf-diagram] .wf-current[data-element-id=gmApprove]').waitFor();
    await page.locator('[data-testid=wf-diagram] .wf-done[data-element-id=deptApprove]').waitFor();
    await page.locator('[data-testid=wf-diagram] .wf-done[data-element-id=financeSign]').waitFor();
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
  });

  it('shows oa_demo both claims as 已通过 in 我发起的 and in the 费用报销 list', async () => {
    await openSideMenu(staff, '工作流', '我发起的');
    const mine = (amount: number) => staff.locator('[data-page=wf-mine] .ant-table-row').filter({ hasText: claimTitle(amount) });
    for (const amount of [3000, 8000]) await expect.poll(() => mine(amount).locator('td').allTextContents()).toContain('已通过');
    await openSideMenu(staff, 'OA审批', '费用报销');
    await staff.reload();
    for (const amount of [3000, 8000]) {
      await expect.poll(() => claimRow(staff, amount).locator('td').allTextContents(), { timeout: 15_000 }).toContain('已通过');
      expect(await claimRow(staff, amount).getByText('编辑', { exact: true }).count()).toBe(0);
    }
    await staff.close();
    expect(problems).toEqual([]);
  });
});
