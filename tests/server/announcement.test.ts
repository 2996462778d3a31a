import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { newId } from '../../src/server/db/ids.js';
import { client, login, startTestServer } from './harness.js';

// Announcements — CRUD on the generic engine with the module's hooks, release
// and revoke, the bell's unread lists, mark read, the user's own list, permissions.
let server: StartedServer;
let admin: ReturnType<typeof client>;
let wangfang: ReturnType<typeof client>;
let lina: ReturnType<typeof client>;
let userIds: Record<string, string>;

const db = () => server.ctx.db;
const row = (id: string) => db().selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const count = async () =>
  Number(
    (
      await db()
        .selectFrom('sys_announcement')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  server = await startTestServer();
  // start from no announcements (the demo seed writes a few)
  await server.ctx.db.deleteFrom('sys_announcement_send').execute();
  await server.ctx.db.deleteFrom('sys_announcement').execute();
  admin = client(server, await login(server, 'admin'));
  wangfang = client(server, await login(server, 'wangfang'));
  lina = client(server, await login(server, 'lina'));
  const users = await db().selectFrom('sys_user').select(['id', 'username']).execute();
  userIds = Object.fromEntries(users.map((u) => [u.username, u.id]));
});
afterAll(async () => server?.close());

async function draft(body: Record<string, unknown>): Promise<string> {
  const res = await admin.post('/sys/annountCement/add', { msgCategory: '1', priority: 'L', msgType: 'ALL', ...body });
  expect(res.body, res.body.message).toMatchObject({ success: true, code: 200 });
  return String(res.body.result);
}

describe('announcement CRUD (generic engine + hooks)', () => {
  it('adds a draft with sanitised rich content, the author as sender and send_status 0', async () => {
    const id = await draft({
      titile: '关于五一劳动节放假安排的通知',
      msgContent:
        '<p onclick="steal()">放假<b>5</b>天</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>',
      priority: 'H',
      sendStatus: '1',
    });
    const r = await row(id);
    expect(r).toMatchObject({
      titile: '关于五一劳动节放假安排的通知',
      priority: 'H',
      send_status: '0',
      sender: 'admin',
      del_flag: '0',
      msg_type: 'ALL',
    });
    expect(r.msg_content).toContain('<b>5</b>');
    expect(r.msg_content).not.toMatch(/script|onerror|onclick|javascript:/);
  });

  it('lists with filters and reads one by id in camelCase', async () => {
    const list = await admin.get('/sys/annountCement/list', { titile: '*五一*', pageNo: 1, pageSize: 10 });
    expect(list.body.success).toBe(true);
    expect(list.body.result.total).toBe(1);
    const rec = list.body.result.records[0];
    expect(rec).toMatchObject({ titile: '关于五一劳动节放假安排的通知', priority_dictText: '高', sendStatus_dictText: '未发布' });
    const one = await admin.get('/sys/annountCement/queryById', { id: rec.id });
    expect(one.body.result).toMatchObject({ id: rec.id, titile: '关于五一劳动节放假安排的通知', sendStatus: '0', msgCategory: '1' });
  });

  it('edits a draft by PUT and by POST, sanitising again', async () => {
    const id = await draft({ titile: '草稿' });
    expect((await admin.put('/sys/annountCement/edit', { id, titile: '草稿（修订）' })).body.success).toBe(true);
    const post = await admin.post('/sys/annountCement/edit', { id, msgContent: '<p>ok</p><iframe src="https://evil"></iframe>' });
    expect(post.body.success).toBe(true);
    const r = await row(id);
    expect(r.titile).toBe('草稿（修订）');
    expect(r.msg_content).toBe('<p>ok</p>');
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await count();
    const noUsers = await admin.post('/sys/annountCement/add', {
      titile: '指定用户但未选',
      msgCategory: '1',
      priority: 'L',
      msgType: 'USER',
    });
    expect(noUsers.body).toMatchObject({ success: false, code: 500, message: '请选择接收通知的用户' });
    const badRange = await admin.post('/sys/annountCement/add', {
      titile: '时间颠倒',
      msgCategory: '1',
      priority: 'L',
      msgType: 'ALL',
      startTime: '2026-05-02 00:00:00',
      endTime: '2026-05-01 00:00:00',
    });
    expect(badRange.body).toMatchObject({ success: false, message: '结束时间不能早于开始时间' });
    const noTitle = await admin.post('/sys/annountCement/add', { msgCategory: '1', priority: 'L', msgType: 'ALL' });
    expect(noTitle.body.success).toBe(false);
    const badPriority = await admin.post('/sys/annountCement/add', { titile: 'x', msgCategory: '1', priority: 'Z', msgType: 'ALL' });
    expect(badPriority.body.success).toBe(false);
    const badPage = await admin.post('/sys/annountCement/add', {
      titile: '危险链接',
      msgCategory: '1',
      priority: 'L',
      msgType: 'ALL',
      openType: 'url',
      openPage: 'javascript:alert(1)',
    });
    expect(badPage.body).toMatchObject({ success: false, message: '处理页面须以 / 或 http(s):// 开头' });
    expect(await count()).toBe(before);
    const noId = await admin.get('/sys/annountCement/doReleaseData', { id: '' });
    expect(noId.body).toMatchObject({ success: false, code: 500 });
    const missing = await admin.get('/sys/annountCement/doReleaseData', { id: 'no-such-id' });
    expect(missing.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const markNoId = await wangfang.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', {});
    expect(markNoId.body).toMatchObject({ success: false, code: 500 });
  });

  it('soft-deletes a draft: gone from the list, the row kept with del_flag 1', async () => {
    const id = await draft({ titile: '将被删除的草稿' });
    expect((await admin.del('/sys/annountCement/delete', { id })).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await row(id)).del_flag).toBe('1');
    const list = await admin.get('/sys/annountCement/list', { titile: '将被删除的草稿' });
    expect(list.body.result.total).toBe(0);
    expect((await admin.get('/sys/annountCement/doReleaseData', { id })).body.message).toBe('未找到对应实体');
  });
});

