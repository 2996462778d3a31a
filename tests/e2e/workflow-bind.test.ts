import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, signedInPage, startE2eApp, type E2eApp } from './app.js';

// 绑定表单 in the 流程模型 list: a model made without a screen is bound to 车辆租赁 from its row,
// the list shows the screen, and clearing the picker removes the binding (both saved on the server).

const KEY = 'wf_bind_e2e';
let app: E2eApp;
let admin: Page;
let token: string;
let problems: string[];

const api = (method: string, url: string, body?: unknown) => apiCall(app, token, method, url, body);
const toast = (text: string) => admin.locator('.ant-message-notice').filter({ hasText: text }).first();

beforeAll(async () => {
  app = await startE2eApp();
  ({ page: admin, token, problems } = await signedInPage(app));
});
afterAll(async () => {
  await app?.close();
});

describe('binding a model to a screen from the list', () => {
  it('binds 车辆租赁 through 绑定表单, shows it in the row, then removes the binding', async () => {
    const add = await api('POST', '/workflow/model/add', { modelKey: KEY, name: '租车审批' });
    expect(add.success, add.message).toBe(true);
    const id = add.result.id as string;
    await admin.goto(`${app.server.url}/workflow/model`);
    const row = admin.locator('.ant-table-row').filter({ hasText: KEY });
    await row.getByText('绑定表单').click();
    let modal = admin.locator('.ant-modal:visible');
    await modal.locator('.ant-modal-title').filter({ hasText: '绑定表单：租车审批' }).waitFor();
    await modal.locator('#wf-bind-screen').click();
    await modal.locator('#wf-bind-screen').fill('oa_vehicle_rent');
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '（oa_vehicle_rent）' }).first().click();
    await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast('保存成功').waitFor();
    // the dialog is gone (its closing animation too) before it opens again
    await admin.locator('.ant-modal:visible').waitFor({ state: 'detached' });
    await row.filter({ hasText: 'oa_vehicle_rent' }).waitFor();
    expect((await api('GET', `/workflow/model/queryById?id=${id}`)).result.formScreen).toBe('oa_vehicle_rent');

    await row.getByText('绑定表单').click();
    modal = admin.locator('.ant-modal:visible');
    const picker = modal.locator('.ant-select').filter({ has: admin.locator('#wf-bind-screen') });
    await picker.locator('.ant-select-selection-item').filter({ hasText: 'oa_vehicle_rent' }).waitFor();
    await picker.hover();
    await picker.locator('.ant-select-clear').click();
    await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(async () => (await api('GET', `/workflow/model/queryById?id=${id}`)).result.formScreen).toBeNull();
    // the list reloads after the save: the row loses the screen
    await row.filter({ hasText: 'oa_vehicle_rent' }).waitFor({ state: 'detached' });
    await api('DELETE', `/workflow/model/delete?id=${id}`);
    expect(problems).toEqual([]);
  });
});
