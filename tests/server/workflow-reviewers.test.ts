import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { diagramXml } from './workflow-fixtures.js';

// The reviewers the designer's pickers set (spec 2.7): deploy refuses a user task naming an
// unknown user or role; expressions pass. The role picker labels stored role codes.

let server: StartedServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => {
  await server?.close();
});

const oneTask = (key: string, attrs: Record<string, string>, inner?: string) =>
  diagramXml({
    key,
    name: key,
    nodes: [
      { id: 's', type: 'startEvent', name: '开始' },
      { id: 'task1', type: 'userTask', name: '经理审批', attrs, ...(inner ? { inner } : {}) },
      { id: 'e', type: 'endEvent', name: '结束' },
    ],
    flows: [
      { id: 'a', from: 's', to: 'task1' },
      { id: 'b', from: 'task1', to: 'e' },
    ],
  });

async function deploy(key: string, attrs: Record<string, string>, inner?: string) {
  const add = await admin.post('/workflow/model/add', { modelKey: key, name: key, xml: oneTask(key, attrs, inner) });
  expect(add.body.success, add.body.message).toBe(true);
  return (await admin.post('/workflow/model/deploy', { id: add.body.result.id })).body;
}

describe('deploy checks the reviewers', () => {
  it('refuses an unknown assignee, candidate user or candidate role naming the element; expressions and known ones deploy', async () => {
    expect(await deploy('p_unknown_assignee', { assignee: 'nobody' })).toMatchObject({
      success: false,
      code: 500,
      message: '流程校验未通过：经理审批（task1）：用户 nobody 不存在',
    });
    expect((await deploy('p_unknown_candidate', { candidateUsers: 'lina,ghost' })).message).toBe(
      '流程校验未通过：经理审批（task1）：用户 ghost 不存在',
    );
    expect((await deploy('p_unknown_role', { candidateGroups: 'finance,no_such_role' })).message).toBe(
      '流程校验未通过：经理审批（task1）：角色 no_such_role 不存在',
    );
    // every unknown name at once; the literal collection a counter-sign assigns over is checked too
    const signers = (names: string) =>
      `<bpmn:multiInstanceLoopCharacteristics flowable:collection="${names}" flowable:elementVariable="signer" />`;
    expect((await deploy('p_many', { assignee: '${signer}', candidateGroups: 'nope' }, signers('lina,ghost2'))).message).toBe(
      '流程校验未通过：经理审批（task1）：用户 ghost2 不存在；经理审批（task1）：角色 nope 不存在',
    );
    expect(await deploy('p_signers', { assignee: '${signer}' }, signers('lina,wangfang'))).toMatchObject({ success: true });
    expect(
      await deploy('p_known', { assignee: 'yanglei', candidateUsers: 'lina,wangfang', candidateGroups: 'general_manager' }),
    ).toMatchObject({ success: true });
    expect(await deploy('p_expression', { assignee: '${initiator}', candidateUsers: '${applicant}' })).toMatchObject({ success: true });
  });
});

describe('role picker', () => {
  it('filters by role codes (the labels of a field storing codes)', async () => {
    const res = await admin.get('/sys/role/pickerList', { roleCodes: 'general_manager,finance,none', pageSize: 10 });
    expect(res.body.success).toBe(true);
    const rows = res.body.result.records as { roleCode: string; roleName: string }[];
    expect(rows.map((r) => `${r.roleCode}:${r.roleName}`).sort()).toEqual(['finance:财务', 'general_manager:总经理']);
  });
});
