import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';

const KEY_NAME = 'datasource_key';
const PREFIX = 'enc:v1:';

/**
 * Reads the per-install key that encrypts data-source passwords at rest (sys_install
 * `datasource_key`, 32 random bytes), generating it on first start like the token secret
 * (token-service.ts loadTokenSecret): never committed, never shared between installs.
 */
export async function loadSecretKey(db: Db): Promise<Buffer> {
  const row = await db.selectFrom('sys_install').select('value').where('key', '=', KEY_NAME).executeTakeFirst();
  if (row) return Buffer.from(row.value, 'base64');
  await db
    .insertInto('sys_install')
    .values({ key: KEY_NAME, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const again = await db.selectFrom('sys_install').select('value').where('key', '=', KEY_NAME).executeTakeFirstOrThrow();
  return Buffer.from(again.value, 'base64');
}

/**
 * AES-256-GCM with the install key: `encrypt` gives `enc:v1:<iv>:<tag>:<ciphertext>` (base64
 * parts, a fresh 12-byte iv each time); `decrypt` reverses it and throws when the text was not
 * made with this key or was altered.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  /** True when `text` looks like one of our encrypted values. */
  static isSealed(text: unknown): boolean {
    return typeof text === 'string' && text.startsWith(PREFIX);
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${data.toString('base64')}`;
  }

  decrypt(sealed: string): string {
    if (!SecretBox.isSealed(sealed)) throw new Error('not an encrypted value');
    const [iv, tag, data] = sealed.slice(PREFIX.length).split(':');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}
