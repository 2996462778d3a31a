import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { StartedServer } from '../../src/server/start.js';
import { assertNoOpenTransaction } from '../../src/server/db/transaction.js';
import { noticeHubOf } from '../../src/server/ws/notice-hub.js';
import { client, login, startTestServer } from './harness.js';
import { diagramXml } from './workflow-fixtures.js';

// The notice bell announces a new task (spec 2.5, issue 18 item 9): each request pushes its own
// new-task messages, right after its own commit, and nothing when it rolls back.
let server: StartedServer;
type Client = ReturnType<typeof client>;
let admin: Client;
let oa: Client;
let yanglei: Client;
let wsBase = '';
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const sockets: WebSocket[] = [];
/** Every push the hub sent, with whether a transaction was still open in the pushing context. */
const pushes: { userIds: string[]; msgId: string; msgTxt: string; insideTx: boolean }[] = [];
const base = '/online/cgform/api';

/**
 * 部门审批 (yanglei), then above 5000 a parallel fork into 财务A (lina) and 财务B (an assignee
 * expression that resolves to nobody: the step fails after 财务A was queued and rolls back),
 * otherwise 财务复核 (lina).
 */
const bellProcess = diagramXml({
  key: 'oa_expense_bell',
  name: '报销铃声',
  nodes: [
    { id: 'start', type: 'startEvent', name: '开始' },
    { id: 'dept', type: 'userTask', name: '部门审批', attrs: { assignee: 'yanglei' } },
    { id: 'gw', type: 'exclusiveGateway', name: '金额判断' },
    { id: 'check', type: 'userTask', name: '财务复核', attrs: { assignee: 'lina' } },
    { id: 'end', type: 'endEvent', name: '结束' },
    { id: 'altFork', type: 'parallelGateway', name: '分支' },
    { id: 'altA', type: 'userTask', name: '财务A', attrs: { assignee: 'lina' } },
    { id: 'altB', type: 'userTask', name: '财务B', attrs: { assignee: '${nobody}' } },
    { id: 'altEndA', type: 'endEvent', name: '结束A' },
    { id: 'altEndB', type: 'endEvent', name: '结束B' },
  ],
  flows: [
    { id: 'f1', from: 'start', to: 'dept' },
    { id: 'f2', from: 'dept', to: 'gw' },
    { id: 'f3', from: 'gw', to: 'check', name: '其他' },
    { id: 'f4', from: 'check', to: 'end' },
    { id: 'f5', from: 'gw', to: 'altFork', name: '大于5000', condition: '${totalAmount > 5000}' },
    { id: 'f6', from: 'altFork', to: 'altA' },
    { id: 'f7', from: 'altFork', to: 'altB' },
    { id: 'f8', from: 'altA', to: 'altEndA' },
    { id: 'f9', from: 'altB', to: 'altEndB' },
  ],
  defaults: { gw: 'f3' },
});

const expense = (title: string, amount: number) => ({
  title,
  payee_bank: 'ICBC',
  payee_account: '6222020200112233445',
  invoice_count: 1,
  oa_expense_line: [{ expense_date: '2026-03-02', expense_type: '1', description: title, amount }],
});

/** A notice socket of `username` that records its `user` frames. */
function listen(username: string): Promise<{ frames: { msgId: string; msgTxt: string }[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsBase}/websocket/${ids[username]}`, [tokens[username]]);
    sockets.push(ws);
    const frames: { msgId: string; msgTxt: string }[] = [];
    ws.on('message', (data) => {
      const f = JSON.parse(String(data));
      if (f.cmd === 'user') frames.push(f);
    });
    ws.on('open', () => resolve({ frames }));
    ws.on('error', reject);
  });
}

const pushedFor = (title: string) => pushes.filter((p) => p.msgTxt.includes(` - ${title}（`));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function addClaim(title: string, amount: number): Promise<string> {
  const add = await oa.post(`${base}/form/oa_expense`, expense(title, amount));
  expect(add.body.success, add.body.message).toBe(true);
  return add.body.result as string;
}
async function deptTask(recordId: string): Promise<string> {
  const todo = (await yanglei.get('/workflow/task/todo', { pageNo: 1, pageSize: 50 })).body.result.records as any[];
  return todo.find((t) => t.recordId === recordId).id;
}

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  wsBase = `ws://127.0.0.1:${addr.port}${server.ctx.config.apiBase}`;
  for (const u of ['admin', 'oa_demo', 'yanglei', 'lina']) tokens[u] = await login(server, u);
  for (const u of await server.ctx.db.selectFrom('sys_user').select(['id', 'username']).execute()) ids[u.username] = u.id;
  [admin, oa, yanglei] = ['admin', 'oa_demo', 'yanglei'].map((u) => client(server, tokens[u]));
  const hub = noticeHubOf(server.ctx);
  const send = hub.sendToUsers.bind(hub);
  hub.sendToUsers = (userIds, msgId, msgTxt) => {
    let insideTx = false;
    try {
      assertNoOpenTransaction();
    } catch {
      insideTx = true;
    }
    pushes.push({ userIds: [...userIds], msgId, msgTxt, insideTx });
    send(userIds, msgId, msgTxt);
  };
  const add = await admin.post('/workflow/model/add', {
    modelKey: 'oa_expense_bell',
    name: '报销铃声',
    formScreen: 'oa_expense',
    xml: bellProcess,
  });
  expect(add.body.success, add.body.message).toBe(true);
  const dep = await admin.post('/workflow/model/deploy', { id: add.body.result.id });
  expect(dep.body.success, dep.body.message).toBe(true);
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await server?.close();
});

