/** Expands a plain cron field (`*`, `a`, `a-b`, `a/s`, `a-b/s`, lists) into its values — the year and month filters of nextTimes. Headless. */

/** The values `text` selects within [min, max], or null when it is not a plain field. */
export function expandField(text: string, min: number, max: number): Set<number> | null {
  const out = new Set<number>();
  for (const item of text.split(',')) {
    const m = /^(\*|\?|\d+)(?:-(\d+))?(?:\/(\d+))?$/.exec(item.trim());
    if (!m) return null;
    const all = m[1] === '*' || m[1] === '?';
    const lo = all ? min : Number(m[1]);
    const hi = all ? max : m[2] !== undefined ? Number(m[2]) : m[3] !== undefined ? max : lo;
    const step = m[3] !== undefined ? Number(m[3]) : 1;
    if (step < 1) return null;
    for (let v = lo; v <= hi; v += step) if (v >= min && v <= max) out.add(v);
  }
  return out;
}
