import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { diagramXml, type FixtureFlow, type FixtureNode } from './workflow-fixtures.js';

let server: StartedServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => {
  await server?.close();
});

/** start → the given nodes in a row → end, each with a name. */
function chain(key: string, middle: FixtureNode[], extra: FixtureNode[] = []) {
  const nodes: FixtureNode[] = [
    { id: 'start', type: 'startEvent', name: '开始' },
    ...middle,
    { id: 'end', type: 'endEvent', name: '结束' },
  ];
  const flows: FixtureFlow[] = nodes.slice(1).map((n, i) => ({ id: `f${i}`, from: nodes[i].id, to: n.id }));
  return diagramXml({ key, name: key, nodes: [...nodes, ...extra], flows });
}
const validate = async (xml: string) => {
  const res = await server.app.inject({
    method: 'POST',
    url: `${server.ctx.config.apiBase}/workflow/model/validate`,
    headers: { 'x-access-token': admin.token! },
    payload: { xml },
  });
  return res.json().result as { rule: string; elementId: string; message: string }[];
};

describe('deploy refuses what the engine cannot run', () => {
  it('refuses a timer event, a call activity and a manual task in one message naming all three; nothing is deployed', async () => {
    const xml = chain('p_unrunnable', [
      { id: 'wait1', type: 'intermediateCatchEvent', name: '等一天', inner: '<bpmn:timerEventDefinition />' },
      { id: 'call1', type: 'callActivity', name: '调用子流程', plain: { calledElement: 'other' } },
      { id: 'manual1', type: 'manualTask', name: '线下盖章', attrs: { assignee: 'yanglei' } },
      { id: 'ok1', type: 'userTask', name: '经理审批', attrs: { assignee: 'yanglei' } },
    ]);
    const add = await admin.post('/workflow/model/add', { modelKey: 'p_unrunnable', name: '不可运行', xml });
    expect(add.body.success, add.body.message).toBe(true);
    const dep = await admin.post('/workflow/model/deploy', { id: add.body.result.id });
    expect(dep.body).toMatchObject({
      success: false,
      code: 500,
      message:
        '流程校验未通过：等一天（wait1）：暂不支持该类型的节点（定时中间捕获事件）；调用子流程（call1）：暂不支持该类型的节点（调用活动）；线下盖章（manual1）：暂不支持该类型的节点（手工任务）',
    });
    expect((dep.body.result as { elementId: string }[]).map((p) => p.elementId)).toEqual(['wait1', 'call1', 'manual1']);
    const defs = await server.ctx.db.selectFrom('wf_definition').select('id').where('process_key', '=', 'p_unrunnable').execute();
    expect(defs).toHaveLength(0);
    const model = await server.ctx.db
      .selectFrom('wf_model')
      .select(['status', 'version'])
      .where('model_key', '=', 'p_unrunnable')
      .executeTakeFirstOrThrow();
    expect(model).toEqual({ status: '0', version: 0 });
  });

  it('names the kind of every other unrunnable node: typed start, boundary, receive task, sub-process, event gateway', async () => {
    const xml = diagramXml({
      key: 'p_kinds',
      name: 'p_kinds',
      nodes: [
        { id: 'start', type: 'startEvent', name: '开始', inner: '<bpmn:messageEventDefinition />' },
        { id: 'recv', type: 'receiveTask', name: '等回执' },
        { id: 'sub', type: 'subProcess', name: '子流程' },
        { id: 'egw', type: 'eventBasedGateway', name: '事件网关' },
        { id: 'sig', type: 'intermediateCatchEvent', name: '等信号', inner: '<bpmn:signalEventDefinition />' },
        { id: 'end', type: 'endEvent', name: '结束', inner: '<bpmn:escalationEventDefinition />' },
        { id: 'alt1', type: 'boundaryEvent', name: '超时', plain: { attachedToRef: 'recv' }, inner: '<bpmn:timerEventDefinition />' },
        { id: 'alt2', type: 'endEvent', name: '超时结束' },
      ],
      flows: [
        { id: 'a', from: 'start', to: 'recv' },
        { id: 'b', from: 'recv', to: 'sub' },
        { id: 'c', from: 'sub', to: 'egw' },
        { id: 'd', from: 'egw', to: 'sig' },
        { id: 'e', from: 'sig', to: 'end' },
        { id: 'g', from: 'alt1', to: 'alt2' },
      ],
    });
    const kinds = (await validate(xml)).filter((p) => p.rule === 'supported-elements').map((p) => p.message);
    expect(kinds).toEqual([
      '开始（start）：暂不支持该类型的节点（消息开始事件）',
      '等回执（recv）：暂不支持该类型的节点（接收任务）',
      '子流程（sub）：暂不支持该类型的节点（子流程）',
      '事件网关（egw）：暂不支持该类型的节点（事件网关）',
      '等信号（sig）：暂不支持该类型的节点（信号中间捕获事件）',
      '结束（end）：暂不支持该类型的节点（升级结束事件）',
      '超时（alt1）：暂不支持该类型的节点（定时边界事件）',
    ]);
  });

  it('accepts what runs: plain tasks, blank throw events, inclusive gateways and a terminate end', async () => {
    const xml = diagramXml({
      key: 'p_runs',
      name: 'p_runs',
      nodes: [
        { id: 'start', type: 'startEvent', name: '开始' },
        { id: 'note', type: 'intermediateThrowEvent', name: '已提交' },
        { id: 'split', type: 'inclusiveGateway', name: '分支' },
        { id: 'big', type: 'userTask', name: '大额审批', attrs: { assignee: 'yanglei' } },
        { id: 'alt', type: 'userTask', name: '常规审批', attrs: { assignee: 'lina' } },
        { id: 'join', type: 'inclusiveGateway', name: '汇聚' },
        { id: 'end', type: 'endEvent', name: '结束', inner: '<bpmn:terminateEventDefinition />' },
      ],
      flows: [
        { id: 'a', from: 'start', to: 'note' },
        { id: 'b', from: 'note', to: 'split' },
        { id: 'c', from: 'split', to: 'big', name: '大额', condition: '${totalAmount > 5000}' },
        { id: 'd', from: 'split', to: 'alt', name: '其他' },
        { id: 'e', from: 'big', to: 'join' },
        { id: 'f', from: 'alt', to: 'join' },
        { id: 'g', from: 'join', to: 'end' },
      ],
      defaults: { split: 'd' },
    });
    expect(await validate(xml)).toEqual([]);
  });
});
