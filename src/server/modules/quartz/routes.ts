import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { formatDateTime } from '../../../shared/time.js';
import { nextTimes } from '../../../shared/cron/next-times.js';
import { JOB_STATUS, Scheduler } from './scheduler.js';
import { assertJobFree, checkJobRow } from './job-validation.js';
import { jobClassOptions } from './job-registry.js';
import { QUARTZ_TEXT } from './texts.js';
import { RunOnceRelay } from './run-once.js';

/** The scheduled-jobs screen: schema id, menu url (JeecgBoot's) and button-code prefix. */
export const QUARTZ_SCREEN = { id: 'sys_quartz_job', menu: '/isystem/QuartzJobList', authPre: 'system:quartz_job' } as const;

const schedulers = new WeakMap<AppContext, Scheduler>();

/** The scheduler of an app (tests and other modules); undefined before quartzRoutes ran. */
export function schedulerOf(ctx: AppContext): Scheduler | undefined {
  return schedulers.get(ctx);
}

/**
 * Scheduled jobs (spec 7.2, api-contract §4.5 /sys/quartzJob): creates the app's scheduler
 * (started when the app is ready, stopped when it closes), registers the job screen's hooks
 * for the generic CRUD (class, cron and status checked on save; the scheduler reloads after
 * every write) and serves the calls a schema cannot: pause, resume, execute (run once, in the
 * process holding the scheduler lock: run-once.ts), plus
 * our `jobClasses` (class picker) and `runLog` (recent lines of a job's runs).
 * Reads need the job menu; pause/resume/execute need `system:quartz_job:{action}`.
 */
export function quartzRoutes(app: FastifyInstance, ctx: AppContext): void {
  const scheduler = new Scheduler(ctx.db, ctx.config, app.log, ctx.dbKind);
  schedulers.set(ctx, scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
  // the scheduler runs in the process holding the leader lock: every process re-reads the jobs
  const jobsChanged = () => ctx.bus.publish({ type: 'jobs' });
  ctx.bus.subscribe((msg) => (msg.type === 'jobs' || msg.type === 'resync') && scheduler.invalidate());
  // "run once" runs in the process holding the scheduler lock; the run log is the same everywhere
  const runOnce = new RunOnceRelay(scheduler, ctx.bus);

  ctx.hooks.register(QUARTZ_SCREEN.id, {
    async beforeWrite({ trx, row, existing }) {
      checkJobRow(row, existing);
      const className = String(row.job_class_name ?? existing?.job_class_name);
      const param = row.parameter !== undefined ? row.parameter : existing?.parameter;
      const parameter = param === null || param === undefined || String(param).trim() === '' ? null : String(param).trim();
      await assertJobFree(trx, className, parameter, existing ? String(existing.id) : null);
    },
    afterWrite: () => jobsChanged(),
    beforeDelete: () => jobsChanged(),
    decorate(rows) {
      for (const r of rows) {
        const status = Number(r.status);
        const cron =
          typeof r.cron_expression === 'string' ? r.cron_expression : typeof r.cronExpression === 'string' ? r.cronExpression : '';
        const next = status === JOB_STATUS.running && cron ? nextTimes(cron, 1)[0] : undefined;
        r.nextFireTime = next ? formatDateTime(next) : null;
      }
    },
  });

  const canRead = (req: FastifyRequest) => ctx.perms.assertMenu(req.user, QUARTZ_SCREEN.menu);
  const canDo = async (req: FastifyRequest, action: string) => {
    await canRead(req);
    await ctx.perms.assertButton(req.user, `${QUARTZ_SCREEN.authPre}:${action}`);
  };
  const jobOf = async (id: unknown) => {
    if (typeof id !== 'string' || !id) throw new BizError(QUARTZ_TEXT.idRequired);
    const job = await ctx.db.selectFrom('sys_quartz_job').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    if (!job) throw new BizError(QUARTZ_TEXT.notFound);
    return job;
  };
  const setStatus = async (id: string, status: number, user: string) => {
    await ctx.db
      .updateTable('sys_quartz_job')
      .set({ status, update_by: user, update_time: formatDateTime() })
      .where('id', '=', id)
      .execute();
    jobsChanged();
  };

  type IdQuery = FastifyRequest<{ Querystring: { id?: string } }>;

  app.get('/sys/quartzJob/pause', async (req: IdQuery) => {
    await canDo(req, 'pause');
    const job = await jobOf(req.query.id);
    await setStatus(job.id, JOB_STATUS.stopped, req.user.username);
    return okMessage(QUARTZ_TEXT.paused);
  });

  app.get('/sys/quartzJob/resume', async (req: IdQuery) => {
    await canDo(req, 'resume');
    const job = await jobOf(req.query.id);
    // a class removed from the code or a cron that no longer fires cannot be resumed
    checkJobRow({}, job as unknown as Record<string, unknown>);
    await setStatus(job.id, JOB_STATUS.running, req.user.username);
    return okMessage(QUARTZ_TEXT.resumed);
  });

  app.get('/sys/quartzJob/execute', async (req: IdQuery) => {
    await canDo(req, 'execute');
    const job = await jobOf(req.query.id);
    checkJobRow({}, job as unknown as Record<string, unknown>);
    const r = await runOnce.run(job);
    if (!r.started)
      throw new BizError(r.running ? QUARTZ_TEXT.alreadyRunning : r.runner ? QUARTZ_TEXT.schedulerStopped : QUARTZ_TEXT.noLeader);
    return okMessage(QUARTZ_TEXT.executed);
  });

  app.get('/sys/quartzJob/jobClasses', async (req) => {
    await canRead(req);
    return ok(jobClassOptions());
  });

  app.get('/sys/quartzJob/runLog', async (req: IdQuery) => {
    await canRead(req);
    const job = await jobOf(req.query.id);
    return ok(scheduler.recentLines(job.id).reverse());
  });
}
