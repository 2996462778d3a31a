/** One line of a field-by-field comparison of two data versions (data log). */
export interface VersionDiff {
  /** Field (column) name. */
  field: string;
  /** Value in the first version, as text ('' when absent). */
  value1: string;
  /** Value in the second version, as text ('' when absent). */
  value2: string;
  /** True when the two texts differ. */
  changed: boolean;
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Parses a `dataContent` JSON snapshot; anything that is not a JSON object gives {}. */
export function parseDataContent(content: unknown): Record<string, unknown> {
  if (typeof content !== 'string' || !content) return {};
  try {
    const v: unknown = JSON.parse(content);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Compares two `dataContent` snapshots (JSON text of a record's columns) field by field, in
 * the order of the first version's fields followed by fields only the second has. Returns one
 * line per field with both values as text and whether they differ (spec 7.2 data log,
 * api-contract §4.5 `/sys/dataLog/queryCompareList`).
 */
export function compareDataVersions(content1: unknown, content2: unknown): VersionDiff[] {
  const a = parseDataContent(content1);
  const b = parseDataContent(content2);
  const fields = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
  return fields.map((field) => {
    const value1 = text(a[field]);
    const value2 = text(b[field]);
    return { field, value1, value2, changed: value1 !== value2 };
  });
}
