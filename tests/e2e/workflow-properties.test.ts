import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, signedInPage, startE2eApp, type E2eApp } from './app.js';
import { diagramXml } from '../server/workflow-fixtures.js';
import { flowElements, parseDiagram, type ModdleElement } from '../../src/server/modules/workflow/diagram.js';

// The designer's properties panel (spec 2.7, 4) on a model of its own (saved, never deployed),
// on a drawing whose flows do not overlap (the gateway's other branch ends lower down): each
// edit is read back from the XML the server stored, so a field that stops writing its BPMN
// attribute fails here.

const KEY = 'oa_expense_props_e2e';
let app: E2eApp;
let admin: Page;
let adminToken: string;
let problems: string[];
let designerUrl = '';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-wf-props-e2e-'));

beforeAll(async () => {
  app = await startE2eApp();
  ({ page: admin, token: adminToken, problems } = await signedInPage(app));
  const add = await apiCall(app, adminToken, 'POST', '/workflow/model/add', { modelKey: KEY, name: '报销审批' });
  expect(add.success, add.message).toBe(true);
  designerUrl = `${app.server.url}/workflow/designer?id=${add.result.id}`;
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the designer properties panel writes the BPMN (spec 2.7, 4)', () => {
  const canvas = () => admin.locator('[data-testid=wf-canvas]');
  const panel = () => admin.locator('[data-testid=wf-properties]');
  /** 报销审批 laid out for clicking: gw → gmApprove straight on, gw → altEnd down to the right. */
  const panelDrawing = () =>
    diagramXml({
      key: KEY,
      name: '报销审批',
      nodes: [
        { id: 'start', type: 'startEvent', name: '开始', attrs: { initiator: 'initiator' } },
        { id: 'deptApprove', type: 'userTask', name: '部门审批', attrs: { assignee: 'yanglei' } },
        {
          id: 'financeSign',
          type: 'userTask',
          name: '财务会签',
          attrs: { assignee: '${signer}' },
          inner: `<bpmn:multiInstanceLoopCharacteristics flowable:collection="lina,wangfang" flowable:elementVariable="signer"><bpmn:completionCondition xsi:type="bpmn:tFormalExpression">\${nrOfCompletedInstances == nrOfInstances}</bpmn:completionCondition></bpmn:multiInstanceLoopCharacteristics>`,
        },
        { id: 'gw', type: 'exclusiveGateway', name: '金额判断' },
        { id: 'altEnd', type: 'endEvent', name: '结束' },
        { id: 'gmApprove', type: 'userTask', name: '总经理审批', attrs: { candidateGroups: 'general_manager' } },
        { id: 'end', type: 'endEvent', name: '结束' },
      ],
      flows: [
        { id: 'f1', from: 'start', to: 'deptApprove' },
        { id: 'f2', from: 'deptApprove', to: 'financeSign' },
        { id: 'f3', from: 'financeSign', to: 'gw' },
        { id: 'f4', from: 'gw', to: 'gmApprove', condition: '${totalAmount > 5000}' },
        { id: 'f5', from: 'gw', to: 'altEnd' },
        { id: 'f6', from: 'gmApprove', to: 'end' },
      ],
      defaults: { gw: 'f5' },
    });
  /** Saves and answers the stored model: its category and its parsed elements by id. */
  const saveAndRead = async () => {
    const saved = admin.waitForResponse((r) => r.url().includes('/workflow/model/edit'));
    await admin.locator('[data-testid=wf-save]').click();
    expect((await (await saved).json()).success).toBe(true);
    const id = new URL(designerUrl).searchParams.get('id');
    const model = (await apiCall(app, adminToken, 'GET', `/workflow/model/queryById?id=${id}`)).result as { category: string; xml: string };
    const { process } = await parseDiagram(model.xml);
    const byId = new Map(flowElements(process).map((e) => [String(e.id), e]));
    return { category: model.category, process, el: (key: string) => byId.get(key) as ModdleElement & { get(n: string): any } };
  };
  /** Selects a diagram shape and waits for its panel. */
  const selectShape = async (id: string) => {
    await canvas().locator(`[data-element-id=${id}]`).first().click();
    await expect.poll(() => panel().locator('[data-testid=prop-id]').inputValue()).toBe(id);
  };
  /** Selects a sequence flow by clicking a quarter along its line (its label sits at the middle). */
  const selectFlow = async (id: string) => {
    const at = await canvas()
      .locator(`.djs-connection[data-element-id=${id}] .djs-hit`)
      .first()
      .evaluate((el) => {
        const line = el as unknown as SVGGeometryElement;
        const p = line.getPointAtLength(line.getTotalLength() / 4);
        const m = line.getScreenCTM()!;
        return { x: p.x * m.a + p.y * m.c + m.e, y: p.x * m.b + p.y * m.d + m.f };
      });
    await admin.mouse.click(at.x, at.y);
    await expect.poll(() => panel().locator('[data-testid=prop-id]').inputValue()).toBe(id);
  };
  const choose = async (testId: string, option: string) => {
    await panel().locator(`[data-testid=${testId}]`).click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  };
  const selected = (testId: string) => panel().locator(`[data-testid=${testId}] .ant-select-selection-item`).textContent();

  it('basic settings: process type, read-only key and name; node key, name, initiator and description', async () => {
    // wide enough for the whole drawing at 100 % beside the panel, clear of the palette
    await admin.setViewportSize({ width: 1920, height: 1000 });
    await admin.goto(designerUrl);
    // the stored drawing shown first, then the panel drawing imported over it
    await canvas().locator('.djs-shape').first().waitFor();
    const file = path.join(dir, 'panel.bpmn');
    fs.writeFileSync(file, panelDrawing());
    await admin.locator('[data-testid=wf-toolbar] input[type=file]').setInputFiles(file);
    await canvas().locator('[data-element-id=altEnd]').first().waitFor();
    // the process (nothing selected): 流程类型, 流程标识 read-only, 流程名称
    await canvas().click({ position: { x: 12, y: 680 } });
    await expect.poll(() => panel().locator('[data-testid=prop-id]').inputValue()).toBe(KEY);
    expect(await panel().locator('[data-testid=prop-id]').isDisabled()).toBe(true);
    expect(await panel().locator('[data-testid=prop-initiator]').count()).toBe(0);
    expect(await panel().locator('[data-testid=prop-documentation]').count()).toBe(0);
    await choose('prop-category', '业务办理');
    await panel().locator('[data-testid=prop-name]').fill('报销审批（新版）');
    // the start event: key, name, initiator variable, description
    await selectShape('start');
    expect(await panel().locator('[data-testid=prop-id]').isDisabled()).toBe(false);
    expect(await panel().locator('[data-testid=prop-initiator]').inputValue()).toBe('initiator');
    await panel().locator('[data-testid=prop-initiator]').fill('applicant');
    await panel().locator('[data-testid=prop-documentation]').fill('提交报销单');
    // a task: a new key and name, no initiator field
    await selectShape('gmApprove');
    expect(await panel().locator('[data-testid=prop-initiator]').count()).toBe(0);
    await panel().locator('[data-testid=prop-id]').fill('gmCheck');
    await panel().locator('[data-testid=prop-name]').fill('总经理审核');

    const saved = await saveAndRead();
    expect(saved.category).toBe('3');
    expect(saved.process.id).toBe(KEY);
    expect(saved.process.name).toBe('报销审批（新版）');
    expect(saved.el('start').get('flowable:initiator')).toBe('applicant');
    expect((saved.el('start').documentation as { text: string }[])[0].text).toBe('提交报销单');
    expect(saved.el('gmApprove')).toBeUndefined();
    expect(saved.el('gmCheck').name).toBe('总经理审核');
    expect(saved.el('gmCheck').get('flowable:candidateGroups')).toBe('general_manager');
  });

  it('flow condition: normal, condition with its expression, default (the source’s default flow, condition cleared); none on a flow leaving the start', async () => {
    await selectFlow('f1');
    expect(await panel().locator('[data-testid=prop-flow-type]').count()).toBe(0);
    await selectFlow('f4');
    await expect.poll(() => selected('prop-flow-type')).toBe('条件流转路径');
    expect(await panel().locator('[data-testid=prop-condition]').inputValue()).toBe('${totalAmount > 5000}');
    await panel().locator('[data-testid=prop-condition]').fill('${totalAmount > 6000}');
    await selectFlow('f5');
    await expect.poll(() => selected('prop-flow-type')).toBe('默认流转路径');
    await choose('prop-flow-type', '普通流转路径');
    let saved = await saveAndRead();
    expect((saved.el('f4').conditionExpression as { body: string }).body).toBe('${totalAmount > 6000}');
    expect(saved.el('gw').default).toBeUndefined();
    expect(saved.el('f5').conditionExpression).toBeUndefined();

    await choose('prop-flow-type', '条件流转路径');
    await panel().locator('[data-testid=prop-condition]').fill('${totalAmount <= 6000}');
    saved = await saveAndRead();
    expect((saved.el('f5').conditionExpression as { body: string }).body).toBe('${totalAmount <= 6000}');

    await choose('prop-flow-type', '默认流转路径');
    expect(await panel().locator('[data-testid=prop-condition]').count()).toBe(0);
    saved = await saveAndRead();
    expect((saved.el('gw').default as ModdleElement).id).toBe('f5');
    expect(saved.el('f5').conditionExpression).toBeUndefined();
    // the panel reads it back from the diagram
    await selectFlow('f4');
    await selectFlow('f5');
    await expect.poll(() => selected('prop-flow-type')).toBe('默认流转路径');
  });

  it('counter-sign: parallel and sequential with loop cardinality, collection, element variable, completion condition and the help; 无 removes them', async () => {
    const mi = (label: string) => panel().locator('[data-testid=prop-multi-instance] label').filter({ hasText: label });
    await selectShape('financeSign');
    expect(await mi('并行会签').locator('input').isChecked()).toBe(true);
    expect(await panel().locator('[data-testid=prop-collection]').inputValue()).toBe('lina,wangfang');
    expect(await panel().locator('[data-testid=prop-element-variable]').inputValue()).toBe('signer');
    expect(await panel().locator('[data-testid=prop-completion-condition]').inputValue()).toBe(
      '${nrOfCompletedInstances == nrOfInstances}',
    );
    for (const v of ['nrOfInstances', 'nrOfActiveInstances', 'nrOfCompletedInstances'])
      await panel()
        .getByText(new RegExp(`${v}：`))
        .first()
        .waitFor();
    await mi('依次审批').click();
    await panel().locator('[data-testid=prop-loop-cardinality]').fill('2');
    await panel().locator('[data-testid=prop-completion-condition]').fill('${nrOfCompletedInstances >= 1}');

    await selectShape('deptApprove');
    expect(await mi('无').locator('input').isChecked()).toBe(true);
    expect(await panel().locator('[data-testid=prop-collection]').count()).toBe(0);
    await mi('并行会签').click();
    await panel().locator('[data-testid=prop-collection]').fill('yanglei,lina');
    await panel().locator('[data-testid=prop-element-variable]').fill('approver');
    let saved = await saveAndRead();
    const finance = saved.el('financeSign').loopCharacteristics as ModdleElement & { get(n: string): any };
    expect(finance.isSequential).toBe(true);
    expect((finance.loopCardinality as { body: string }).body).toBe('2');
    expect((finance.completionCondition as { body: string }).body).toBe('${nrOfCompletedInstances >= 1}');
    expect(finance.get('flowable:collection')).toBe('lina,wangfang');
    const dept = saved.el('deptApprove').loopCharacteristics as ModdleElement & { get(n: string): any };
    expect(dept.$type).toBe('bpmn:MultiInstanceLoopCharacteristics');
    expect(dept.isSequential).toBeFalsy();
    expect(dept.get('flowable:collection')).toBe('yanglei,lina');
    expect(dept.get('flowable:elementVariable')).toBe('approver');

    await mi('无').click();
    expect(await panel().locator('[data-testid=prop-collection]').count()).toBe(0);
    saved = await saveAndRead();
    expect(saved.el('deptApprove').loopCharacteristics).toBeUndefined();
    expect(saved.el('financeSign').loopCharacteristics).toBeDefined();
    expect(problems).toEqual([]);
  });
});
