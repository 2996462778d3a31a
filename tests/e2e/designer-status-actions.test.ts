import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formItem, signedInPage, startE2eApp, type E2eApp } from './app.js';

// 联动与按钮 in Chromium: the admin declares, without code, a 提交 button (status 0 → 1 when
// days <= 3) and a linkage (证明 shown and required when 类型 is 2) on an authored screen; the
// list then shows 提交 only on the rows where the condition holds, and it moves the status.

let app: E2eApp;
let page: Page;
let token: string;
let problems: string[];
const id = 'e2e_leave';

beforeAll(async () => {
  app = await startE2eApp();
  ({ page, token, problems } = await signedInPage(app));
});
afterAll(async () => {
  await app?.close();
});

/** Calls the API as the signed-in admin. */
async function api(method: string, url: string, body?: unknown): Promise<{ success: boolean; message: string; result: any }> {
  const res = await fetch(`${app.server.url}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: any };
}

const modal = () => page.locator('.ant-modal:visible [data-page=cgform-actions]');
const cell = (grid: string, key: string) => modal().locator(`[data-grid=${grid}] [data-cell=${key}]`).last();

/** Picks `option` in the select `select` (a locator of the .ant-select). */
async function choose(select: ReturnType<Page['locator']>, option: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  // the next select's options must not be looked for in this one's closing dropdown
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

describe('联动与按钮', () => {
  it('declares a status button with a condition and a linkage; the list and the form follow them', async () => {
    const created = await api('POST', '/online/cgform/api/addAll', {
      schema: {
        id,
        title: '请假单',
        tableName: id,
        tableType: 'single',
        template: 'normal',
        authPre: 'e2e:leave',
        fields: [
          { name: 'remark', title: '摘要', widget: 'input', dbType: 'string', dbLength: 50 },
          { name: 'kind', title: '类型', widget: 'input', dbType: 'string', dbLength: 2 },
          { name: 'days', title: '天数', widget: 'inputNumber', dbType: 'int' },
          { name: 'proof', title: '证明', widget: 'input', dbType: 'string', dbLength: 50 },
          { name: 'status', title: '状态', widget: 'input', dbType: 'string', dbLength: 2, defaultValue: '0' },
        ],
      },
    });
    expect(created.success).toBe(true);

    await page.goto(`${app.server.url}/online/cgform`);
    await page.locator('[data-page=cgform-list] input#tableName').fill(id);
    await page
      .locator('[data-page=cgform-list]')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const head = page.locator('[data-page=cgform-list] .ant-table-tbody tr.ant-table-row').filter({ hasText: '请假单' }).first();
    await head.locator('[data-action=actions]').click();
    await modal().waitFor();
    await choose(modal().locator('[data-field=statusField]'), '状态（status）');
    await modal().locator('[data-action=add-status-action]').click();
    await cell('actions', 'code').fill('submit');
    await cell('actions', 'label').fill('提交');
    await cell('actions', 'from').click();
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await cell('actions', 'to').fill('1');
    await cell('actions', 'permission').fill('submit');
    await cell('actions', 'condition').fill('days <= 3');
    await modal().getByRole('tab', { name: '字段联动' }).click();
    await modal().locator('[data-action=add-linkage]').click();
    await choose(cell('linkage', 'target'), '证明（proof）');
    await choose(cell('linkage', 'whenField'), '类型（kind）');
    await cell('linkage', 'value').fill('2');
    await choose(cell('linkage', 'effect'), '显示并必填');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.locator('.ant-message').getByText('修改成功！').waitFor();

    const schema = (await api('GET', `/online/cgform/head/schema?id=${id}`)).result.schema;
    expect(schema.workflow).toEqual({
      statusField: 'status',
      actions: [{ code: 'submit', label: '提交', from: ['0'], to: '1', permission: 'submit', condition: 'days <= 3' }],
    });
    expect(schema.fields[3].linkage).toEqual([{ when: { field: 'kind', op: 'eq', value: '2' }, then: { visible: true, required: true } }]);

    expect((await api('POST', `/online/cgform/api/doDbSynch/${id}/normal`, {})).success).toBe(true);
    const parent = (await api('GET', `/sys/permission/list?name=${encodeURIComponent('在线开发')}`)).result.find(
      (m: { name: string }) => m.name === '在线开发',
    );
    expect((await api('POST', '/online/cgform/head/addMenu', { id, parentId: parent.id })).success).toBe(true);
    expect((await api('POST', `/online/cgform/api/form/${id}`, { remark: '短假', kind: '1', days: 2 })).success).toBe(true);
    expect((await api('POST', `/online/cgform/api/form/${id}`, { remark: '长假', kind: '1', days: 5 })).success).toBe(true);

    await page.goto(`${app.server.url}/online/cgformList/${id}`);
    const row = (text: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
    await row('短假').getByText('提交', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await row('长假').getByText('提交', { exact: true }).count()).toBe(0);
    await row('短假').getByText('提交', { exact: true }).click();
    const confirm = page.locator('.ant-popover:visible, .ant-modal-confirm:visible');
    if (await confirm.count()) await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => row('短假').getByText('提交', { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    const stored = await api('GET', `/online/cgform/api/getData/${id}?pageSize=10`);
    expect(stored.result.records.find((r: { remark: string }) => r.remark === '短假').status).toBe('1');

    // the form: 证明 shows and is required once 类型 is 2
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.locator('.ant-modal:visible');
    await form.getByText('类型', { exact: true }).waitFor();
    expect(await form.getByText('证明', { exact: true }).count()).toBe(0);
    await formItem(page, '类型').locator('input').first().fill('2');
    await form.getByText('证明', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });
});