describe('release, the bell and revoke', () => {
  let allId = '';
  let userId = '';

  it('releases to everyone: send rows for every user, the notice in each unread list', async () => {
    allId = await draft({ titile: '全员通知：消防演练', priority: 'M' });
    const res = await admin.get('/sys/annountCement/doReleaseData', { id: allId });
    expect(res.body).toMatchObject({ success: true, code: 200, message: '该系统通知发布成功' });
    const r = await row(allId);
    expect(r.send_status).toBe('1');
    expect(r.send_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const users = await db().selectFrom('sys_user').select('id').where('del_flag', '=', 0).execute();
    const sends = await db().selectFrom('sys_announcement_send').selectAll().where('annt_id', '=', allId).execute();
    expect(sends.length).toBe(users.length);
    expect(sends.every((s) => s.read_flag === '0')).toBe(true);
    const bell = await wangfang.get('/sys/annountCement/listByUser', { pageSize: 5 });
    expect(bell.body.success).toBe(true);
    expect(bell.body.result).toMatchObject({ anntMsgTotal: 1, sysMsgTotal: 0, sysMsgList: [] });
    expect(bell.body.result.anntMsgList[0]).toMatchObject({ id: allId, titile: '全员通知：消防演练', priority: 'M', sender: 'admin' });
    expect(bell.body.result.anntMsgList[0]).not.toHaveProperty('tenantId');
  });

  it('refuses to release a published notice twice, and to edit or delete it', async () => {
    expect((await admin.get('/sys/annountCement/doReleaseData', { id: allId })).body).toMatchObject({
      success: false,
      message: '该系统通知已发布，请勿重复发布',
    });
    expect((await admin.put('/sys/annountCement/edit', { id: allId, titile: '改标题' })).body).toMatchObject({
      success: false,
      message: '已发布的系统通知不能修改，请先撤销',
    });
    expect((await admin.del('/sys/annountCement/delete', { id: allId })).body.success).toBe(false);
    expect((await row(allId)).titile).toBe('全员通知：消防演练');
  });

  it('releases a system message to chosen users only', async () => {
    userId = await draft({ titile: '您的报销单已审批', msgCategory: '2', priority: 'H', msgType: 'USER', userIds: `${userIds.lina},` });
    expect((await row(userId)).user_ids).toBe(`${userIds.lina},`);
    expect((await admin.get('/sys/annountCement/doReleaseData', { id: userId })).body.success).toBe(true);
    const linaBell = (await lina.get('/sys/annountCement/listByUser')).body.result;
    expect(linaBell).toMatchObject({ anntMsgTotal: 1, sysMsgTotal: 1 });
    expect(linaBell.sysMsgList[0]).toMatchObject({ id: userId, msgCategory: '2' });
    const wangBell = (await wangfang.get('/sys/annountCement/listByUser')).body.result;
    expect(wangBell).toMatchObject({ anntMsgTotal: 1, sysMsgTotal: 0 });
    // the detail is for its recipients (and the admin screen's holders) only
    expect((await wangfang.get('/sys/annountCement/queryById', { id: userId })).body).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });
    expect((await lina.get('/sys/annountCement/queryById', { id: userId })).body.result).toMatchObject({
      id: userId,
      titile: '您的报销单已审批',
    });
  });

  it('marks read for the signed-in user only (PUT and POST), and the count falls', async () => {
    const put = await lina.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: userId });
    expect(put.body.success).toBe(true);
    expect((await lina.get('/sys/annountCement/listByUser')).body.result).toMatchObject({ anntMsgTotal: 1, sysMsgTotal: 0 });
    const post = await lina.post('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: allId });
    expect(post.body.success).toBe(true);
    expect((await lina.get('/sys/annountCement/listByUser')).body.result).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0 });
    // wangfang still has the notice unread; marking a notice that never reached her writes nothing
    expect((await wangfang.get('/sys/annountCement/listByUser')).body.result.anntMsgTotal).toBe(1);
    await wangfang.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: userId });
    const wangRow = await db()
      .selectFrom('sys_announcement_send')
      .selectAll()
      .where('annt_id', '=', userId)
      .where('user_id', '=', userIds.wangfang)
      .executeTakeFirst();
    expect(wangRow).toBeUndefined();
    const read = await db()
      .selectFrom('sys_announcement_send')
      .selectAll()
      .where('annt_id', '=', userId)
      .where('user_id', '=', userIds.lina)
      .executeTakeFirstOrThrow();
    expect(read.read_flag).toBe('1');
    expect(read.read_time).toBeTruthy();
  });

  it("lists the user's own announcements, paged, with read flags and filters", async () => {
    const mine = await lina.get('/sys/sysAnnouncementSend/getMyAnnouncementSend', { pageNo: 1, pageSize: 10 });
    expect(mine.body.success).toBe(true);
    expect(mine.body.result.total).toBe(2);
    expect(mine.body.result.records.map((r: { anntId: string }) => r.anntId).sort()).toEqual([allId, userId].sort());
    expect(mine.body.result.records[0]).toMatchObject({ userId: userIds.lina, readFlag: '1' });
    const sys = await lina.get('/sys/sysAnnouncementSend/getMyAnnouncementSend', { msgCategory: '2' });
    expect(sys.body.result.records).toHaveLength(1);
    const unread = await wangfang.get('/sys/sysAnnouncementSend/getMyAnnouncementSend', { readFlag: '0' });
    expect(unread.body.result.records).toHaveLength(1);
    expect(unread.body.result.records[0]).toMatchObject({ anntId: allId, titile: '全员通知：消防演练', readFlag: '0' });
  });

  it('shows a running ALL notice to a user without a send row (e.g. created after the release)', async () => {
    await db().deleteFrom('sys_announcement_send').where('annt_id', '=', allId).where('user_id', '=', userIds.wangfang).execute();
    expect((await wangfang.get('/sys/annountCement/listByUser')).body.result.anntMsgTotal).toBe(1);
    await wangfang.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: allId });
    expect((await wangfang.get('/sys/annountCement/listByUser')).body.result.anntMsgTotal).toBe(0);
  });

  it('revokes: the notice leaves every list; revoking twice is refused; a re-release is unread again', async () => {
    const res = await admin.get('/sys/annountCement/doReovkeData', { id: userId });
    expect(res.body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    const r = await row(userId);
    expect(r.send_status).toBe('2');
    expect(r.cancel_time).toBeTruthy();
    expect((await lina.get('/sys/annountCement/queryById', { id: userId })).body.success).toBe(false);
    expect((await admin.get('/sys/annountCement/doReovkeData', { id: userId })).body).toMatchObject({
      success: false,
      message: '该系统通知未发布，无法撤销',
    });
    expect((await admin.get('/sys/annountCement/doReleaseData', { id: userId })).body.success).toBe(true);
    expect((await lina.get('/sys/annountCement/listByUser')).body.result.sysMsgTotal).toBe(1);
  });

  it('marks everything read with readAll', async () => {
    expect((await lina.put('/sys/sysAnnouncementSend/readAll')).body.success).toBe(true);
    expect((await lina.get('/sys/annountCement/listByUser')).body.result).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0 });
  });
});

