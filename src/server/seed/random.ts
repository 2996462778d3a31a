/**
 * Deterministic pseudo-random numbers for the seed generator (business-screens.md §5:
 * "fixed PRNG seed ⇒ same rows every run"). mulberry32 core, string seeds hashed with FNV-1a.
 * Not for anything security-related.
 */

const DAY_MS = 86_400_000;

/** A seeded random source with the helpers the seed generators need. */
export interface Rng {
  /** Next float in [0, 1). */
  next(): number;
  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** Float in [min, max) rounded to `decimals` places (default 2). */
  float(min: number, max: number, decimals?: number): number;
  /** One element of a non-empty array; throws on an empty array. */
  pick<T>(arr: readonly T[]): T;
  /** One element chosen by weight: `[[value, weight], …]`; throws when all weights are 0. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** True with probability `p` (0–1). */
  chance(p: number): boolean;
  /** A new array with the elements in random order (the input is left untouched). */
  shuffle<T>(arr: readonly T[]): T[];
  /** `n` distinct elements (n ≤ arr.length), in random order. */
  sample<T>(arr: readonly T[], n: number): T[];
  /** A string of `n` random decimal digits (may start with 0). */
  digits(n: number): string;
  /** A random instant in [from, to] (Date objects; to ≥ from). */
  dateBetween(from: Date, to: Date): Date;
  /** A random instant `minDays`–`maxDays` days before `base` (fractional days allowed). */
  daysBefore(base: Date, minDays: number, maxDays: number): Date;
  /** A random instant `minDays`–`maxDays` days after `base`. */
  daysAfter(base: Date, minDays: number, maxDays: number): Date;
}

/** 32-bit FNV-1a hash of a string, used to turn string seeds into numbers. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Creates a seeded generator. Same `seed` ⇒ same sequence on every platform.
 * @param seed a number (its low 32 bits are used) or any string
 * @returns an {@link Rng}
 */
export function createRng(seed: number | string): Rng {
  let state = (typeof seed === 'string' ? hashString(seed) : seed) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const rng: Rng = {
    next,
    int,
    float(min, max, decimals = 2) {
      const f = 10 ** decimals;
      return Math.round((min + next() * (max - min)) * f) / f;
    },
    pick(arr) {
      if (arr.length === 0) throw new Error('pick() from an empty array');
      return arr[Math.floor(next() * arr.length)];
    },
    weighted(items) {
      const total = items.reduce((s, [, w]) => s + w, 0);
      if (!(total > 0)) throw new Error('weighted() needs a positive total weight');
      let r = next() * total;
      for (const [value, w] of items) {
        r -= w;
        if (r < 0) return value;
      }
      return items[items.length - 1][0];
    },
    chance: (p) => next() < p,
    shuffle(arr) {
      const out = arr.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    sample(arr, n) {
      return rng.shuffle(arr).slice(0, Math.min(n, arr.length));
    },
    digits(n) {
      let s = '';
      for (let i = 0; i < n; i++) s += String(Math.floor(next() * 10));
      return s;
    },
    dateBetween(from, to) {
      const a = from.getTime();
      const b = to.getTime();
      return new Date(a + Math.floor(next() * (Math.max(b - a, 0) + 1)));
    },
    daysBefore(base, minDays, maxDays) {
      return new Date(base.getTime() - (minDays + next() * (maxDays - minDays)) * DAY_MS);
    },
    daysAfter(base, minDays, maxDays) {
      return new Date(base.getTime() + (minDays + next() * (maxDays - minDays)) * DAY_MS);
    },
  };
  return rng;
}
