import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import { grantRole, sleep, waitFor } from './ops-helpers.js';
import type { StartedServer } from '../../src/server/start.js';
import { registerJobClass } from '../../src/server/modules/quartz/job-registry.js';
import { schedulerOf } from '../../src/server/modules/quartz/routes.js';
import { formatDateTime } from '../../src/shared/time.js';
import { newId } from '../../src/server/db/ids.js';
import { openDatabase } from '../../src/server/db/connection.js';
import { AdvisoryLeaderLock } from '../../src/server/modules/quartz/leader-lock.js';
import { sql } from 'kysely';

// Scheduled jobs (spec 7.2, api-contract §4.5 /sys/quartzJob).

/** Runs of the test job classes, by class, with how many were in progress at once. */
const runs: Record<string, number> = {};
let inFlight = 0;
let maxInFlight = 0;
const count = (name: string) => runs[name] ?? 0;

registerJobClass({
  name: 'test.CountJob',
  title: '测试计数任务',
  async run(ctx) {
    runs['test.CountJob'] = count('test.CountJob') + 1;
    ctx.log(`计数 ${count('test.CountJob')}`);
  },
});
registerJobClass({
  name: 'test.SlowJob',
  title: '测试慢任务',
  async run(ctx) {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    runs['test.SlowJob'] = count('test.SlowJob') + 1;
    await sleep(1_600);
    inFlight--;
    ctx.log('慢任务结束');
  },
});
registerJobClass({
  name: 'test.FailJob',
  title: '测试失败任务',
  async run() {
    runs['test.FailJob'] = count('test.FailJob') + 1;
    throw new Error('故意失败');
  },
});
registerJobClass({
  name: 'test.CloseJob',
  title: '测试关闭任务',
  async run() {
    runs['test.CloseJob'] = count('test.CloseJob') + 1;
  },
});

let server: StartedServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
});
let closed = false;
afterAll(async () => {
  if (!closed) await server?.close();
});

