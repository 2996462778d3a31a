import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startTestServer } from './harness.js';

// The notice websocket {base}/websocket/{userId} (api-contract §9.1) —
// token in Sec-WebSocket-Protocol, only the token's user, HeartBeat answered, pushes on release.
let server: StartedServer;
let wsBase = '';
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const open: WebSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  wsBase = `ws://127.0.0.1:${addr.port}${server.ctx.config.apiBase}`;
  for (const u of ['admin', 'wangfang', 'lina']) tokens[u] = await login(server, u);
  const users = await server.ctx.db.selectFrom('sys_user').select(['id', 'username']).execute();
  for (const u of users) ids[u.username] = u.id;
});
afterAll(async () => {
  for (const s of open) s.terminate();
  await server?.close();
});

/** A socket that records every frame it receives. */
interface Probe {
  ws: WebSocket;
  frames: Record<string, unknown>[];
  next(pred?: (f: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
}

function connect(path: string, protocols?: string[]): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsBase}${path}`, protocols);
    open.push(ws);
    const frames: Record<string, unknown>[] = [];
    const waiters: { pred: (f: Record<string, unknown>) => boolean; done: (f: Record<string, unknown>) => void }[] = [];
    ws.on('message', (data) => {
      const f = JSON.parse(String(data)) as Record<string, unknown>;
      frames.push(f);
      for (const w of [...waiters])
        if (w.pred(f)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.done(f);
        }
    });
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        next: (pred = () => true, ms = 5000) =>
          new Promise((done, fail) => {
            const hit = frames.find(pred);
            if (hit) return done(hit);
            const timer = setTimeout(() => fail(new Error('no frame within ' + ms + ' ms')), ms);
            waiters.push({ pred, done: (f) => (clearTimeout(timer), done(f)) });
          }),
      }),
    );
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the notice websocket', () => {
  it('accepts the token as Sec-WebSocket-Protocol, echoes it, and answers HeartBeat', async () => {
    const p = await connect(`/websocket/${ids.wangfang}`, [tokens.wangfang]);
    expect(p.ws.protocol).toBe(tokens.wangfang);
    p.ws.send('HeartBeat');
    expect(await p.next((f) => f.cmd === 'heartcheck')).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
  });

  it('refuses a missing or invalid token (401) and another user’s channel (403), before the upgrade', async () => {
    await expect(connect(`/websocket/${ids.wangfang}`)).rejects.toThrow('refused 401');
    await expect(connect(`/websocket/${ids.wangfang}`, ['not-a-token'])).rejects.toThrow('refused 401');
    await expect(connect(`/websocket/${ids.admin}`, [tokens.wangfang])).rejects.toThrow('refused 403');
  });

  it('pushes cmd topic to everyone on the release of an ALL notice', async () => {
    const a = await connect(`/websocket/${ids.admin}`, [tokens.admin]);
    const w = await connect(`/websocket/${ids.wangfang}`, [tokens.wangfang]);
    const admin = client(server, tokens.admin);
    const add = await admin.post('/sys/annountCement/add', { titile: '系统升级通知', msgCategory: '1', priority: 'M', msgType: 'ALL' });
    const id = String(add.body.result);
    expect((await admin.get('/sys/annountCement/doReleaseData', { id })).body.success).toBe(true);
    const expected = { cmd: 'topic', msgId: id, msgTxt: '系统升级通知' };
    expect(await a.next((f) => f.cmd === 'topic')).toEqual(expected);
    expect(await w.next((f) => f.cmd === 'topic')).toEqual(expected);
  });

  it('pushes cmd user only to the chosen users', async () => {
    const l = await connect(`/websocket/${ids.lina}`, [tokens.lina]);
    const w = await connect(`/websocket/${ids.wangfang}`, [tokens.wangfang]);
    const admin = client(server, tokens.admin);
    const add = await admin.post('/sys/annountCement/add', {
      titile: '请补交发票',
      msgCategory: '2',
      priority: 'H',
      msgType: 'USER',
      userIds: `${ids.lina},`,
    });
    const id = String(add.body.result);
    expect((await admin.get('/sys/annountCement/doReleaseData', { id })).body.success).toBe(true);
    expect(await l.next((f) => f.cmd === 'user')).toEqual({ cmd: 'user', userId: ids.lina, msgId: id, msgTxt: '请补交发票' });
    await sleep(300);
    expect(w.frames.filter((f) => f.cmd === 'user')).toEqual([]);
  });

  it('closes the socket (4001) once its session has ended', async () => {
    const token = await login(server, 'wangfang');
    const p = await connect(`/websocket/${ids.wangfang}`, [token]);
    const closed = new Promise<number>((r) => p.ws.on('close', (code) => r(code)));
    await client(server, token).post('/sys/logout');
    p.ws.send('HeartBeat');
    expect(await closed).toBe(4001);
  });
});

describe('the table-sync websocket', () => {
  const frame = { type: 'update_vxe_table', data: { socketKey: 'k1', args: [{ id: '1' }, 'case-1'] } };

  it('answers heart_beat and relays a screen page to the users allowed on that screen only', async () => {
    const a = await connect(`/vxeSocket/${ids.admin}/fin_bank_account`, [tokens.admin]);
    const b = await connect(`/vxeSocket/${ids.wangfang}/fin_bank_account`, [tokens.wangfang]);
    const c = await connect(`/vxeSocket/${ids.lina}/fin_bank_account:other`, [tokens.lina]);
    a.ws.send(JSON.stringify({ type: 'heart_beat' }));
    expect(await a.next((f) => f.type === 'heart_beat')).toEqual({ type: 'heart_beat', data: true });
    a.ws.send(JSON.stringify(frame));
    expect(await b.next((f) => f.type === 'update_vxe_table')).toEqual(frame);
    a.ws.send('not json');
    await sleep(300);
    expect(c.frames).toEqual([]);
    // another user's path, and a screen the user may not read: refused before the upgrade
    await expect(connect(`/vxeSocket/${ids.admin}/fin_bank_account`, [tokens.lina])).rejects.toThrow('refused 403');
    const zhaomin = await login(server, 'zhaomin');
    await expect(connect(`/vxeSocket/${ids.zhaomin}/fin_bank_account:detail`, [zhaomin])).rejects.toThrow('refused 403');
  });

  it('keeps a page id that names no screen to the same user', async () => {
    const mine = await connect(`/vxeSocket/${ids.admin}/JVxeTableDemo`, [tokens.admin]);
    const myOtherTab = await connect(`/vxeSocket/${ids.admin}/JVxeTableDemo`, [tokens.admin]);
    const stranger = await connect(`/vxeSocket/${ids.wangfang}/JVxeTableDemo`, [tokens.wangfang]);
    mine.ws.send(JSON.stringify(frame));
    expect(await myOtherTab.next((f) => f.type === 'update_vxe_table')).toEqual(frame);
    await sleep(300);
    expect(stranger.frames).toEqual([]);
  });
});
