/**
 * Exact decimal arithmetic for the statistics row (docs/architecture.md "Spec quirks and deviations": the sum adds exact
 * decimals, not integer parts as the original did). Values are decimal strings or numbers;
 * BigInt scaled by 10^scale, so 0.1 + 0.2 is 0.3.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Parses a decimal (number, or string with optional thousands separators) or null. */
export function parseDecimal(value: unknown): { units: bigint; scale: number } | null {
  if (value === undefined || value === null || value === '') return null;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = /e/i.test(String(value)) ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : String(value);
  } else if (typeof value === 'string') text = value.trim().replace(/,/g, '');
  else return null;
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const frac = m[3] ?? '';
  const units = BigInt(m[2] + frac) * (m[1] ? -1n : 1n);
  return { units, scale: frac.length };
}

function rescale(units: bigint, from: number, to: number): bigint {
  return to >= from ? units * 10n ** BigInt(to - from) : units / 10n ** BigInt(from - to);
}

function toText(units: bigint, scale: number): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale ? '.' + digits.slice(digits.length - scale) : '';
  return (neg && /[1-9]/.test(digits) ? '-' : '') + int + frac;
}

/** Exact sum of the numeric values (others skipped), at the largest scale seen; '0' for none. */
export function decimalSum(values: Iterable<unknown>): { text: string; count: number } {
  let total = 0n;
  let scale = 0;
  let count = 0;
  for (const v of values) {
    const d = parseDecimal(v);
    if (!d) continue;
    count++;
    if (d.scale > scale) {
      total = rescale(total, scale, d.scale);
      scale = d.scale;
    }
    total += rescale(d.units, d.scale, scale);
  }
  return { text: toText(total, scale), count };
}

/**
 * Average of the numeric values (others skipped), rounded half away from zero to
 * max(2, largest input scale) decimals; '0' for none.
 */
export function decimalAverage(values: Iterable<unknown>): string {
  const list = [...values];
  const { text, count } = decimalSum(list);
  if (!count) return '0';
  const sum = parseDecimal(text)!;
  const scale = Math.max(2, sum.scale);
  const scaled = rescale(sum.units, sum.scale, scale + 1) / BigInt(count); // one guard digit
  const neg = scaled < 0n;
  const abs = neg ? -scaled : scaled;
  const rounded = (abs + 5n) / 10n;
  return toText(neg ? -rounded : rounded, scale);
}
