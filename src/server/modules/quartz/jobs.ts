import { formatDateTime } from '../../../shared/time.js';
import { registerJobClass, type JobClass } from './job-registry.js';
import { DataLogCompactJob, LogCleanJob, NoticeReminderJob } from './maintenance-jobs.js';

/** JeecgBoot's sample job: writes one log line per run (org.jeecg.modules.quartz.job.SampleJob). */
export const SampleJob: JobClass = {
  name: 'org.jeecg.modules.quartz.job.SampleJob',
  title: '示例任务（输出一行日志）',
  defaultCron: '0 0/30 * * * ?',
  async run(ctx) {
    ctx.log(`普通定时任务 SampleJob 执行，时间：${formatDateTime()}`);
  },
};

/** JeecgBoot's sample job with a parameter: logs the row's `parameter` text. */
export const SampleParamJob: JobClass = {
  name: 'org.jeecg.modules.quartz.job.SampleParamJob',
  title: '带参数的示例任务（输出参数）',
  defaultCron: '0 0 8 ? * 2-6',
  parameterHint: '写入日志的文字',
  async run(ctx) {
    ctx.log(`带参数定时任务 SampleParamJob 执行，参数：${ctx.parameter ?? ''}，时间：${formatDateTime()}`);
  },
};

/**
 * Deletes the sessions (sys_user_token rows) idle longer than TOKEN_IDLE_MINUTES: the token
 * service already refuses them (token-service.ts), this keeps the table and the online-user
 * list small. Logs how many it removed.
 */
export const CleanExpiredTokenJob: JobClass = {
  name: 'org.jeecg.modules.quartz.job.CleanExpiredTokenJob',
  title: '清理过期登录令牌',
  defaultCron: '0 0/10 * * * ?',
  async run(ctx) {
    const cutoff = formatDateTime(new Date(Date.now() - ctx.config.tokenIdleMinutes * 60_000));
    const res = await ctx.db.deleteFrom('sys_user_token').where('last_active', '<', cutoff).executeTakeFirst();
    ctx.log(`清理过期登录令牌：删除 ${Number(res.numDeletedRows ?? 0)} 条（空闲超过 ${ctx.config.tokenIdleMinutes} 分钟）`);
  },
};

/** The job classes every install has. */
export const BUILTIN_JOBS: readonly JobClass[] = [
  SampleJob,
  SampleParamJob,
  CleanExpiredTokenJob,
  LogCleanJob,
  DataLogCompactJob,
  NoticeReminderJob,
];

for (const job of BUILTIN_JOBS) registerJobClass(job);