const jobRow = (id: string) => server.ctx.db.selectFrom('sys_quartz_job').selectAll().where('id', '=', id).executeTakeFirst();
const jobCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('sys_quartz_job')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('job CRUD through /sys/quartzJob', () => {
  let id = '';

  it('lists the seeded jobs under the JeecgBoot path', async () => {
    const res = await admin.get('/sys/quartzJob/list', { pageNo: 1, pageSize: 10 });
    expect(res.body.success).toBe(true);
    const classes = (res.body.result.records as { jobClassName: string }[]).map((r) => r.jobClassName);
    expect(classes).toEqual(
      expect.arrayContaining(['org.jeecg.modules.quartz.job.SampleJob', 'org.jeecg.modules.quartz.job.CleanExpiredTokenJob']),
    );
    const running = (res.body.result.records as { status: number; nextFireTime: string | null }[]).find((r) => r.status === 0);
    expect(running?.nextFireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);
  });

  it('adds, reads, edits and deletes a job', async () => {
    const add = await admin.post('/sys/quartzJob/add', {
      jobClassName: 'test.CountJob',
      cronExpression: '0 0 3 * * ?',
      parameter: 'p1',
      description: '每天3点',
      status: '-1',
    });
    expect(add.body).toMatchObject({ success: true, code: 200 });
    id = add.body.result;
    expect(await jobRow(id)).toMatchObject({ job_class_name: 'test.CountJob', cron_expression: '0 0 3 * * ?', status: -1, del_flag: 0 });
    const one = await admin.get('/sys/quartzJob/queryById', { id });
    expect(one.body.result).toMatchObject({ jobClassName: 'test.CountJob', nextFireTime: null });
    const edit = await admin.put('/sys/quartzJob/edit', { id, cronExpression: '0 30 4 ? * 2-6 2030', description: '工作日' });
    expect(edit.body.success).toBe(true);
    expect(await jobRow(id)).toMatchObject({ cron_expression: '0 30 4 ? * 2-6 2030', description: '工作日' });
    const del = await admin.del('/sys/quartzJob/delete', { id });
    expect(del.body.success).toBe(true);
    expect(await jobRow(id)).toBeUndefined();
  });

  it('refuses a bad cron with a clear Chinese message and writes nothing', async () => {
    const before = await jobCount();
    const bad = await admin.post('/sys/quartzJob/add', { jobClassName: 'test.CountJob', cronExpression: '0 0 25 * * ?', status: '0' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, code: 500 });
    expect(bad.body.message).toBe('Cron表达式不正确：小时的取值范围为0-23');
    const fields = await admin.post('/sys/quartzJob/add', { jobClassName: 'test.CountJob', cronExpression: '* * *', status: '0' });
    expect(fields.body.message).toBe('Cron表达式不正确：Cron表达式应包含6或7个字段');
    const never = await admin.post('/sys/quartzJob/add', {
      jobClassName: 'test.CountJob',
      cronExpression: '0 0 0 1 1 ? 2020',
      status: '0',
    });
    expect(never.body.message).toContain('不会再触发');
    expect(await jobCount()).toBe(before);
  });

  it('refuses an unknown job class and a second job of one class with the same parameter, by their Chinese titles', async () => {
    const before = await jobCount();
    const unknown = await admin.post('/sys/quartzJob/add', { jobClassName: 'org.example.NoSuchJob', cronExpression: '0 0 1 * * ?' });
    expect(unknown.body.success).toBe(false);
    expect(unknown.body.message).toContain('所选的任务类不存在，可选的任务类：');
    expect(unknown.body.message).toContain('清理历史日志');
    expect(unknown.body.message).not.toMatch(/org\.|jeecg|Job\b/);
    const dup = await admin.post('/sys/quartzJob/add', {
      jobClassName: 'org.jeecg.modules.quartz.job.SampleParamJob',
      cronExpression: '0 0 1 * * ?',
      parameter: '早上好',
    });
    expect(dup.body).toMatchObject({
      success: false,
      message: '「带参数的示例任务（输出参数）」已有一个参数相同的定时任务，请修改参数或编辑已有的任务',
    });
    expect(await jobCount()).toBe(before);
  });

  it('adds a job of a seeded class with another parameter (新增 works on the seeded data)', async () => {
    const add = await admin.post('/sys/quartzJob/add', {
      jobClassName: 'org.jeecg.modules.quartz.job.SampleParamJob',
      cronExpression: '0 0 18 ? * 2-6',
      parameter: '下班了',
      status: '-1',
    });
    expect(add.body).toMatchObject({ success: true });
    await admin.del('/sys/quartzJob/delete', { id: add.body.result });
  });

  it('offers the registered job classes and the job-class dictionary', async () => {
    const res = await admin.get('/sys/quartzJob/jobClasses');
    expect((res.body.result as { value: string }[]).map((o) => o.value)).toContain('org.jeecg.modules.quartz.job.CleanExpiredTokenJob');
    // the texts are the Chinese titles; every class starts with a cron that is not every second
    for (const o of (res.body.result as { value: string; text: string; defaultCron?: string }[]).filter((c) =>
      c.value.startsWith('org.'),
    )) {
      expect(o.text).not.toMatch(/org\.|jeecg/);
      expect(o.defaultCron).toMatch(/^0 /);
    }
    const dict = await admin.get('/sys/dict/getDictItems/quartz_job_class');
    expect((dict.body.result as { value: string }[]).map((o) => o.value)).toContain('org.jeecg.modules.quartz.job.SampleParamJob');
  });
});

