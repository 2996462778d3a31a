import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import { waitFor } from './ops-helpers.js';
import type { StartedServer } from '../../src/server/start.js';
import { schedulerOf } from '../../src/server/modules/quartz/routes.js';
import { formatDateTime } from '../../src/shared/time.js';
import { newId } from '../../src/server/db/ids.js';

// The job classes a new install runs: log clean-up, data-log compaction, unread-notice reminder.
let server: StartedServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

const daysAgo = (n: number) => formatDateTime(new Date(Date.now() - n * 86_400_000));

/** Runs the seeded job of class `name` once (with `parameter` set first when given) and waits for its log line. */
async function runSeeded(name: string, parameter?: string): Promise<string> {
  const job = await server.ctx.db
    .selectFrom('sys_quartz_job')
    .selectAll()
    .where('job_class_name', '=', `org.jeecg.modules.quartz.job.${name}`)
    .executeTakeFirstOrThrow();
  if (parameter !== undefined) expect((await admin.put('/sys/quartzJob/edit', { id: job.id, parameter })).body.success).toBe(true);
  const before = schedulerOf(server.ctx)!.recentLines(job.id).length;
  expect((await admin.get('/sys/quartzJob/execute', { id: job.id })).body.success).toBe(true);
  expect(await waitFor(() => schedulerOf(server.ctx)!.recentLines(job.id).length > before, 10_000)).toBe(true);
  return schedulerOf(server.ctx)!.recentLines(job.id).at(-1)!.message;
}

describe('seeded maintenance jobs', () => {
  it('are running with daily or weekday crons, never every second', async () => {
    const jobs = (await admin.get('/sys/quartzJob/list', { pageSize: 50 })).body.result.records as Record<string, unknown>[];
    const byClass = new Map(jobs.map((j) => [String(j.jobClassName).split('.').pop(), j]));
    expect(byClass.get('LogCleanJob')).toMatchObject({ cronExpression: '0 30 2 * * ?', parameter: '180', status: 0 });
    expect(byClass.get('DataLogCompactJob')).toMatchObject({ cronExpression: '0 0 3 * * ?', parameter: '20', status: 0 });
    expect(byClass.get('NoticeReminderJob')).toMatchObject({ cronExpression: '0 0 9 ? * 2-6', parameter: '3', status: 0 });
  });

  it('the log clean-up deletes log lines older than the parameter’s days', async () => {
    const db = server.ctx.db;
    const line = (id: string, at: string) =>
      sql`insert into sys_log (id, log_type, log_content, create_time) values (${id}, 1, '测试日志', ${at}::timestamp)`.execute(db);
    await line('old-log-line', daysAgo(200));
    await line('new-log-line', daysAgo(10));
    expect(await runSeeded('LogCleanJob')).toMatch(/^清理历史日志：删除 \d+ 条/);
    const left = (await sql<{ id: string }>`select id from sys_log where id in ('old-log-line', 'new-log-line')`.execute(db)).rows;
    expect(left.map((r) => r.id)).toEqual(['new-log-line']);
  });

  it('the data-log compaction keeps the newest versions of each record', async () => {
    const db = server.ctx.db;
    for (let v = 1; v <= 5; v++)
      await db
        .insertInto('sys_data_log')
        .values({
          id: newId(),
          data_table: 'fin_bank_account',
          data_id: 'compact-me',
          data_content: `{"v":${v}}`,
          data_version: v,
          create_by: 'admin',
          create_time: formatDateTime(),
          update_by: null,
          update_time: null,
        })
        .execute();
    expect(await runSeeded('DataLogCompactJob', '2')).toMatch(/^压缩数据日志：删除 \d+ 个旧版本（每条记录保留最新 2 个）/);
    const left = await db
      .selectFrom('sys_data_log')
      .select('data_version')
      .where('data_id', '=', 'compact-me')
      .orderBy('data_version')
      .execute();
    expect(left.map((r) => r.data_version)).toEqual([4, 5]);
  });

  it('the notice reminder writes one system message per user with old unread notices, replacing the previous one', async () => {
    const db = server.ctx.db;
    const wangfang = await db.selectFrom('sys_user').select('id').where('username', '=', 'wangfang').executeTakeFirstOrThrow();
    await db
      .insertInto('sys_announcement')
      .values({
        id: 'old-notice',
        titile: '年度安全检查通知',
        msg_content: '<p>请各部门做好准备</p>',
        sender: 'admin',
        priority: 'L',
        msg_category: '1',
        msg_type: 'ALL',
        send_status: '1',
        send_time: daysAgo(5),
        del_flag: '0',
        create_by: 'admin',
        create_time: daysAgo(5),
      } as never)
      .execute();
    const reminders = () =>
      db
        .selectFrom('sys_announcement')
        .selectAll()
        .where('bus_type', '=', 'notice_reminder')
        .where('user_ids', '=', wangfang.id)
        .where('del_flag', '=', '0')
        .execute();
    expect(await runSeeded('NoticeReminderJob')).toMatch(/^未读通知提醒：提醒 \d+ 位用户/);
    const first = await reminders();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ msg_category: '2', msg_type: 'USER', send_status: '1', titile: '未读通知提醒' });
    expect(first[0].msg_abstract).toMatch(/^您有 \d+ 条发布超过 3 天的通知尚未阅读/);
    // wangfang sees it in the bell's system messages
    const bell = (await client(server, await login(server, 'wangfang')).get('/sys/annountCement/listByUser')).body.result;
    expect(bell.sysMsgList.map((m: { titile: string }) => m.titile)).toContain('未读通知提醒');
    await runSeeded('NoticeReminderJob');
    const second = await reminders();
    expect(second).toHaveLength(1);
    expect(second[0].id).not.toBe(first[0].id);
  });

  it('refuses a bad parameter in the run log, without a stack trace', async () => {
    const job = await server.ctx.db
      .selectFrom('sys_quartz_job')
      .select('id')
      .where('job_class_name', 'like', '%LogCleanJob')
      .executeTakeFirstOrThrow();
    await admin.put('/sys/quartzJob/edit', { id: job.id, parameter: '很久' });
    await admin.get('/sys/quartzJob/execute', { id: job.id });
    expect(
      await waitFor(
        () =>
          schedulerOf(server.ctx)!
            .recentLines(job.id)
            .some((l) => l.level === 'error'),
        10_000,
      ),
    ).toBe(true);
    expect(schedulerOf(server.ctx)!.recentLines(job.id).at(-1)?.message).toContain('参数应为天数');
  });
});
