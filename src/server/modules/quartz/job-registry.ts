import type { Db } from '../../db/connection.js';
import type { ServerConfig } from '../../config.js';

/** What a job run receives (spec 7.2 scheduled jobs; JeecgBoot's JobExecutionContext, reduced). */
export interface JobContext {
  db: Db;
  config: ServerConfig;
  /** The job row's id and its `parameter` text (JeecgBoot passes it to *ParamJob classes). */
  jobId: string;
  parameter: string | null;
  /** 'schedule' when fired by the cron, 'manual' for "run once" (GET /sys/quartzJob/execute). */
  trigger: 'schedule' | 'manual';
  /** Writes one log line for this run (server log and the job's recent-run log). */
  log(message: string): void;
  /** Aborted when the server closes: long jobs should stop early. */
  signal: AbortSignal;
}

/**
 * A job class the scheduler can run, addressed by its JeecgBoot-style fully qualified name
 * (sys_quartz_job.job_class_name). `run` may throw: the scheduler logs the error and carries on.
 */
export interface JobClass {
  name: string;
  /** Short Chinese description shown with the class name. */
  title: string;
  run(ctx: JobContext): Promise<void>;
}

const classes = new Map<string, JobClass>();

/** Registers (or replaces) a job class; modules call it at load time, tests may add their own. */
export function registerJobClass(job: JobClass): void {
  classes.set(job.name, job);
}

/** The job class named `name`, or undefined. */
export function jobClassOf(name: string): JobClass | undefined {
  return classes.get(name.trim());
}

/** Every registered class name, sorted. */
export function jobClassNames(): string[] {
  return [...classes.keys()].sort();
}

/** Every registered class as `{ value, text }` options (the job form's class picker). */
export function jobClassOptions(): { value: string; text: string; title: string; label: string }[] {
  return jobClassNames().map((name) => {
    const t = `${classes.get(name)!.title}（${name}）`;
    return { value: name, text: t, title: t, label: t };
  });
}
