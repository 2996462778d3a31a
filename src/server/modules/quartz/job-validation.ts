import type { Db } from '../../db/connection.js';
import { validateCron } from '../../../shared/cron/validate.js';
import { nextTimes } from '../../../shared/cron/next-times.js';
import { BizError } from '../../http/envelope.js';
import { jobClassNames, jobClassOf, jobTitleOf } from './job-registry.js';
import { JOB_STATUS } from './scheduler.js';
import { QUARTZ_TEXT } from './texts.js';

type Row = Record<string, unknown>;

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/**
 * Checks and normalises a job row about to be written (column → value, as the generic engine
 * hands it to beforeWrite): job class registered, Quartz cron valid (6–7 fields, spec 5.3
 * bounds) and firing again, status 0 or -1. `existing` is the stored row on edit (fields the
 * request leaves out keep their stored value). Throws BizError with a clear Chinese message.
 */
export function checkJobRow(row: Row, existing: Row | null): void {
  const className = text(row.job_class_name ?? existing?.job_class_name);
  if (!className) throw new BizError(QUARTZ_TEXT.classRequired);
  if (!jobClassOf(className)) throw new BizError(QUARTZ_TEXT.unknownClass(jobClassNames().map(jobTitleOf)));
  if ('job_class_name' in row) row.job_class_name = className;
  const cron = text(row.cron_expression ?? existing?.cron_expression);
  if (!cron) throw new BizError(QUARTZ_TEXT.cronRequired);
  const problem = validateCron(cron);
  if (problem) throw new BizError(QUARTZ_TEXT.badCron(problem));
  if (nextTimes(cron, 1).length === 0) throw new BizError(QUARTZ_TEXT.neverFires);
  if ('cron_expression' in row) row.cron_expression = cron.split(/\s+/).join(' ');
  const status = row.status ?? existing?.status;
  if (status === undefined || status === null || status === '') row.status = JOB_STATUS.stopped;
  else if (Number(status) !== JOB_STATUS.running && Number(status) !== JOB_STATUS.stopped) throw new BizError(QUARTZ_TEXT.badStatus);
  else if ('status' in row) row.status = Number(status);
  if (existing === null) row.del_flag = 0;
}

/**
 * Refuses a second job of the same class with the same parameter (it would do the same work
 * twice), naming the class by its title. Several jobs of one class with different parameters
 * are fine (the scheduler keys jobs by id).
 */
export async function assertJobFree(trx: Db, className: string, parameter: string | null, id: string | null): Promise<void> {
  let q = trx.selectFrom('sys_quartz_job').select('id').where('job_class_name', '=', className).where('del_flag', '=', 0);
  q = parameter ? q.where('parameter', '=', parameter) : q.where((eb) => eb.or([eb('parameter', 'is', null), eb('parameter', '=', '')]));
  if (id) q = q.where('id', '<>', id);
  if (await q.executeTakeFirst()) throw new BizError(QUARTZ_TEXT.duplicateJob(jobTitleOf(className)));
}
