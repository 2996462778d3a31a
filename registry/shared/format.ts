/**
 * Pure display helpers of the widgets (no React): number grouping, file names, value lists.
 */

/** Spec 9: a file name is shown with at most 5 characters, then '...'. */
export const FILE_NAME_MAX = 5;

/** Splits a comma-joined stored value ('a,b' → ['a', 'b']); empty → []. Arrays pass through as strings. */
export function splitValue(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String).filter((s) => s !== '');
  return String(value)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Joins values into the stored comma form; [] → null (no value: JSON keeps it, so an edit clears the column). */
export function joinValue(values: readonly string[]): string | null {
  return values.length ? values.join(',') : null;
}

/** The last segment of a stored path ('temp/a_1700.png' → 'a_1700.png'), spec 4.3. */
export function fileNameOf(path: string): string {
  const clean = path.split('?')[0].replace(/[\\/]+$/, '');
  return clean.slice(clean.lastIndexOf('/') + 1) || clean;
}

/** Shortens a file name to {@link FILE_NAME_MAX} characters plus '...' (spec 9). */
export function shortFileName(name: string): string {
  const chars = [...name];
  return chars.length > FILE_NAME_MAX ? chars.slice(0, FILE_NAME_MAX).join('') + '...' : name;
}

/**
 * Groups the integer part with thousands separators, exactly (string arithmetic, no floats):
 * formatNumber('-1234567.5', 2) → '-1,234,567.50'; `decimals` pads or rounds half up the
 * fraction (undefined keeps it as is). Non-numeric input is returned unchanged as a string;
 * empty input gives ''.
 */
export function formatNumber(value: unknown, decimals?: number): string {
  if (value === undefined || value === null || value === '') return '';
  const text = typeof value === 'number' ? numberToPlain(value) : String(value).trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return String(value);
  const sign = m[1];
  let int = m[2];
  let frac = m[3] ?? '';
  if (decimals !== undefined) {
    if (frac.length > decimals) {
      const roundUp = Number(frac[decimals]) >= 5;
      frac = frac.slice(0, decimals);
      if (roundUp) {
        const digits = (int + frac).split('').map(Number);
        let i = digits.length - 1;
        while (i >= 0) {
          if (digits[i] === 9) {
            digits[i] = 0;
            i--;
          } else {
            digits[i]++;
            break;
          }
        }
        let all = digits.join('');
        if (i < 0) all = '1' + all;
        int = all.slice(0, all.length - decimals);
        frac = all.slice(all.length - decimals);
      }
    } else frac = frac.padEnd(decimals, '0');
  }
  int = int.replace(/^0+(?=\d)/, '');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = /^0*$/.test(int + frac);
  return `${isZero ? '' : sign}${grouped}${frac ? '.' + frac : ''}`;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/**
 * Cleans what a user typed into a number input (spec 5.4): keeps an optional leading minus,
 * digits and one decimal point; anything else is dropped.
 */
export function sanitizeNumberInput(text: string): string {
  const trimmed = text.replace(/[\s,]/g, '');
  const negative = trimmed.startsWith('-');
  let seenPoint = false;
  let out = '';
  for (const ch of trimmed.replace(/-/g, '')) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !seenPoint) {
      seenPoint = true;
      out += ch;
    }
  }
  return (negative ? '-' : '') + out;
}
