/** One term of a table dictionary's fixed condition: the column equals one of `values`. */
export interface DictConditionTerm {
  column: string;
  values: string[];
}

const TERM = /^\s*([a-z][a-z0-9_]*)\s*(?:=\s*'([^']*)'|in\s*\(\s*('[^']*'(?:\s*,\s*'[^']*')*)\s*\))\s*$/i;

/**
 * Parses the condition of a table dictionary `table,text,code,condition` (JeecgBoot's 4th
 * segment, business-screens.md §2.5 `supplier_category='2'`): terms `column='value'` or
 * `column in ('a','b')` joined by ` and `. Nothing else is accepted — the server binds the values
 * and checks the columns against the table, so no SQL text ever comes from a dictionary code.
 * Returns the terms, or null when the text has another form.
 */
export function parseDictCondition(text: string): DictConditionTerm[] | null {
  const parts = text.split(/\s+and\s+/i);
  const out: DictConditionTerm[] = [];
  for (const p of parts) {
    const m = TERM.exec(p);
    if (!m) return null;
    const values = m[2] !== undefined ? [m[2]] : [...m[3].matchAll(/'([^']*)'/g)].map((x) => x[1]);
    out.push({ column: m[1].toLowerCase(), values });
  }
  return out.length ? out : null;
}

/** Splits a dictionary code into its table-dictionary parts and condition (null for a plain code). */
export function splitTableDict(dictCode: string): { table: string; text: string; code: string; condition?: string } | null {
  const parts = dictCode.split(',');
  if (parts.length < 3) return null;
  const [table, text, code] = parts.map((s) => s.trim());
  const condition = parts.slice(3).join(',').trim();
  return { table, text, code, ...(condition ? { condition } : {}) };
}