describe('pause, resume and run once', () => {
  const sampleId = async () =>
    (
      await server.ctx.db
        .selectFrom('sys_quartz_job')
        .select('id')
        .where('job_class_name', '=', 'org.jeecg.modules.quartz.job.SampleParamJob')
        .executeTakeFirstOrThrow()
    ).id;

  it('resume starts a stopped job and pause stops it again', async () => {
    const id = await sampleId();
    const resumed = await admin.get('/sys/quartzJob/resume', { id });
    expect(resumed.body).toMatchObject({ success: true, message: '恢复定时任务成功' });
    expect((await jobRow(id))?.status).toBe(0);
    expect((await admin.get('/sys/quartzJob/queryById', { id })).body.result.nextFireTime).toMatch(/ 08:00:00$/);
    const paused = await admin.get('/sys/quartzJob/pause', { id });
    expect(paused.body).toMatchObject({ success: true, message: '停止定时任务成功' });
    expect((await jobRow(id))?.status).toBe(-1);
  });

  it('execute runs the job once, which writes its log line with the parameter', async () => {
    const id = await sampleId();
    const res = await admin.get('/sys/quartzJob/execute', { id });
    expect(res.body).toMatchObject({ success: true, message: '执行成功!' });
    expect(await waitFor(() => schedulerOf(server.ctx)!.recentLines(id).length > 0)).toBe(true);
    const lines = (await admin.get('/sys/quartzJob/runLog', { id })).body.result as { message: string; level: string }[];
    expect(lines).toHaveLength(1);
    expect(lines[0].level).toBe('info');
    expect(lines[0].message).toContain('SampleParamJob 执行，参数：早上好');
    expect((await jobRow(id))?.status).toBe(-1);
  });

  it('the token clean-up job deletes sessions idle longer than TOKEN_IDLE_MINUTES and keeps the others', async () => {
    const db = server.ctx.db;
    const user = await db.selectFrom('sys_user').select(['id', 'username']).where('username', '=', 'lina').executeTakeFirstOrThrow();
    const oldId = newId();
    const old = formatDateTime(new Date(Date.now() - (server.ctx.config.tokenIdleMinutes + 5) * 60_000));
    await db
      .insertInto('sys_user_token')
      .values({ id: oldId, user_id: user.id, username: user.username, ip: null, create_time: old, last_active: old })
      .execute();
    const job = await db
      .selectFrom('sys_quartz_job')
      .select('id')
      .where('job_class_name', '=', 'org.jeecg.modules.quartz.job.CleanExpiredTokenJob')
      .executeTakeFirstOrThrow();
    expect((await admin.get('/sys/quartzJob/execute', { id: job.id })).body.success).toBe(true);
    expect(
      await waitFor(async () => !(await db.selectFrom('sys_user_token').select('id').where('id', '=', oldId).executeTakeFirst())),
    ).toBe(true);
    expect(schedulerOf(server.ctx)!.recentLines(job.id).at(-1)?.message).toMatch(/清理过期登录令牌：删除 \d+ 条/);
    // the admin's own session is fresh and still works
    expect((await admin.get('/sys/quartzJob/list')).status).toBe(200);
  });

  it('answers clear messages for a missing or unknown id', async () => {
    expect((await admin.get('/sys/quartzJob/pause')).body).toMatchObject({ success: false, message: '缺少任务id' });
    expect((await admin.get('/sys/quartzJob/execute', { id: 'nope' })).body).toMatchObject({
      success: false,
      message: '未找到对应的定时任务',
    });
  });
});

describe('the scheduler', () => {
  it('runs a job on a per-second cron within a few seconds', async () => {
    const add = await admin.post('/sys/quartzJob/add', { jobClassName: 'test.CountJob', cronExpression: '* * * * * ?', status: '0' });
    expect(add.body.success).toBe(true);
    expect(await waitFor(() => count('test.CountJob') >= 2, 6_000)).toBe(true);
    await admin.get('/sys/quartzJob/pause', { id: add.body.result });
    await sleep(1_500);
    const after = count('test.CountJob');
    await sleep(1_500);
    expect(count('test.CountJob')).toBe(after);
  });

  it('never runs two overlapping runs of one job, and logs the skipped fire', async () => {
    const add = await admin.post('/sys/quartzJob/add', { jobClassName: 'test.SlowJob', cronExpression: '* * * * * ?', status: '0' });
    const id = add.body.result as string;
    expect(await waitFor(() => count('test.SlowJob') >= 2, 8_000)).toBe(true);
    await admin.get('/sys/quartzJob/pause', { id });
    expect(maxInFlight).toBe(1);
    expect(
      schedulerOf(server.ctx)!
        .recentLines(id)
        .some((l) => l.message.includes('跳过本次触发')),
    ).toBe(true);
    // run once while a run is in progress is refused
    await waitFor(() => !schedulerOf(server.ctx)!.isRunning(id), 3_000);
    expect((await admin.get('/sys/quartzJob/execute', { id })).body.success).toBe(true);
    const again = await admin.get('/sys/quartzJob/execute', { id });
    expect(again.body).toMatchObject({ success: false, message: '该任务正在执行中，请稍后再试' });
    await waitFor(() => !schedulerOf(server.ctx)!.isRunning(id), 3_000);
  });

  it('logs a failing job and keeps running it and the others', async () => {
    const add = await admin.post('/sys/quartzJob/add', { jobClassName: 'test.FailJob', cronExpression: '* * * * * ?', status: '0' });
    const id = add.body.result as string;
    expect(await waitFor(() => count('test.FailJob') >= 2, 6_000)).toBe(true);
    await admin.get('/sys/quartzJob/pause', { id });
    const errors = schedulerOf(server.ctx)!
      .recentLines(id)
      .filter((l) => l.level === 'error');
    expect(errors[0].message).toBe('执行失败：故意失败');
    expect((await admin.get('/sys/quartzJob/list')).status).toBe(200);
  });
});