describe('the notice bell announces a new task', () => {
  it('pushes each request’s own new-task messages right after its commit; a rolled-back step pushes nothing', async () => {
    const linaSocket = await listen('lina');
    const yangleiSocket = await listen('yanglei');
    const [a, b, c, d] = [
      await addClaim('铃声甲', 100),
      await addClaim('铃声乙', 200),
      await addClaim('铃声丙', 8000),
      await addClaim('铃声丁', 300),
    ];
    for (const [id, title] of [
      [a, '铃声甲'],
      [b, '铃声乙'],
      [c, '铃声丙'],
    ]) {
      const sub = await oa.post(`${base}/action/oa_expense/submit`, { id });
      expect(sub.body.success, sub.body.message).toBe(true);
      // pushed before the answer: right after the commit, not on a timer
      expect(pushedFor(title).map((p) => p.userIds)).toEqual([[ids.yanglei]]);
    }
    const [ta, tb, tc] = [await deptTask(a), await deptTask(b), await deptTask(c)];
    const before = pushes.length;

    // two approvals, a failing approval and a submit, all at once
    const at = (title: string) => () => pushedFor(title).length;
    const seen: Record<string, number> = {};
    const [ra, rb, rc, rd] = await Promise.all([
      yanglei.post('/workflow/task/approve', { taskId: ta, comment: '同意' }).then((r) => ((seen.a = at('铃声甲')()), r)),
      yanglei.post('/workflow/task/approve', { taskId: tb, comment: '同意' }).then((r) => ((seen.b = at('铃声乙')()), r)),
      yanglei.post('/workflow/task/approve', { taskId: tc, comment: '同意' }),
      oa.post(`${base}/action/oa_expense/submit`, { id: d }).then((r) => ((seen.d = at('铃声丁')()), r)),
    ]);
    expect([ra.body.success, rb.body.success, rd.body.success]).toEqual([true, true, true]);
    expect(rc.body).toMatchObject({ success: false, message: '节点 财务B 没有办理人' });
    // each answer came after its own push (1 earlier 部门审批 message for 甲/乙, plus the new one)
    expect(seen).toEqual({ a: 2, b: 2, d: 1 });

    const fresh = pushes.slice(before);
    expect(fresh.map((p) => p.msgTxt).sort()).toEqual(
      [
        '您有新的待办：报销铃声 - 铃声甲（财务复核）',
        '您有新的待办：报销铃声 - 铃声乙（财务复核）',
        '您有新的待办：报销铃声 - 铃声丁（部门审批）',
      ].sort(),
    );
    expect(fresh.every((p) => !p.insideTx)).toBe(true);
    // every pushed message is committed, and every committed new-task message of these was pushed once
    const stored = await server.ctx.db
      .selectFrom('sys_announcement')
      .select(['id', 'titile'])
      .where('bus_type', '=', 'wf_task')
      .where('titile', 'like', '%铃声%')
      .execute();
    expect(stored.map((s) => s.id).sort()).toEqual(pushes.map((p) => p.msgId).sort());
    expect(stored.some((s) => String(s.titile).includes('财务A'))).toBe(false);

    // the bells themselves: lina hears 甲 and 乙 once each, never 丙; yanglei hears 丁
    await sleep(300);
    expect(linaSocket.frames.map((f) => f.msgTxt).sort()).toEqual(
      ['您有新的待办：报销铃声 - 铃声甲（财务复核）', '您有新的待办：报销铃声 - 铃声乙（财务复核）'].sort(),
    );
    expect(yangleiSocket.frames.filter((f) => f.msgTxt.includes('铃声丁'))).toHaveLength(1);
  });
});
