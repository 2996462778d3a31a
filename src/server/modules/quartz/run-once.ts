import { randomBytes } from 'node:crypto';
import type { BusMessage, ClusterBus } from '../../cluster/bus.js';
import { PROCESS_NAME, type Scheduler } from './scheduler.js';

/** How long a process waits for the scheduler lock's holder to answer a "run once" (ms). */
const REPLY_TIMEOUT_MS = 5_000;

/** What became of a "run once": started or not, whether a run was already going, and where. */
export interface RunOnceResult {
  started: boolean;
  /** A run of the job was still in progress (nothing started). */
  running: boolean;
  /** The process that holds the scheduler lock and ran (or refused) it; null when none answered. */
  runner: string | null;
}

type JobRow = Extract<BusMessage, { type: 'job-run' }>['job'];

/**
 * "Run once" (GET /sys/quartzJob/execute) where the scheduled runs happen: in the process that
 * holds the scheduler lock (leader-lock.ts), so a manual run never overlaps a scheduled run of
 * the same job in another process. A process without the lock asks the holder over the cluster
 * bus and waits up to 5 s for its answer; every process keeps the same run log, the lines
 * travelling over the bus too (each names its process, `host:pid`).
 */
export class RunOnceRelay {
  private waiting = new Map<string, (r: RunOnceResult) => void>();

  constructor(
    private readonly scheduler: Scheduler,
    private readonly bus: ClusterBus,
  ) {
    scheduler.share = (line) => bus.publish({ type: 'job-log', line });
    bus.subscribe((msg, origin) => {
      if (msg.type === 'job-log') scheduler.append(msg.line);
      else if (msg.type === 'job-run' && origin === 'other' && scheduler.holdsLock()) {
        const r = this.runHere(msg.job);
        bus.publish({ type: 'job-run-reply', reqId: msg.reqId, started: r.started, running: r.running, runner: PROCESS_NAME });
      } else if (msg.type === 'job-run-reply' && origin === 'other') {
        this.waiting.get(msg.reqId)?.({ started: msg.started, running: msg.running, runner: msg.runner });
      }
    });
  }

  /** Runs `job` once in the lock holder's process; resolves with what happened (never rejects). */
  async run(job: JobRow): Promise<RunOnceResult> {
    // a stopping process runs nothing and asks no one (its server is closing); a process that
    // lost an election tries the lock again at once (the holder may be gone): no 5 s wait for nobody
    if (!this.scheduler.active || (await this.scheduler.takeLead(true))) return this.runHere(job);
    const reqId = randomBytes(8).toString('hex');
    return new Promise<RunOnceResult>((resolve) => {
      const done = (r: RunOnceResult) => {
        clearTimeout(timer);
        this.waiting.delete(reqId);
        resolve(r);
      };
      const timer = setTimeout(() => done({ started: false, running: false, runner: null }), REPLY_TIMEOUT_MS);
      timer.unref?.();
      this.waiting.set(reqId, done);
      this.bus.publish({ type: 'job-run', reqId, job: { id: job.id, job_class_name: job.job_class_name, parameter: job.parameter } });
    });
  }

  private runHere(job: JobRow): RunOnceResult {
    const { started } = this.scheduler.runNow(job);
    return { started, running: !started && this.scheduler.isRunning(job.id), runner: PROCESS_NAME };
  }
}
