/**
 * Hierarchical codes of departments, categories and organisation units (api-contract §5.4,
 * JeecgBoot's YouBianCodeUtil): each level adds one letter and two digits — roots A01, A02 …
 * A99, B01 …; the children of A01 are A01A01, A01A02 … The next sibling increments the last
 * segment of the greatest sibling code.
 */

const SEGMENT = /([A-Z])(\d{2})$/;

/** The segment after `seg` (A01 → A02, A99 → B01); null after Z99. */
export function nextSegment(seg: string): string | null {
  const m = SEGMENT.exec(seg);
  if (!m) return null;
  const n = Number(m[2]);
  if (n < 99) return `${m[1]}${String(n + 1).padStart(2, '0')}`;
  if (m[1] === 'Z') return null;
  return `${String.fromCharCode(m[1].charCodeAt(0) + 1)}01`;
}

/**
 * The code of a new child of `parentCode` (null for a root) given the codes of its existing
 * siblings: parentCode + 'A01' for the first one, else the greatest sibling's last segment
 * incremented. Returns null when the level is full (after Z99).
 */
export function nextChildCode(parentCode: string | null, siblingCodes: readonly string[]): string | null {
  const prefix = parentCode ?? '';
  const own = siblingCodes.filter((c) => c.length === prefix.length + 3 && c.startsWith(prefix) && SEGMENT.test(c)).sort();
  if (!own.length) return `${prefix}A01`;
  const next = nextSegment(own[own.length - 1].slice(prefix.length));
  return next ? `${prefix}${next}` : null;
}
