import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { BizError } from '../../http/envelope.js';
import { SMS_TEXT } from '../signin/texts.js';
import type { SmsSender, SmsTemplate } from './sms-sender.js';
import { inTransaction } from '../../db/transaction.js';

/** smsmode of /sys/sms (api-contract §2.1) → template. */
export const SMS_MODES: Readonly<Record<string, SmsTemplate>> = { '0': 'login', '1': 'register', '2': 'forgetPassword' };

/** Limits of the SMS codes (spec 7.1; JeecgBoot: 6 digits valid 10 minutes). */
export interface SmsLimits {
  /** lifetime of a code, ms (10 minutes) */
  ttlMs: number;
  /** no new code for the same mobile within this time, ms (60 s, the client's countdown) */
  resendMs: number;
  /** codes per mobile per hour */
  perMobilePerHour: number;
  /** codes per client IP per hour */
  perIpPerHour: number;
  /** wrong entries before a code is void */
  maxAttempts: number;
}

export const DEFAULT_SMS_LIMITS: SmsLimits = {
  ttlMs: 10 * 60_000,
  resendMs: 60_000,
  perMobilePerHour: 5,
  perIpPerHour: 20,
  maxAttempts: 5,
};

const HOUR = 3_600_000;

function hashCode(mobile: string, mode: string, code: string): string {
  return createHash('sha256').update(`${mobile}\u0000${mode}\u0000${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Messages a caller answers for a missing/expired code and for a wrong one. */
export interface CodeMessages {
  expired: string;
  wrong: string;
}

/**
 * SMS codes (spec 7.1 /sys/sms, api-contract §2.1): 6 random digits per mobile and purpose,
 * valid 10 minutes, single use, void after 5 wrong entries; at most one new code a minute and 5
 * an hour per mobile, 20 an hour per client IP. Only a hash of each code is stored
 * (`sys_sms_code`), so the database works for several API processes.
 */
export class SmsCodeService {
  constructor(
    private readonly db: Db,
    private readonly sender: SmsSender,
    private readonly limits: SmsLimits = DEFAULT_SMS_LIMITS,
  ) {}

  /**
   * Creates and sends a code for `mobile` and `mode` ('0' | '1' | '2'), voiding older unused
   * codes of the same purpose; `deliver` false stores it without sending it. Throws BizError 验证码10分钟内，仍然有效！ within a minute of the
   * last code, 短信接口请求太多，请稍后再试！ over the hourly limits, 短信验证码发送失败,请稍后重试
   * when the sender fails (the code is then forgotten).
   */
  async send(mobile: string, mode: string, ip: string, deliver = true): Promise<void> {
    const template = SMS_MODES[mode];
    if (!template) throw new BizError(SMS_TEXT.badMode);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = newId();
    const now = Date.now();
    await inTransaction(this.db, async (trx) => {
      // one sender per mobile at a time, so two quick requests cannot both pass the limits
      await sql`select pg_advisory_xact_lock(hashtext(${'sms:' + mobile}))`.execute(trx);
      const recent = await trx
        .selectFrom('sys_sms_code')
        .select(['created_at'])
        .where('mobile', '=', mobile)
        .where('created_at', '>', now - HOUR)
        .orderBy('created_at', 'desc')
        .execute();
      if (recent.length && now - Number(recent[0].created_at) < this.limits.resendMs) throw new BizError(SMS_TEXT.stillValid);
      if (recent.length >= this.limits.perMobilePerHour) throw new BizError(SMS_TEXT.tooMany);
      const byIp = await trx
        .selectFrom('sys_sms_code')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('ip', '=', ip)
        .where('created_at', '>', now - HOUR)
        .executeTakeFirst();
      if (Number(byIp?.n ?? 0) >= this.limits.perIpPerHour) throw new BizError(SMS_TEXT.tooMany);
      await trx
        .updateTable('sys_sms_code')
        .set({ used: 1 })
        .where('mobile', '=', mobile)
        .where('sms_mode', '=', mode)
        .where('used', '=', 0)
        .execute();
      await trx
        .insertInto('sys_sms_code')
        .values({
          id,
          mobile,
          sms_mode: mode,
          code_hash: hashCode(mobile, mode, code),
          ip,
          attempts: 0,
          used: 0,
          created_at: now,
          expire_at: now + this.limits.ttlMs,
        })
        .execute();
    });
    // a code nobody may use (unknown phone for a sign-in, a registered one for registration) is
    // stored and limited like any other, only never sent: the answer tells nothing
    if (!deliver) return;
    try {
      await this.sender.send(mobile, template, { code });
    } catch {
      await this.db.deleteFrom('sys_sms_code').where('id', '=', id).execute();
      throw new BizError(SMS_TEXT.sendFailed);
    }
  }

  /**
   * Checks `code` against the newest unused code of `mobile` and `mode`. Throws BizError
   * `messages.expired` when there is none or it expired, `messages.wrong` when it differs (the
   * attempt is counted; the 5th wrong entry voids the code). Returns the code's id for
   * {@link consume}. Call it outside a transaction.
   */
  async verify(mobile: string, mode: string, code: unknown, messages: CodeMessages): Promise<string> {
    const row = await this.db
      .selectFrom('sys_sms_code')
      .selectAll()
      .where('mobile', '=', mobile)
      .where('sms_mode', '=', mode)
      .where('used', '=', 0)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || Number(row.expire_at) < Date.now()) throw new BizError(messages.expired);
    const given = typeof code === 'string' ? code.trim() : typeof code === 'number' ? String(code) : '';
    if (!/^\d{6}$/.test(given) || !sameHash(row.code_hash, hashCode(mobile, mode, given))) {
      // one atomic update: parallel guesses all count, and the last allowed one voids the code
      await this.db
        .updateTable('sys_sms_code')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          used: eb
            .case()
            .when('attempts', '>=', this.limits.maxAttempts - 1)
            .then(1)
            .else(eb.ref('used'))
            .end(),
        }))
        .where('id', '=', row.id)
        .execute();
      throw new BizError(messages.wrong);
    }
    return row.id;
  }

  /**
   * Uses up the verified code `id` — once only, even under concurrent requests — inside the
   * transaction `exec` when given, so that a write failing after it leaves the code unused.
   * Throws BizError `expired` when it was used meanwhile.
   */
  async consume(id: string, expired: string, exec: Db = this.db): Promise<void> {
    const res = await exec
      .updateTable('sys_sms_code')
      .set({ used: 1 })
      .where('id', '=', id)
      .where('used', '=', 0)
      // a right guess racing the wrong ones that used up the attempts is too late
      .where('attempts', '<', this.limits.maxAttempts)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new BizError(expired);
  }
}
