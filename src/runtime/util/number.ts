/** Number helpers of spec 9: two-decimal rounding and the progress value. */

/**
 * Shifts the decimal point of a finite number by `places` through its decimal text, so
 * 1.005 → 100.5 exactly (1.005 * 100 is 100.49999999999999 in binary floating point).
 */
function shift(n: number, places: number): number {
  const [mantissa, exponent = '0'] = String(n).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/**
 * Rounds to two decimals, half away from zero, on the decimal value as written:
 * 1.005 → 1.01, 2.675 → 2.68, -1.005 → -1.01, 1.004 → 1. Numeric strings are accepted;
 * anything else (NaN, '', 'abc') gives NaN, ±Infinity is returned as is.
 */
export function roundTo2(value: number | string): number {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(n)) return n;
  const rounded = Math.sign(n) * shift(Math.round(shift(Math.abs(n), 2)), -2);
  return rounded === 0 ? 0 : rounded; // no -0
}

/**
 * The progress value of spec 9: parsed to a number (numbers as is, strings by parseFloat, so
 * '50%' → 50), 0 on failure (null, '', 'abc', NaN, ±Infinity, objects), clamped to 0–100 and
 * rounded to two decimals.
 */
export function parseProgress(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseFloat(value.trim()) : NaN;
  if (!Number.isFinite(n)) return 0;
  return roundTo2(Math.min(100, Math.max(0, n)));
}
