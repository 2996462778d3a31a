import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/connection.js';

const TTL_MS = 60_000;

/**
 * Login captchas (api-contract §2.1): a 4-character code per client-chosen `checkKey`, valid
 * 60 s and usable once. Kept in the database (`sys_captcha`), so a captcha shown by one API
 * process is checked by any other; expired rows are swept when new ones are made.
 */
export class CaptchaStore {
  constructor(private readonly db: Db) {}

  /** Creates a code for `key` (replacing an older one); returns the image as a data URL (SVG). */
  async create(key: string): Promise<string> {
    const c = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: '0oO1iIlL',
      color: true,
      background: '#f0f2f5',
      width: 105,
      height: 35,
      fontSize: 40,
    });
    const now = Date.now();
    await this.db.deleteFrom('sys_captcha').where('expire_at', '<', now).execute();
    await this.db
      .insertInto('sys_captcha')
      .values({ check_key: key, code: c.text.toLowerCase(), expire_at: now + TTL_MS })
      .onConflict((oc) => oc.column('check_key').doUpdateSet({ code: c.text.toLowerCase(), expire_at: now + TTL_MS }))
      .execute();
    return `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`;
  }

  /** Checks and consumes the code for `key` (case-insensitive); pass the open transaction's `db` inside one. */
  async check(key: string | undefined, code: string | undefined, db: Db = this.db): Promise<boolean> {
    if (!key || !code) return false;
    const entry = await db.deleteFrom('sys_captcha').where('check_key', '=', key).returning(['code', 'expire_at']).executeTakeFirst();
    return !!entry && Number(entry.expire_at) > Date.now() && entry.code === code.trim().toLowerCase();
  }

  /** Test hook: the current code for a key. */
  async peek(key: string): Promise<string | undefined> {
    return (await this.db.selectFrom('sys_captcha').select('code').where('check_key', '=', key).executeTakeFirst())?.code;
  }
}
