import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';

const ROUNDS = 10;

/** bcrypt hash of a plain password (cost 10). */
export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, ROUNDS);
}

/** True when `plain` matches the stored bcrypt `hash`; false for a malformed hash. */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(plain, hash);
  } catch {
    return false;
  }
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