describe('permissions', () => {
  it('refuses a user without the job menu (403) and writes nothing', async () => {
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.get('/sys/quartzJob/list')).status).toBe(403);
    const before = await jobCount();
    const add = await staff.post('/sys/quartzJob/add', { jobClassName: 'test.CountJob', cronExpression: '0 0 1 * * ?' });
    expect(add.status).toBe(403);
    expect(add.body).toMatchObject({ success: false, code: 403, message: '没有权限，请联系管理员授权' });
    expect(await jobCount()).toBe(before);
  });

  it('lets a reader list jobs but not pause, resume or run them (403, state unchanged)', async () => {
    await grantRole(server, 'lina', ['/isystem/QuartzJobList']);
    const reader = client(server, await login(server, 'lina'));
    expect((await reader.get('/sys/quartzJob/list')).body.success).toBe(true);
    const job = await server.ctx.db
      .selectFrom('sys_quartz_job')
      .selectAll()
      .where('job_class_name', '=', 'org.jeecg.modules.quartz.job.CleanExpiredTokenJob')
      .executeTakeFirstOrThrow();
    for (const action of ['pause', 'resume', 'execute']) {
      const res = await reader.get(`/sys/quartzJob/${action}`, { id: job.id });
      expect(res.status).toBe(403);
    }
    expect((await jobRow(job.id))?.status).toBe(job.status);
    expect((await reader.post('/sys/quartzJob/add', { jobClassName: 'test.CountJob', cronExpression: '0 0 1 * * ?' })).status).toBe(403);
  });
});

describe('one scheduler per database, stopped with its server', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL, a second process cannot take the scheduler lock until the holder stops',
    async () => {
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(server.ctx.db)).rows[0].s;
      const second = await openDatabase({ databaseUrl: process.env.DATABASE_URL, searchPath: schema });
      const lock = new AdvisoryLeaderLock(second.db, () => {});
      try {
        expect(await lock.isLeader()).toBe(false);
        await schedulerOf(server.ctx)!.stop();
        // within the 10 s wait after its lost election the loser does not try again, unless asked to
        expect(await lock.isLeader()).toBe(false);
        expect(await lock.isLeader(true)).toBe(true);
        await lock.release();
        const fresh = new AdvisoryLeaderLock(second.db, () => {});
        expect(await fresh.isLeader()).toBe(true);
        await fresh.release();
        schedulerOf(server.ctx)!.start();
      } finally {
        await lock.release();
        await second.close();
      }
    },
  );

  it('stops when its server closes', async () => {
    const add = await admin.post('/sys/quartzJob/add', { jobClassName: 'test.CloseJob', cronExpression: '* * * * * ?', status: '0' });
    expect(add.body.success).toBe(true);
    expect(await waitFor(() => count('test.CloseJob') >= 1, 5_000)).toBe(true);
    await server.close();
    closed = true;
    const atClose = count('test.CloseJob');
    await sleep(2_500);
    expect(count('test.CloseJob')).toBe(atClose);
  });
});
