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
  /** Short Chinese name: what the user sees instead of the class name (select, list, messages). */
  title: string;
  /** Quartz cron a new job of this class starts with (seed, jobClasses); never every second. */
  defaultCron?: string;
  /** Parameter a new job of this class starts with. */
  defaultParameter?: string;
  /** What the parameter means, for the job form. */
  parameterHint?: string;
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

/** The title of a class name (the name itself when unregistered). */
export function jobTitleOf(name: string): string {
  return classes.get(name.trim())?.title ?? name;
}

/**
 * Every registered class as options of the job form's class picker: `{value: class name, text,
 * title, label: its Chinese title, defaultCron, defaultParameter, parameterHint}`.
 */
export function jobClassOptions(): {
  value: string;
  text: string;
  title: string;
  label: string;
  defaultCron?: string;
  defaultParameter?: string;
  parameterHint?: string;
}[] {
  return jobClassNames().map((name) => {
    const c = classes.get(name)!;
    return {
      value: name,
      text: c.title,
      title: c.title,
      label: c.title,
      defaultCron: c.defaultCron,
      defaultParameter: c.defaultParameter,
      parameterHint: c.parameterHint,
    };
  });
}
