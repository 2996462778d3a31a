import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import type { ServerConfig } from '../../config.js';
import { nextTimes } from '../../../shared/cron/next-times.js';
import { formatDateTime } from '../../../shared/time.js';
import { jobClassOf, type JobContext } from './job-registry.js';
import { AdvisoryLeaderLock, SoleProcessLock, type LeaderLock } from './leader-lock.js';
import './jobs.js';

/** sys_quartz_job.status: 0 running (scheduled), -1 stopped (dict quartz_status). */
export const JOB_STATUS = { running: 0, stopped: -1 } as const;

/** One line of a job's recent-run log (kept in memory, newest last). */
export interface JobLogLine {
  time: string;
  jobId: string;
  jobClassName: string;
  level: 'info' | 'error';
  message: string;
  /** The server process that ran the job (`host:pid`). */
  runner: string;
}

/** This server process, as job log lines and "run once" name it. */
export const PROCESS_NAME = `${os.hostname()}:${process.pid}`;

interface PlannedJob {
  id: string;
  className: string;
  cron: string;
  parameter: string | null;
  /** Next fire time, null when the expression never fires again. */
  next: Date | null;
}

interface RunningJob {
  abort: AbortController;
  done: Promise<void>;
}

/** Reload the job table at least this often even without a change notice (ms). */
const RELOAD_MS = 5_000;
/** Lines kept in the recent-run log. */
const LOG_LINES = 500;
/** How long stop() waits for running jobs after aborting them (ms). */
const STOP_WAIT_MS = 5_000;

