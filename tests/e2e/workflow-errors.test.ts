import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { apiCall, signedInPage, startE2eApp, type E2eApp } from './app.js';

// The workflow screens never swallow a failure (spec 8) and show each instance status in its
// colour (spec 2.7): elements bpmn-js skips on import are listed, a failed save says 保存流程图失败,
// a refused instance detail shows the server's message instead of spinning, a script listener
// needs its script or resource; the status tags of
// 我发起的 and of the detail carry the Chinese label and colour of running/approved/rejected/withdrawn.

const KEY = 'wf_errors_e2e';
let app: E2eApp;
let admin: Page;
let token: string;
let problems: string[];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-wf-err-'));

const toast = (text: string) => admin.locator('.ant-message-notice').filter({ hasText: text }).first();
const envelope = (route: Route, body: object) =>
  route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 200, timestamp: Date.now(), ...body }) });

/** A drawing whose flow `Flow_lost` starts at a task without a shape: bpmn-js cannot draw the flow. */
const drawingWithLostFlow = () => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="d1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${KEY}" name="错误提示" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:userTask id="hidden" name="无图形任务" />
    <bpmn:sequenceFlow id="Flow_lost" sourceRef="hidden" targetRef="start" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="dia">
    <bpmndi:BPMNPlane id="plane" bpmnElement="${KEY}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="180" y="160" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_lost_di" bpmnElement="Flow_lost"><di:waypoint x="100" y="178" /><di:waypoint x="180" y="178" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

beforeAll(async () => {
  app = await startE2eApp();
  ({ page: admin, token, problems } = await signedInPage(app));
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the designer shows what failed', () => {
  it('lists the elements an import skipped', async () => {
    const { result } = await apiCall(app, token, 'POST', '/workflow/model/add', { modelKey: KEY, name: '错误提示' });
    await admin.goto(`${app.server.url}/workflow/designer?id=${result.id}`);
    await admin.locator('[data-testid=wf-canvas] [data-element-id=StartEvent_1]').first().waitFor();
    const file = path.join(dir, 'lost.bpmn');
    fs.writeFileSync(file, drawingWithLostFlow());
    await admin.locator('[data-testid=wf-toolbar] input[type=file]').setInputFiles(file);
    const warning = admin.locator('[data-testid=wf-import-warnings]');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Flow_lost');
    await admin.locator('.ant-modal-confirm-btns button').click();
  });

  it('says 保存流程图失败 when the save cannot reach the server', async () => {
    await admin.route('**/workflow/model/edit*', (r) => r.abort());
    await admin.locator('[data-testid=wf-save]').click();
    await toast('保存流程图失败').waitFor();
    expect(await admin.locator('.ant-message-notice').filter({ hasText: '导出流程图失败' }).count()).toBe(0);
    await admin.unroute('**/workflow/model/edit*');
  });

  it('refuses a script listener without its script or resource with 请输入值 (spec 5.2)', async () => {
    await admin.locator('[data-testid=wf-canvas] [data-element-id=start]').first().click();
    const header = admin.locator('.ant-collapse-header').filter({ hasText: '执行监听器' });
    await header.waitFor();
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await admin.locator('[data-testid=prop-executionListeners]').getByRole('button', { name: '添加监听器' }).click();
    const dialog = admin.locator('.ant-modal:visible').filter({ has: admin.locator('[data-testid=listener-form]') });
    await dialog.locator('[data-testid=listener-type]').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '脚本' }).click();
    const ok = dialog.getByRole('button', { name: /确\s*定|OK/ });
    const error = dialog.locator('.ant-form-item-explain-error').filter({ hasText: '请输入值' });
    await ok.click();
    await error.waitFor();
    expect(await dialog.locator('.ant-form-item-has-error [data-testid=listener-script]').count()).toBe(1);
    await dialog.getByText('外部资源').click();
    await ok.click();
    await error.waitFor();
    expect(await dialog.locator('.ant-form-item-has-error [data-testid=listener-resource]').count()).toBe(1);
    await dialog.locator('[data-testid=listener-resource]').fill('scripts/notify.groovy');
    await ok.click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('instance statuses and a refused detail', () => {
  const statuses = [
    { status: 'running', text: '审批中', color: 'processing' },
    { status: 'approved', text: '已通过', color: 'success' },
    { status: 'rejected', text: '已驳回', color: 'error' },
    { status: 'withdrawn', text: '已撤回', color: 'default' },
    { status: 'voided', text: '已作废', color: 'warning' },
  ];

  it('colours and names each status in 我发起的 and in the detail; a refused detail shows the message', async () => {
    const rows = statuses.map((s, n) => ({
      id: `i-${s.status}`,
      instanceId: `i-${s.status}`,
      processName: '报销审批',
      version: 1,
      title: `单据${n}`,
      status: s.status,
      status_dictText: 'x',
      currentTask: null,
      startTime: '2025-01-01 09:00:00',
      endTime: null,
      withdrawable: false,
      voidable: false,
    }));
    await admin.route('**/workflow/instance/mine*', (r) =>
      envelope(r, { success: true, message: '', result: { records: rows, total: rows.length, size: 10, current: 1, pages: 1 } }),
    );
    await admin.route('**/workflow/instance/detail*', (r) => {
      const id = new URL(r.request().url()).searchParams.get('id');
      if (id === 'i-running') return envelope(r, { success: false, code: 500, message: '无权查看该流程实例' });
      return envelope(r, {
        success: true,
        message: '',
        result: {
          instance: { ...rows.find((x) => x.id === id), starter: 'admin', screenId: 's', recordId: 'r' },
          record: [],
          history: [],
          xml: null,
          currentNodes: [],
          finishedNodes: [],
          openTasks: [],
          subTables: [],
          recordLink: null,
        },
      });
    });
    await admin.goto(`${app.server.url}/workflow/mine`);
    const tags = admin.locator('[data-page=wf-mine] [data-testid=wf-status]');
    await expect.poll(() => tags.count(), { timeout: 15_000 }).toBe(statuses.length);
    for (const [n, s] of statuses.entries()) {
      expect(await tags.nth(n).textContent()).toBe(s.text);
      expect(await tags.nth(n).getAttribute('class')).toContain(`ant-tag-${s.color}`);
    }

    const row = (s: string) => admin.locator('[data-page=wf-mine] tr').filter({ has: admin.locator(`[data-status=${s}]`) });
    await row('rejected').getByText('查看').click();
    const modal = admin.locator('.ant-modal:visible');
    await modal.locator('[data-testid=wf-detail] [data-testid=wf-status]').waitFor();
    expect(await modal.locator('[data-testid=wf-detail] [data-testid=wf-status]').textContent()).toBe('已驳回');
    expect(await modal.locator('[data-testid=wf-detail] [data-testid=wf-status]').getAttribute('class')).toContain('ant-tag-error');
    await modal.locator('.ant-modal-close').click();
    await modal.waitFor({ state: 'hidden' });

    await row('running').getByText('查看').click();
    const refused = admin.locator('.ant-modal:visible [data-testid=wf-detail-error]');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('无权查看该流程实例');
    expect(await admin.locator('.ant-modal:visible .ant-spin').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
