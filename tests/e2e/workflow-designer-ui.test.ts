import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, signedInPage, startE2eApp, type E2eApp } from './app.js';
import { diagramXml } from '../server/workflow-fixtures.js';
import { flowElements, parseDiagram, type ModdleElement } from '../../src/server/modules/workflow/diagram.js';

// The designer's toolbar zoom, reviewer pickers and unsaved-changes guard as a user meets them
// (spec 2.7, 5.6): the toolbar zooms up to 400 % and then says so; ctrl+wheel zoom moves the
// percentage too; the assignee is picked with the user picker (or typed as an expression) and
// the candidate roles with the role picker, stored as usernames and role codes; with unsaved
// changes, another tab, a side-menu entry or closing the designer's tab asks first (取消 stays,
// 确定 leaves).

const KEY = 'wf_ui_e2e';
let app: E2eApp;
let admin: Page;
let token: string;
let problems: string[];
let modelId = '';

const canvas = () => admin.locator('[data-testid=wf-canvas]');
const panel = () => admin.locator('[data-testid=wf-properties]');
const zoomText = () => admin.locator('[data-testid=wf-zoom]').textContent();
const toast = (text: string) => admin.locator('.ant-message-notice').filter({ hasText: text }).first();
const unsaved = () => admin.locator('[data-testid=wf-unsaved]');
const leaveConfirm = () => admin.locator('.ant-modal-confirm').filter({ hasText: '流程图尚未保存' });

/** The stored model's user task `task1`, read back from the server. */
async function storedTask(): Promise<ModdleElement & { get(n: string): any }> {
  const { result } = await apiCall(app, token, 'GET', `/workflow/model/queryById?id=${modelId}`);
  const { process } = await parseDiagram(result.xml);
  return flowElements(process).find((e) => e.id === 'task1') as ModdleElement & { get(n: string): any };
}

/** Saves the diagram and waits for the server's answer. */
async function save(): Promise<void> {
  const saved = admin.waitForResponse((r) => r.url().includes('/workflow/model/edit'));
  await admin.locator('[data-testid=wf-save]').click();
  expect((await (await saved).json()).success).toBe(true);
  await unsaved().waitFor({ state: 'detached' });
}

beforeAll(async () => {
  app = await startE2eApp();
  ({ page: admin, token, problems } = await signedInPage(app, { width: 1920, height: 1000 }));
  const xml = diagramXml({
    key: KEY,
    name: '界面测试',
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
  modelId = (await apiCall(app, token, 'POST', '/workflow/model/add', { modelKey: KEY, name: '界面测试', xml })).result.id;
  await admin.goto(`${app.server.url}/workflow/designer?id=${modelId}`);
  await canvas().locator('[data-element-id=task1]').first().waitFor();
});
afterAll(async () => {
  await app?.close();
});

describe('designer zoom', () => {
  it('zooms in with the toolbar up to 400 % and then shows 已经放大到最大比例', async () => {
    await expect.poll(zoomText).toBe('100%');
    for (let i = 0; i < 30; i++) await admin.locator('[data-testid=wf-zoom-in]').click();
    await expect.poll(zoomText).toBe('400%');
    await admin.locator('[data-testid=wf-zoom-in]').click();
    await toast('已经放大到最大比例').waitFor();
    await admin.getByRole('button', { name: '适应画布' }).click();
    await expect.poll(zoomText).not.toBe('400%');
  });

  it('follows ctrl+wheel zoom on the canvas in the percentage', async () => {
    await admin.locator('[data-testid=wf-zoom-out]').click();
    const before = await zoomText();
    const box = (await canvas().boundingBox())!;
    await admin.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await admin.keyboard.down('Control');
    await admin.mouse.wheel(0, -300);
    await admin.keyboard.up('Control');
    await expect.poll(zoomText).not.toBe(before);
    // the canvas' own scale and the percentage agree
    const scale = await canvas().evaluate((el) => {
      const vp = el.querySelector('.viewport') as SVGGElement;
      return vp.transform.baseVal.consolidate()!.matrix.a;
    });
    expect(await zoomText()).toBe(`${Math.round(scale * 100)}%`);
    await admin.getByRole('button', { name: '适应画布' }).click();
  });
});

describe('reviewers through the registry pickers', () => {
  it('picks the assignee with the user picker, candidate users and the candidate role with the role picker; an expression stays typeable', async () => {
    await canvas().locator('[data-element-id=task1]').first().click();
    await expect.poll(() => panel().locator('[data-testid=prop-id]').inputValue()).toBe('task1');
    // assignee: search by realname in the user picker, stored as the username
    await panel().locator('[data-testid=prop-assignee] .ant-select-selector').click();
    await panel().locator('[data-testid=prop-assignee] input.ant-select-selection-search-input').fill('杨磊');
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '杨磊' }).first().click();
    // candidate users: several users, comma-joined usernames
    await panel().locator('[data-testid=prop-candidate-users] .ant-select-selector').click();
    await panel().locator('[data-testid=prop-candidate-users] input.ant-select-selection-search-input').fill('李娜');
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '李娜' }).first().click();
    await admin.keyboard.press('Escape');
    // candidate groups: the role picker dialog, stored as the role code
    await panel().locator('[data-testid=prop-candidate-groups]').getByTestId('sel-role-open').click();
    const roles = admin.locator('.ant-modal:visible').filter({ has: admin.getByTestId('role-picker') });
    await roles.waitFor();
    await roles.getByTestId('picker-query-roleName').fill('总经理');
    await roles.getByTestId('picker-search').click();
    const row = roles.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'general_manager' });
    await row.locator('.ant-checkbox-input').check();
    await roles.getByRole('button', { name: /确\s*定/ }).click();
    await roles.waitFor({ state: 'hidden' });
    await expect
      .poll(() => panel().locator('[data-testid=prop-candidate-groups] .ant-select-selection-item').first().textContent())
      .toContain('总经理');

    await save();
    const task = await storedTask();
    expect(task.get('flowable:assignee')).toBe('yanglei');
    expect(task.get('flowable:candidateUsers')).toBe('lina');
    expect(task.get('flowable:candidateGroups')).toBe('general_manager');

    // an expression: the 表达式 toggle takes it as typed
    await panel().locator('[data-testid=prop-assignee-mode] label').filter({ hasText: '表达式' }).click();
    await panel().locator('[data-testid=prop-assignee-expression]').fill('${initiator}');
    await save();
    expect((await storedTask()).get('flowable:assignee')).toBe('${initiator}');
  });
});

