import { randomInt } from 'node:crypto';

let lastMs = 0;
let seq = 0;

/**
 * New record id: a 19-digit decimal string in the spirit of MyBatis-Plus ASSIGN_ID
 * (millisecond time, a per-process sequence and random bits), ordered by creation time.
 * Ids are strings on the wire (api-contract §1.8).
 */
export function newId(): string {
  const now = Date.now();
  if (now === lastMs) seq = (seq + 1) % 1000;
  else {
    lastMs = now;
    seq = 0;
  }
  const rand = randomInt(0, 1000);
  return `${now}${String(seq).padStart(3, '0')}${String(rand).padStart(3, '0')}`;
}
