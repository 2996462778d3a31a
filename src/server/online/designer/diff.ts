import type { ScreenField, ScreenSchema } from '../../../shared/generated/screen-schema.js';

/** One difference between two versions of a screen. */
export interface VersionChange {
  /** 'head' for a head setting, else the field name. */
  target: string;
  kind: 'added' | 'removed' | 'changed';
  /** Changed property (head key or field key); absent for added/removed fields. */
  property?: string;
  from?: unknown;
  to?: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Field-by-field differences from screen `a` to screen `b`: head settings changed, fields
 * added or removed (by name), and each changed property of the fields both have.
 */
export function versionDiff(a: ScreenSchema, b: ScreenSchema): VersionChange[] {
  const out: VersionChange[] = [];
  const { fields: fa, ...ha } = a;
  const { fields: fb, ...hb } = b;
  for (const key of new Set([...Object.keys(ha), ...Object.keys(hb)])) {
    const from = (ha as Record<string, unknown>)[key];
    const to = (hb as Record<string, unknown>)[key];
    if (!same(from, to)) out.push({ target: 'head', kind: 'changed', property: key, from, to });
  }
  const byName = (fs: ScreenField[]) => new Map(fs.map((f) => [f.name, f]));
  const ma = byName(fa);
  const mb = byName(fb);
  for (const [name, f] of ma) {
    const g = mb.get(name);
    if (!g) {
      out.push({ target: name, kind: 'removed', from: f });
      continue;
    }
    for (const key of new Set([...Object.keys(f), ...Object.keys(g)])) {
      const from = (f as unknown as Record<string, unknown>)[key];
      const to = (g as unknown as Record<string, unknown>)[key];
      if (!same(from, to)) out.push({ target: name, kind: 'changed', property: key, from, to });
    }
  }
  for (const [name, g] of mb) if (!ma.has(name)) out.push({ target: name, kind: 'added', to: g });
  return out;
}
