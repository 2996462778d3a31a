import type { ScreenField, ScreenSchema } from '../../shared/generated/screen-schema.js';
import { toColumn } from '../../shared/columns.js';
import { queryWidgetOf } from '../../shared/widget-types.js';

/** Query widgets whose single-mode query is a substring match ('*v*', JeecgBoot convention). */
const LIKE_WIDGETS = new Set(['input', 'password']);

/** Fields shown in the list's query form, in schema order (spec: the fields marked for query). */
export function queryFields(screen: ScreenSchema): ScreenField[] {
  return screen.fields.filter((f) => f.queryMode);
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Turns query-form values (keyed by column; a range field holds [begin, end]) into the
 * request parameters of api-contract §4.2: text inputs as '*v*' (by the field's query widget),
 * selects as equality, several values (list_multi …) as an in-list 'a,b', ranges
 * as `<col>_begin` / `<col>_end`. Empty values are left out.
 */
export function toQueryParams(screen: ScreenSchema, values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of queryFields(screen)) {
    const col = toColumn(f.name);
    const v = values[col];
    if (empty(v)) continue;
    if (f.queryMode === 'range') {
      const [begin, end] = Array.isArray(v) ? v : [v, undefined];
      if (!empty(begin)) out[`${col}_begin`] = String(begin);
      if (!empty(end)) out[`${col}_end`] = String(end);
      continue;
    }
    const text = Array.isArray(v) ? v.join(',') : String(v).trim();
    if (!text) continue;
    out[col] = LIKE_WIDGETS.has(queryWidgetOf(f)) ? `*${text}*` : text;
  }
  return out;
}

const NUMERIC = new Set(['int', 'double', 'BigDecimal']);

/**
 * The query form's initial values (keyed by column, as {@link toQueryParams} reads them) from
 * the fields' `queryDefault`: a range field's "begin,end" as [begin, end], numbers of numeric
 * fields as numbers (what the number inputs hold). Fields without a default are absent.
 */
export function queryDefaults(screen: ScreenSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const typed = (f: ScreenField, v: string | undefined) => {
    const t = (v ?? '').trim();
    if (!t) return undefined;
    return NUMERIC.has(f.dbType) && Number.isFinite(Number(t)) ? Number(t) : t;
  };
  for (const f of queryFields(screen)) {
    if (f.queryDefault === undefined) continue;
    const col = toColumn(f.name);
    if (f.queryMode === 'range') {
      const [begin, end] = f.queryDefault.split(',');
      out[col] = [typed(f, begin), typed(f, end)];
    } else {
      const v = typed(f, f.queryDefault);
      if (v !== undefined) out[col] = v;
    }
  }
  return out;
}
