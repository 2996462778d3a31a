import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { formatDateTime } from '../../../shared/time.js';

/** sys_log.log_type: 1 login, 2 operation (api-contract §5.6). */
export const LOG_TYPE = { login: 1, operation: 2 } as const;

export interface LogEntry {
  logType: number;
  content: string;
  username?: string | null;
  realname?: string | null;
  ip?: string | null;
  operateType?: number;
  requestUrl?: string;
  requestType?: string;
  costTime?: number;
}

/** Appends one row to sys_log; never throws (a failed log line must not fail the request). */
export async function writeLog(db: Db, e: LogEntry): Promise<void> {
  try {
    await db
      .insertInto('sys_log')
      .values({
        id: newId(),
        log_type: e.logType,
        log_content: e.content.slice(0, 1000),
        operate_type: e.operateType ?? null,
        userid: e.username ?? null,
        username: e.realname ?? null,
        ip: e.ip ?? null,
        method: null,
        request_url: e.requestUrl ?? null,
        request_param: null,
        request_type: e.requestType ?? null,
        cost_time: e.costTime ?? null,
        create_by: e.username ?? null,
        create_time: formatDateTime(),
      })
      .execute();
  } catch {
    // logging is best effort
  }
}
