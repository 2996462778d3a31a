import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { BizError } from '../../http/envelope.js';

/**
 * The login lock (spec 7.1), per account name and client IP: `max` wrong passwords in a row from
 * one address lock that name for that address for `minutes`. Counted with one atomic upsert, so
 * parallel guesses all count; unknown names are counted alike (the lock answer is no oracle).
 */
export class LoginLock {
  constructor(
    private readonly db: Db,
    private readonly max: number,
    private readonly minutes: number,
  ) {}

  /** Throws BizError 密码错误次数过多，账号已锁定，请N分钟后再试 while `username` is locked for `ip`. */
  async assertOpen(username: string, ip: string): Promise<void> {
    const row = await this.db
      .selectFrom('sys_login_failure')
      .select('lock_until')
      .where('username', '=', username)
      .where('ip', '=', ip)
      .executeTakeFirst();
    const until = Number(row?.lock_until ?? 0);
    if (until > Date.now()) throw new BizError(`密码错误次数过多，账号已锁定，请${Math.ceil((until - Date.now()) / 60_000)}分钟后再试`);
  }

  /**
   * Counts a wrong password of `username` from `ip` (an expired lock starts the count again);
   * returns true when this failure locked it.
   */
  async fail(username: string, ip: string): Promise<boolean> {
    const now = Date.now();
    const res = await sql<{
      fail_count: number;
      lock_until: string | number | null;
    }>`insert into sys_login_failure (username, ip, fail_count, lock_until)
      values (${username}, ${ip}, 1, null)
      on conflict (username, ip) do update set
        fail_count = case when sys_login_failure.lock_until <= ${now} then 1 else sys_login_failure.fail_count + 1 end,
        lock_until = case when sys_login_failure.lock_until > ${now} then sys_login_failure.lock_until else null end
      returning fail_count, lock_until`.execute(this.db);
    const row = res.rows[0];
    // a guess racing the one that locked leaves the lock as it is
    if (row?.lock_until !== null && row?.lock_until !== undefined) return true;
    if (Number(row?.fail_count) < this.max) return false;
    await this.db
      .updateTable('sys_login_failure')
      .set({ fail_count: 0, lock_until: now + this.minutes * 60_000 })
      .where('username', '=', username)
      .where('ip', '=', ip)
      .execute();
    return true;
  }

  /** Forgets the failures of `username` from the address `ip` (a right password there). */
  async clearFor(username: string, ip: string): Promise<void> {
    await this.db.deleteFrom('sys_login_failure').where('username', '=', username).where('ip', '=', ip).execute();
  }

  /** Forgets the failures of `username` from every address (a new password). */
  async clear(username: string, db: Db = this.db): Promise<void> {
    await db.deleteFrom('sys_login_failure').where('username', '=', username).execute();
  }
}