describe('unsaved changes guard in-app navigation', () => {
  it('asks before another tab or a side-menu entry leaves the designer: 取消 stays, 确定 leaves', async () => {
    await canvas().locator('[data-element-id=task1]').first().click();
    await panel().locator('[data-testid=prop-name]').fill('经理审批（改）');
    await unsaved().waitFor();

    // another tab of the tab strip: asks, 取消 stays
    // the tab's label (the middle of a short tab is its close button)
    await admin.locator('.page-tabs .ant-tabs-tab').filter({ hasText: '首页' }).first().locator('.ant-tabs-tab-btn').click();
    await leaveConfirm().waitFor();
    await leaveConfirm()
      .getByRole('button', { name: /取\s*消|Cancel/ })
      .click();
    await leaveConfirm().waitFor({ state: 'detached' });
    expect(new URL(admin.url()).pathname).toBe('/workflow/designer');
    await unsaved().waitFor();

    // a side-menu entry: asks, 取消 stays, 确定 leaves
    const sider = admin.locator('.ant-layout-sider');
    const entry = sider.getByText('我的待办', { exact: true });
    if (!(await entry.isVisible())) await sider.locator('.ant-menu-submenu-title').filter({ hasText: '工作流' }).first().click();
    await entry.click();
    await leaveConfirm().waitFor();
    await leaveConfirm()
      .getByRole('button', { name: /取\s*消|Cancel/ })
      .click();
    await leaveConfirm().waitFor({ state: 'detached' });
    expect(new URL(admin.url()).pathname).toBe('/workflow/designer');
    await entry.click();
    await leaveConfirm().waitFor();
    await leaveConfirm()
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await admin.waitForURL(/\/workflow\/todo$/);
    expect(problems).toEqual([]);
  });

  it('asks before the designer’s own tab is closed with unsaved changes: 取消 keeps it, 确定 closes it without asking twice', async () => {
    await admin.goto(`${app.server.url}/workflow/designer?id=${modelId}`);
    await canvas().locator('[data-element-id=task1]').first().click();
    await panel().locator('[data-testid=prop-name]').fill('经理审批（再改）');
    await unsaved().waitFor();
    const designerTab = () => admin.locator('.page-tabs .ant-tabs-tab').filter({ hasText: '流程设计' });
    await designerTab().locator('.ant-tabs-tab-remove').click();
    await leaveConfirm().waitFor();
    await leaveConfirm()
      .getByRole('button', { name: /取\s*消|Cancel/ })
      .click();
    await leaveConfirm().waitFor({ state: 'detached' });
    expect(await designerTab().count()).toBe(1);
    expect(new URL(admin.url()).pathname).toBe('/workflow/designer');
    await unsaved().waitFor();

    await designerTab().locator('.ant-tabs-tab-remove').click();
    await leaveConfirm()
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => new URL(admin.url()).pathname).not.toBe('/workflow/designer');
    await designerTab().waitFor({ state: 'detached' });
    // the navigation that follows the close did not ask again (a question would have held it back)
    expect(await leaveConfirm().count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