/**
 * The in-process job scheduler (spec 7.2 scheduled jobs, api-contract §4.5). Every second it
 * fires each running job (status 0) whose Quartz cron is due, computing next times with
 * src/shared/cron (Quartz semantics incl. W/LW/L-n/year). Rules:
 * - one run of a job at a time: a fire while the previous run is still going is skipped (logged);
 * - a job's error is logged, never thrown: the process and the other jobs carry on;
 * - late ticks fire a due job once (Quartz's "fire once now" misfire policy), never a burst;
 * - one scheduler per database: with PGlite this process (data-folder lock); with PostgreSQL
 *   the holder of an advisory lock (leader-lock.ts) — the other processes stay idle;
 * - stop() cancels the timer, aborts running jobs' signals and waits for them (max 5 s).
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private plan = new Map<string, PlannedJob>();
  private loadedAt = 0;
  private dirty = true;
  private running = new Map<string, RunningJob>();
  private lines: JobLogLine[] = [];
  private lock: LeaderLock;
  private ticking = false;
  private current: Promise<void> = Promise.resolve();
  /**
   * Where a log line goes: by default into this process's recent lines; with several processes
   * the cluster bus hands it to every process's `append` (run-once.ts), so each shows the same log.
   */
  share: ((line: JobLogLine) => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: ServerConfig,
    private readonly log: FastifyBaseLogger,
    private readonly dbKind: 'pglite' | 'postgres',
  ) {
    this.lock = this.newLock();
  }

  private newLock(): LeaderLock {
    return this.dbKind === 'pglite'
      ? new SoleProcessLock()
      : new AdvisoryLeaderLock(this.db, (err) => this.log.error({ err }, 'quartz: leader lock failed'));
  }

  /** Starts ticking (idempotent; a stopped scheduler may be started again). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.lock = this.newLock();
    this.dirty = true;
    this.arm();
  }

  /** Stops the scheduler: no new runs; running ones are aborted and awaited (max 5 s). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
    for (const r of this.running.values()) r.abort.abort();
    const all = Promise.allSettled([...this.running.values()].map((r) => r.done));
    await Promise.race([all, new Promise((r) => setTimeout(r, STOP_WAIT_MS).unref?.())]);
    await this.lock.release();
  }

  /** Asks for a reload of the job table on the next tick (after a job was added, edited, paused…). */
  invalidate(): void {
    this.dirty = true;
  }

  /** False once stopped (server closing): nothing runs here any more. */
  get active(): boolean {
    return !this.stopped;
  }

  /** True while this process holds the scheduler lock (it fires the jobs). */
  holdsLock(): boolean {
    return !this.stopped && this.lock.holds();
  }

  /** True when this process holds the scheduler lock, trying to take it if it may (see LeaderLock). */
  async takeLead(now = false): Promise<boolean> {
    return !this.stopped && (await this.lock.isLeader(now));
  }

  /** True while a run of job `id` is in progress in this process. */
  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** The recent-run log lines of job `id` (all jobs when omitted), oldest first. */
  recentLines(id?: string): JobLogLine[] {
    return id ? this.lines.filter((l) => l.jobId === id) : [...this.lines];
  }

  /** When job `id` fires next according to the loaded plan (null: not scheduled here). */
  nextFireOf(id: string): Date | null {
    return this.plan.get(id)?.next ?? null;
  }

  /**
   * Runs a job once now, outside its schedule ("run once", GET /sys/quartzJob/execute).
   * Returns false when a run of it is still in progress; the run itself completes in the
   * background (its lines go to the job's log). `whenDone` resolves when it has finished.
   */
  runNow(job: { id: string; job_class_name: string; parameter: string | null }): { started: boolean; whenDone: Promise<void> } {
    if (this.stopped) return { started: false, whenDone: Promise.resolve() };
    if (this.running.has(job.id)) return { started: false, whenDone: this.running.get(job.id)!.done };
    const done = this.fire({ id: job.id, className: job.job_class_name, parameter: job.parameter }, 'manual');
    return { started: true, whenDone: done };
  }

  private arm(): void {
    if (this.stopped) return;
    // wake just after the next whole second, where second-precision cron times fall
    const delay = 1000 - (Date.now() % 1000) + 5;
    this.timer = setTimeout(() => {
      this.current = this.tick();
    }, delay);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.ticking) return;
    this.ticking = true;
    try {
      if (!(await this.lock.isLeader())) return;
      if (this.stopped) return;
      if (this.dirty || Date.now() - this.loadedAt > RELOAD_MS) await this.reload();
      if (this.stopped) return;
      const now = new Date();
      for (const job of this.plan.values()) {
        if (!job.next || job.next > now) continue;
        job.next = nextTimes(job.cron, 1, now)[0] ?? null;
        if (this.running.has(job.id)) {
          this.record(job.id, job.className, 'info', '上次执行尚未结束，跳过本次触发');
          continue;
        }
        void this.fire(job, 'schedule');
      }
    } catch (err) {
      if (!this.stopped) this.log.error({ err }, 'quartz: scheduler tick failed');
    } finally {
      this.ticking = false;
      this.arm();
    }
  }

  /** Reads the running jobs; keeps the next fire time of jobs whose cron did not change. */
  private async reload(): Promise<void> {
    this.dirty = false;
    const rows = await this.db
      .selectFrom('sys_quartz_job')
      .select(['id', 'job_class_name', 'cron_expression', 'parameter'])
      .where('status', '=', JOB_STATUS.running)
      .where('del_flag', '=', 0)
      .execute();
    this.loadedAt = Date.now();
    const now = new Date();
    const next = new Map<string, PlannedJob>();
    for (const r of rows) {
      const old = this.plan.get(r.id);
      const cron = r.cron_expression.trim();
      next.set(r.id, {
        id: r.id,
        className: r.job_class_name,
        cron,
        parameter: r.parameter,
        next: old && old.cron === cron ? old.next : (nextTimes(cron, 1, now)[0] ?? null),
      });
    }
    this.plan = next;
  }

  /** Starts one run; resolves when it has finished (never rejects). */
  private fire(job: { id: string; className: string; parameter: string | null }, trigger: JobContext['trigger']): Promise<void> {
    const abort = new AbortController();
    const entry: RunningJob = { abort, done: Promise.resolve() };
    this.running.set(job.id, entry);
    entry.done = (async () => {
      const started = Date.now();
      try {
        const cls = jobClassOf(job.className);
        if (!cls) throw new Error(`未找到任务类：${job.className}`);
        await cls.run({
          db: this.db,
          config: this.config,
          jobId: job.id,
          parameter: job.parameter,
          trigger,
          signal: abort.signal,
          log: (message) => this.record(job.id, job.className, 'info', message),
        });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.record(job.id, job.className, 'error', `执行失败：${message}`, err);
      } finally {
        this.running.delete(job.id);
        this.log.debug({ job: job.className, ms: Date.now() - started, trigger }, 'quartz: run finished');
      }
    })();
    return entry.done;
  }

  /** Adds a line to this process's recent-run log (a line of this process, or one another process shared). */
  append(line: JobLogLine): void {
    this.lines.push(line);
    if (this.lines.length > LOG_LINES) this.lines.splice(0, this.lines.length - LOG_LINES);
  }

  private record(jobId: string, jobClassName: string, level: JobLogLine['level'], message: string, err?: unknown): void {
    const line: JobLogLine = { time: formatDateTime(), jobId, jobClassName, level, message, runner: PROCESS_NAME };
    if (this.share) this.share(line);
    else this.append(line);
    if (level === 'error') this.log.error({ job: jobClassName, jobId, err }, `quartz: ${message}`);
    else this.log.info({ job: jobClassName, jobId }, `quartz: ${message}`);
  }
}
