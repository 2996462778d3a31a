import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, signedInPage, startE2eApp, type E2eApp } from './app.js';
import { flowElements, parseDiagram } from '../../src/server/modules/workflow/diagram.js';

// A model designed from scratch (spec 2.7, 5.6, 9): 新建 → the designer opens on a fresh
// diagram whose process id is the model's key; the palette and context pad speak Chinese; a
// task appended to the start event, then a redraw, both save with 保存成功; unsaved changes show
// 未保存 and leaving with them (返回, closing the page) asks first.

const KEY = 'wf_fresh_e2e';
let app: E2eApp;
let admin: Page;
let token: string;
let problems: string[];

/** Whether the page's beforeunload handlers cancel an unload (the browser then asks before leaving). */
const unloadAsks = () =>
  admin.evaluate(() => {
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  });
const unsaved = () => admin.locator('[data-testid=wf-unsaved]');
const toast = (text: string) => admin.locator('.ant-message-notice').filter({ hasText: text }).first();
const button = (name: string) =>
  admin
    .getByRole('button', { name })
    .or(admin.getByRole('button', { name: name.split('').join(' ') }))
    .first();

/** The stored model's process id and element types, read back from the server. */
async function stored(id: string): Promise<{ id: string; types: string[] }> {
  const { result } = await apiCall(app, token, 'GET', `/workflow/model/queryById?id=${id}`);
  const { process } = await parseDiagram(result.xml);
  return { id: String(process.id), types: flowElements(process).map((e) => e.$type) };
}

beforeAll(async () => {
  app = await startE2eApp();
  ({ page: admin, token, problems } = await signedInPage(app));
});
afterAll(async () => {
  await app?.close();
});

describe('a model designed from scratch', () => {
  let id = '';

  it('opens the designer on a fresh diagram in Chinese, appends a task and saves', async () => {
    await admin.goto(`${app.server.url}/workflow/model`);
    await button('新建').click();
    const modal = admin.locator('.ant-modal:visible');
    await modal.locator('#modelKey').fill(KEY);
    await modal.locator('#name').fill('新建流程');
    await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
    await admin.waitForURL(/\/workflow\/designer\?id=/);
    id = new URL(admin.url()).searchParams.get('id') ?? '';
    const canvas = admin.locator('[data-testid=wf-canvas]');
    await canvas.locator('[data-element-id=StartEvent_1]').first().waitFor();
    expect(await unsaved().count()).toBe(0);

    // palette and context pad in Chinese (the installed bpmn-js texts)
    expect(await canvas.locator('.djs-palette [data-action="create.start-event"]').getAttribute('aria-label')).toBe('创建开始事件');
    expect(await canvas.locator('.djs-palette [data-action="hand-tool"]').getAttribute('aria-label')).toBe('激活抓手工具');
    await canvas.locator('[data-element-id=StartEvent_1]').first().click();
    const append = canvas.locator('.djs-context-pad [data-action="append.append-task"]');
    expect(await append.getAttribute('title')).toBe('添加任务');
    await append.click();
    await admin.mouse.click(700, 300);
    await unsaved().waitFor();

    await admin.locator('[data-testid=wf-save]').click();
    await toast('保存成功').waitFor({ timeout: 15_000 });
    await unsaved().waitFor({ state: 'detached' });
    expect(await stored(id)).toMatchObject({ id: KEY, types: expect.arrayContaining(['bpmn:StartEvent', 'bpmn:Task']) });
  });

  it('redraws and saves the redrawn diagram under the model key', async () => {
    await button('重新绘制').click();
    await admin
      .locator('.ant-modal-confirm-btns')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await admin.locator('[data-testid=wf-canvas] .djs-element.djs-shape').first().waitFor();
    await admin.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
    await unsaved().waitFor();
    await admin.locator('[data-testid=wf-save]').click();
    await toast('保存成功').waitFor({ timeout: 15_000 });
    await unsaved().waitFor({ state: 'detached' });
    expect(await stored(id)).toEqual({ id: KEY, types: ['bpmn:StartEvent'] });
  });

  it('asks before leaving with unsaved changes: 返回 and closing the page ask, and nothing asks once saved', async () => {
    const canvas = admin.locator('[data-testid=wf-canvas]');
    await canvas.locator('[data-element-id=StartEvent_1]').first().click();
    await canvas.locator('.djs-context-pad [data-action="append.end-event"]').click();
    await unsaved().waitFor();

    await button('返回').click();
    const confirm = admin.locator('.ant-modal-confirm').filter({ hasText: '流程图尚未保存' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /取\s*消|Cancel/ }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(admin.url()).toContain('/workflow/designer');

    // closing or reloading the page: the beforeunload handler cancels, so the browser asks
    expect(await unloadAsks()).toBe(true);

    await button('返回').click();
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await admin.waitForURL(/\/workflow\/model$/);
    expect(await stored(id)).toEqual({ id: KEY, types: ['bpmn:StartEvent'] });

    // a saved diagram leaves without a question
    await admin.goto(`${app.server.url}/workflow/designer?id=${id}`);
    await canvas.locator('[data-element-id=StartEvent_1]').first().waitFor();
    expect(await unloadAsks()).toBe(false);
    await button('返回').click();
    await admin.waitForURL(/\/workflow\/model$/);
    expect(problems).toEqual([]);
  });
});