describe('permissions', () => {
  it('refuses the admin screen and release to a user without the menu: 403, nothing written', async () => {
    const id = await draft({ titile: '权限测试草稿' });
    const before = await count();
    for (const res of [
      await wangfang.get('/sys/annountCement/list'),
      await wangfang.post('/sys/annountCement/add', { titile: '越权添加', msgCategory: '1', priority: 'L', msgType: 'ALL' }),
      await wangfang.put('/sys/annountCement/edit', { id, titile: '越权修改' }),
      await wangfang.del('/sys/annountCement/delete', { id }),
      await wangfang.get('/sys/annountCement/doReleaseData', { id }),
      await wangfang.get('/sys/annountCement/doReovkeData', { id }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 403, message: '没有权限，请联系管理员授权' });
    }
    expect(await count()).toBe(before);
    expect(await row(id)).toMatchObject({ titile: '权限测试草稿', send_status: '0', del_flag: '0' });
    expect((await db().selectFrom('sys_announcement_send').select('id').where('annt_id', '=', id).execute()).length).toBe(0);
  });

  it('needs the release button even with the menu: a role holding only the menu gets 403', async () => {
    const menu = await db().selectFrom('sys_permission').select('id').where('url', '=', '/isystem/annountCement').executeTakeFirstOrThrow();
    const buttons = await db().selectFrom('sys_permission').select(['perms', 'status']).where('parent_id', '=', menu.id).execute();
    expect(buttons.map((b) => b.perms)).toEqual(expect.arrayContaining(['system:announcement:release', 'system:announcement:revoke']));
    const roleId = newId();
    await db()
      .insertInto('sys_role')
      .values({
        id: roleId,
        role_name: '通告查看',
        role_code: 'annt_viewer',
        description: null,
        tenant_id: 0,
        create_by: 'admin',
        create_time: null,
        update_by: null,
        update_time: null,
      })
      .execute();
    await db()
      .insertInto('sys_role_permission')
      .values({ id: newId(), role_id: roleId, permission_id: menu.id, data_rule_ids: null, operate_date: null, operate_ip: null })
      .execute();
    await db().insertInto('sys_user_role').values({ id: newId(), user_id: userIds.wangfang, role_id: roleId }).execute();
    server.ctx.perms.invalidate();
    const id = await draft({ titile: '只读角色测试' });
    expect((await wangfang.get('/sys/annountCement/list', { titile: '只读角色测试' })).body.result.total).toBe(1);
    const release = await wangfang.get('/sys/annountCement/doReleaseData', { id });
    expect(release.status).toBe(403);
    expect((await row(id)).send_status).toBe('0');
    // the admin screen's holders may read any announcement by id
    expect((await wangfang.get('/sys/annountCement/queryById', { id })).body.result).toMatchObject({ id, sendStatus: '0' });
  });

  it('answers 401 without a token', async () => {
    expect((await client(server).get('/sys/annountCement/listByUser')).status).toBe(401);
  });
});
