import bcrypt from 'bcryptjs';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { BizError } from '../../http/envelope.js';
import { concurrencyLimit } from '../../util/concurrency.js';

/** Argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane); `algorithm` 2 = Argon2id. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** The prefix of a hash made with {@link ARGON2ID}: any other stored hash is renewed at the next login. */
const CURRENT = '$argon2id$v=19$m=19456,t=2,p=1$';

/**
 * Hashes and checks run at most half the machine's cores at once per process (one on two
 * cores), the others wait their turn: a burst of sign-ins would otherwise fill every core with
 * hashing, starve the event loop that serves every other request (load shedding answers 503)
 * and take 19 MiB a hash.
 */
const oneHashSlot = concurrencyLimit(Math.floor(os.availableParallelism() / 2));

/**
 * Argon2id hash of a plain password (OWASP parameters). Runs on the native thread pool, so the
 * event loop stays free while it works.
 */
export function hashPassword(plain: string): Promise<string> {
  return oneHashSlot(() => argonHash(plain, ARGON2ID as never));
}

/**
 * True when `plain` matches the stored hash: Argon2id, or bcrypt (hashes stored before Argon2id;
 * renewed on the next login, see {@link needsRehash}); false for a malformed hash.
 */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  try {
    if (hash.startsWith('$argon2')) return await oneHashSlot(() => argonVerify(hash, plain));
    return await oneHashSlot(() => bcrypt.compare(plain, hash));
  } catch {
    return false;
  }
}

/** True when a stored hash was not made with the current Argon2id parameters (bcrypt, older settings). */
export function needsRehash(hash: string): boolean {
  return !hash.startsWith(CURRENT);
}

/**
 * Passwords every guessing list tries first that pass the letters-and-digits rule (compared
 * case-insensitively); a new password must not be one of them.
 */
const COMMON_PASSWORDS = new Set([
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'abc12345',
  'abc123456',
  'abcd1234',
  'a1234567',
  'a12345678',
  'a123456789',
  'aa123456',
  'aa123456789',
  'qq123456',
  'qwer1234',
  'qwerty123',
  'qwerty12',
  'asdf1234',
  'zxcv1234',
  '1qaz2wsx',
  '1q2w3e4r',
  'q1w2e3r4',
  'admin123',
  'admin1234',
  'admin888',
  'root1234',
  'test1234',
  'test123456',
  'iloveyou1',
  'woaini1314',
  'woaini520',
  '12345678a',
  '123456789a',
  '123456abc',
  '123qwe123',
  '1234qwer',
  'welcome1',
  'letmein1',
  'changeme1',
  'jeecg123',
  'jeecg1234',
]);

/** Throws BizError 密码过于常见，请换一个更安全的密码 for a password of the common-password list. */
export function assertNotCommon(plain: string): void {
  if (COMMON_PASSWORDS.has(plain.toLowerCase())) throw new BizError('密码过于常见，请换一个更安全的密码');
}

/** A random password of 16 characters from letters and digits (first-start admin password). */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  // guarantee letters and digits (spec 5.1 password rule)
  return out.slice(0, 14) + 'a7';
}
