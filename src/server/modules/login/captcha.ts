import svgCaptcha from 'svg-captcha';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Login captchas (api-contract §2.1): a 4-character code per client-chosen `checkKey`, valid
 * 60 s and usable once. Kept in process memory (one API process per database folder).
 */
export class CaptchaStore {
  private codes = new Map<string, { code: string; expires: number }>();

  /** Creates a code for `key`; returns the image as a data URL (SVG). */
  create(key: string): string {
    this.sweep();
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
    this.codes.set(key, { code: c.text.toLowerCase(), expires: Date.now() + TTL_MS });
    return `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`;
  }

  /** Checks and consumes the code for `key` (case-insensitive). */
  check(key: string | undefined, code: string | undefined): boolean {
    if (!key || !code) return false;
    const entry = this.codes.get(key);
    this.codes.delete(key);
    return !!entry && entry.expires > Date.now() && entry.code === code.trim().toLowerCase();
  }

  /** Test hook: the current code for a key. */
  peek(key: string): string | undefined {
    return this.codes.get(key)?.code;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, v] of this.codes) if (v.expires < now) this.codes.delete(k);
    if (this.codes.size > MAX_ENTRIES) this.codes.clear();
  }
}
