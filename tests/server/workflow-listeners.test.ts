import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';

let server: StartedServer;
let admin: ReturnType<typeof client>;
let oa: ReturnType<typeof client>; // oa_demo: staff without the process-model pages

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  admin = client(server, await login(server, 'admin'));
  oa = client(server, await login(server, 'oa_demo'));
});
afterAll(async () => {
  await server?.close();
});

const list = async () => (await admin.get('/workflow/listener/list')).body.result as any[];
const countRows = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('wf_listener')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('custom global listeners (spec 2.7, 5.2)', () => {
  it('an admin adds, lists, edits and deletes a class listener', async () => {
    const add = await admin.post('/workflow/listener/add', {
      listenername: '审批日志',
      listenereven: 'end',
      listenertype: 'classListener',
      listenervalue: 'com.example.AuditListener',
    });
    expect(add.body, add.body.message).toMatchObject({ success: true });
    const id = add.body.result as string;
    expect(await list()).toEqual([
      {
        id,
        listenername: '审批日志',
        listenereven: 'end',
        listenertype: 'classListener',
        listenervalue: 'com.example.AuditListener',
        state: '1',
      },
    ]);
    expect((await admin.get('/workflow/listener/list', { listenereven: 'start' })).body.result).toEqual([]);

    const edit = await admin.put('/workflow/listener/edit', {
      id,
      listenername: '审批日志2',
      listenereven: 'start',
      listenertype: 'classListener',
      listenervalue: 'com.example.Audit2',
    });
    expect(edit.body, edit.body.message).toMatchObject({ success: true });
    expect(await list()).toMatchObject([{ id, listenername: '审批日志2', listenereven: 'start', listenervalue: 'com.example.Audit2' }]);

    const del = await admin.del('/workflow/listener/delete', { id });
    expect(del.body, del.body.message).toMatchObject({ success: true });
    expect(await list()).toEqual([]);
  });

  it('refuses a listener of another type, without a value or a bad body, writing nothing', async () => {
    const before = await countRows();
    const cases: [unknown, string][] = [
      [{ listenername: 'x', listenereven: 'start', listenertype: 'expressionListener', listenervalue: '${a}' }, '全局监听器只能是 Java 类'],
      [{ listenername: 'x', listenereven: 'start', listenertype: 'classListener', listenervalue: '  ' }, '请输入值'],
      [{ listenername: 'x', listenereven: 'start', listenervalue: 'a.B' }, '请选择监听类型'],
      [{ listenername: 'x', listenereven: 'later', listenertype: 'classListener', listenervalue: 'a.B' }, '请选择事件'],
      [{ listenername: 'x', listenertype: 'classListener', listenervalue: 'a'.repeat(501) }, 'listenervalue 长度不能超过 500'],
      [['not', 'an', 'object'], '请求数据格式不正确'],
    ];
    for (const [body, text] of cases) {
      const r = await admin.post('/workflow/listener/add', body);
      expect(r.status).toBe(200);
      expect(r.body, JSON.stringify(body).slice(0, 80)).toMatchObject({ success: false, code: 500 });
      expect(r.body.message).toContain(text);
    }
    const edit = await admin.put('/workflow/listener/edit', {
      id: 'nope',
      listenername: 'x',
      listenertype: 'classListener',
      listenervalue: 'a.B',
    });
    expect(edit.body).toMatchObject({ success: false, code: 500, message: '监听器不存在' });
    expect(await countRows()).toBe(before);
  });

  it('refuses a user without the process-model permission', async () => {
    const body = { listenername: 'x', listenereven: 'start', listenertype: 'classListener', listenervalue: 'a.B' };
    const r = await oa.post('/workflow/listener/add', body);
    expect(r.body.success).toBe(false);
    expect([401, 403, 510]).toContain(r.body.code ?? r.status);
    expect(await countRows()).toBe(0);
    const seeded = await admin.post('/workflow/listener/add', body);
    const id = seeded.body.result as string;
    expect((await oa.del('/workflow/listener/delete', { id })).body.success).toBe(false);
    expect((await oa.put('/workflow/listener/edit', { ...body, id, listenervalue: 'c.D' })).body.success).toBe(false);
    expect(await list()).toMatchObject([{ id, listenervalue: 'a.B' }]);
  });
});
