import { loadModule, parseSync } from 'libpg-query';
import { REPORT_TEXT } from './texts.js';

/**
 * The allow-list of report SQL, checked on the statement as PostgreSQL's own parser
 * (libpg-query) reads it: quoting ("sys_user"), comments, escapes and schema prefixes
 * (public.x, pg_catalog.f) are resolved by the parser, so none of them can hide a name.
 */

/** System tables a report may read besides the business tables of the screens (credential columns stay refused). */
export const REPORT_SYSTEM_TABLES = [
  'sys_user',
  'sys_depart',
  'sys_user_depart',
  'sys_role',
  'sys_user_role',
  'sys_position',
  'sys_dict',
  'sys_dict_item',
  'sys_category',
  'sys_tenant',
  'sys_announcement',
  'sys_area',
];

/** Functions a report may call: aggregates, window functions, text, number, date and JSON helpers (all read-only, none waits or reads files). */
export const REPORT_FUNCTIONS = new Set(
  `count sum avg min max string_agg array_agg bool_and bool_or every json_agg jsonb_agg json_object_agg jsonb_object_agg
  stddev stddev_pop stddev_samp variance var_pop var_samp percentile_cont percentile_disc mode
  row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value
  concat concat_ws length char_length character_length octet_length lower upper initcap trim btrim ltrim rtrim
  substring substr left right position strpos replace translate lpad rpad split_part repeat reverse
  starts_with format to_char to_date to_timestamp to_number regexp_replace regexp_match regexp_matches
  regexp_split_to_array string_to_array array_to_string array_length cardinality unnest array_position
  abs round ceil ceiling floor trunc mod power sqrt sign div greatest least random width_bucket
  now date_trunc date_part extract age make_date make_time make_timestamp make_interval justify_days
  justify_hours justify_interval to_json to_jsonb json_build_object jsonb_build_object json_build_array
  jsonb_build_array jsonb_array_length json_array_length jsonb_extract_path_text json_extract_path_text
  coalesce nullif generate_series timezone overlay normalize md5`.split(/\s+/),
);

/**
 * The relations a report on the application's database may read: the tables of the business
 * screens (not those of system screens, whose tables the migrations own) and {@link REPORT_SYSTEM_TABLES}.
 */
export function reportRelations(screens: readonly { screen: { tableName: string; tableSource?: string } }[]): Set<string> {
  const out = new Set(REPORT_SYSTEM_TABLES);
  for (const { screen } of screens) if (screen.tableSource !== 'migration') out.add(screen.tableName);
  return out;
}

let loaded: Promise<void> | null = null;
const verdicts = new Map<string, string | null>();

/** Loads the parser (WebAssembly, once per process); call before {@link checkReportAst}. */
export function loadReportParser(): Promise<void> {
  loaded ??= loadModule();
  return loaded;
}

type Node = Record<string, unknown>;

/** The names of a FuncCall's `funcname` list. */
const namesOf = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((n) => String((n as { String?: { sval?: string } }).String?.sval ?? '')) : [];

/**
 * Checks a report SQL (its `${param}` / `#{variable}` placeholders standing for bound values)
 * on its parse tree: one SELECT; every relation read is a CTE of the statement, one of
 * `relations` (unqualified or `public.`), or `extra`; every function called is in
 * {@link REPORT_FUNCTIONS} (unqualified or `pg_catalog.`). `relations` null (a report on a data
 * source) skips the relation check. Returns the first problem, or null (verdicts cached by text).
 * The parser must be loaded ({@link loadReportParser}); a statement it cannot parse is refused.
 */
export function checkReportAst(text: string, relations: ReadonlySet<string> | null): string | null {
  const key = relations ? `${[...relations].sort().join(',')}\u0000${text}` : `\u0000${text}`;
  if (verdicts.has(key)) return verdicts.get(key)!;
  const verdict = verdictOf(text, relations);
  if (verdicts.size > 1000) verdicts.clear();
  verdicts.set(key, verdict);
  return verdict;
}

function verdictOf(text: string, relations: ReadonlySet<string> | null): string | null {
  const bound = text.replace(/'?(?:\$\{[A-Za-z][A-Za-z0-9_]*\}|#\{[A-Za-z_]+\})'?/g, '$$1');
  let tree: { stmts?: { stmt: Node }[] };
  try {
    tree = parseSync(bound) as typeof tree;
  } catch {
    return REPORT_TEXT.unparsable;
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1) return REPORT_TEXT.multiStatement;
  if (!('SelectStmt' in stmts[0].stmt)) return REPORT_TEXT.notSelect;
  const ctes = new Set<string>();
  const collect = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Node)) {
        if (k === 'CommonTableExpr') ctes.add(String((child as Node).ctename ?? ''));
        collect(child);
      }
    }
  };
  collect(stmts[0].stmt);
  let problem: string | null = null;
  const walk = (v: unknown): void => {
    if (problem) return;
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, child] of Object.entries(v as Node)) {
      if (problem) return;
      const node = child as Node;
      if (k === 'RangeVar') {
        const schema = node.schemaname ? String(node.schemaname) : '';
        const rel = String(node.relname ?? '');
        // a data source's own tables (relations null) are its business; functions are checked there too
        const allowed = !relations || (schema ? schema === 'public' && relations.has(rel) : ctes.has(rel) || relations.has(rel));
        if (!allowed) problem = REPORT_TEXT.relationNotAllowed(schema ? `${schema}.${rel}` : rel);
      } else if (k === 'FuncCall') {
        const names = namesOf(node.funcname);
        const name = names[names.length - 1];
        const okSchema = names.length === 1 || (names.length === 2 && names[0] === 'pg_catalog');
        if (!okSchema || !REPORT_FUNCTIONS.has(name)) problem = REPORT_TEXT.functionNotAllowed(names.join('.'));
      } else if (k === 'intoClause' || k === 'lockingClause') {
        if (child && (!Array.isArray(child) || child.length)) problem = REPORT_TEXT.readOnly;
      }
      walk(child);
    }
  };
  walk(stmts[0].stmt);
  return problem;
}
