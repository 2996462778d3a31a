import { sql, type RawBuilder } from 'kysely';
import { REPORT_TEXT } from './texts.js';

/**
 * The text of a report SQL with string literals, dollar-quoted bodies and comments blanked out
 * and quoted identifiers unquoted (lower-cased), so the checks below see only code.
 */
export function maskLiterals(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === "'") {
      const escapes = /[eE]/.test(text[i - 1] ?? '') && !/\w/.test(text[i - 2] ?? '');
      let j = i + 1;
      while (j < text.length) {
        if (escapes && text[j] === '\\') j += 2;
        else if (text[j] === "'" && text[j + 1] === "'") j += 2;
        else if (text[j] === "'") break;
        else j++;
      }
      out += "'" + ' '.repeat(Math.max(0, Math.min(j, text.length) - i - 1)) + "'";
      i = j + 1;
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      const stop = end === -1 ? text.length : end;
      out += ' ' + text.slice(i + 1, stop).toLowerCase() + ' ';
      i = stop + 1;
    } else if (c === '$' && /^\$([A-Za-z_]\w*)?\$/.test(text.slice(i))) {
      const tag = /^\$([A-Za-z_]\w*)?\$/.exec(text.slice(i))![0];
      const end = text.indexOf(tag, i + tag.length);
      const stop = end === -1 ? text.length : end + tag.length;
      out += ' '.repeat(stop - i);
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Tables a report may never read: secrets, sessions, one-time codes, the database's own roles. */
export const DENIED_TABLES = [
  'sys_install',
  'sys_user_token',
  'sys_sms_code',
  'sys_oauth2_flow',
  'sys_login_ticket',
  'sys_setting',
  'pg_authid',
  'pg_shadow',
  'pg_roles',
  'pg_user',
  'pg_user_mapping',
  'pg_user_mappings',
  'pg_stat_activity',
];

/** Column names that hold credentials (password hashes, salts, data-source passwords, codes, tokens). */
export const CREDENTIAL_COLUMN =
  /\b(password|passwd|pwd|salt|db_password|code_hash|rolpassword|secret\w*|\w*token\w*|code_verifier|nonce)\b/i;

/** Tables whose rows hold credential columns: a report may read their other columns, never a whole row. */
export const CREDENTIAL_TABLES = ['sys_user', 'sys_data_source', 'sys_third_account'];

const WRITES = /\b(insert|update|delete|merge|truncate|into|for\s+(?:no\s+key\s+)?update|for\s+(?:key\s+)?share|nowait|skip\s+locked)\b/i;
const FUNCTIONS =
  /\b(pg_sleep\w*|pg_read_\w+|pg_ls_\w+|pg_stat_file|pg_file_\w+|lo_\w+|dblink\w*|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|set_config|current_setting|pg_advisory\w*|pg_try_advisory\w*|nextval|setval|txid_\w+|pg_current_xact_id\w*|pg_notify|query_to_xml\w*|table_to_xml\w*|cursor_to_xml\w*|database_to_xml\w*|schema_to_xml\w*|pg_logical\w*|pg_replication\w*|pg_create\w*|pg_drop\w*|pg_switch_wal|pg_backup\w*|pg_promote|pg_import_system_collations)\s*\(/i;
const SYSTEM_VARIABLES = new Set([
  'sysUserCode',
  'sys_user_code',
  'sysOrgCode',
  'sys_org_code',
  'sysDate',
  'sys_date',
  'sysTime',
  'sys_time',
  'sysUserId',
  'sys_user_id',
  'sysTenantId',
  'sys_tenant_id',
]);
const PLACEHOLDER = /'\$\{([A-Za-z][A-Za-z0-9_]*)\}'|\$\{([A-Za-z][A-Za-z0-9_]*)\}|'#\{([A-Za-z_]+)\}'|#\{([A-Za-z_]+)\}/g;

/**
 * Checks a report SQL before it is stored or run: one statement only, a
 * SELECT (or WITH … SELECT), no writes, locks or `select into`, none of the functions that
 * sleep, read files, take advisory locks, change settings or run SQL from text, no placeholder
 * inside quotes, only known system variables, no credential column name and no denied table.
 * Returns the first problem, or null. The read-only transaction and the plan check at run
 * time (checkPlan) back this up, so a missed word still cannot write or read a credential.
 */
export function checkReportSql(text: string): string | null {
  const unquoted = text.replace(/'(\$\{[A-Za-z][A-Za-z0-9_]*\}|#\{[A-Za-z_]+\})'/g, '$1');
  const masked = maskLiterals(unquoted);
  const code = masked.replace(/;\s*$/, '');
  if (code.includes(';')) return REPORT_TEXT.multiStatement;
  if (!/^\s*\(?\s*(select|with)\b/i.test(code)) return REPORT_TEXT.notSelect;
  const w = WRITES.exec(code);
  if (w) return REPORT_TEXT.writes(w[1].toLowerCase());
  const f = FUNCTIONS.exec(code);
  if (f) return REPORT_TEXT.badFunction(f[1].toLowerCase());
  const cred = CREDENTIAL_COLUMN.exec(code);
  if (cred) return REPORT_TEXT.credential(cred[1].toLowerCase());
  for (const t of DENIED_TABLES) if (new RegExp(`\\b${t}\\b`, 'i').test(code)) return REPORT_TEXT.deniedTable(t);
  const inCode = [...code.matchAll(/\$\{|#\{/g)].length;
  const inText = [...unquoted.matchAll(/\$\{|#\{/g)].length;
  if (inCode !== inText) return REPORT_TEXT.quotedPlaceholder;
  for (const m of unquoted.matchAll(PLACEHOLDER)) {
    const v = m[3] ?? m[4];
    if (v && !SYSTEM_VARIABLES.has(v)) return REPORT_TEXT.unknownVariable(v);
  }
  return null;
}

/** Values of the system variables #{…} for one user. */
export interface SystemValues {
  /** The request's tenant ('0' = none): business tables keep tenants apart (#{sysTenantId}). */
  tenantId?: string;
  username: string;
  userId: string;
  orgCode: string;
  date: string;
  time: string;
}

/**
 * Compiles a checked report SQL into a statement with every `${name}` and `#{variable}` as a
 * bound parameter: `${name}` takes `params(name)` ('' when none, as JeecgBoot fills an empty
 * parameter), system variables the user's values. Also returns the parameter names used.
 */
export function compileReportSql(text: string, params: (name: string) => string, sys: SystemValues): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    parts.push(sql.raw(text.slice(last, m.index)));
    const name = m[1] ?? m[2];
    const variable = m[3] ?? m[4];
    if (name) parts.push(sql`${params(name)}`);
    else parts.push(sql`${systemValue(variable as string, sys)}`);
    last = (m.index ?? 0) + m[0].length;
  }
  parts.push(sql.raw(text.slice(last).replace(/;\s*$/, '')));
  return sql.join(parts, sql``);
}

/** The names of the `${name}` parameters a report SQL uses, in order of first use. */
export function placeholderNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? m[2];
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

function systemValue(name: string, sys: SystemValues): string {
  switch (name) {
    case 'sysUserCode':
    case 'sys_user_code':
      return sys.username;
    case 'sysUserId':
    case 'sys_user_id':
      return sys.userId;
    case 'sysOrgCode':
    case 'sys_org_code':
      return sys.orgCode;
    case 'sysDate':
    case 'sys_date':
      return sys.date;
    case 'sysTenantId':
    case 'sys_tenant_id':
      return sys.tenantId ?? '0';
    default:
      return sys.time;
  }
}

interface PlanNode {
  'Relation Name'?: string;
  Alias?: string;
  'Total Cost'?: number;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
  [k: string]: unknown;
}

/** Bounds of the plan guard: a report whose plan exceeds either is refused before it runs. */
export const PLAN_LIMITS = { maxCost: 5_000_000, maxRows: 10_000_000 };

/**
 * Checks the EXPLAIN (VERBOSE, FORMAT JSON) plan of a report query: no denied table is
 * scanned; no credential column, and no whole row of a table holding credentials, appears in
 * any node (outputs, filters, join conditions — so a credential can neither be shown nor probed
 * by a condition); the estimated cost and rows stay within {@link PLAN_LIMITS}. Returns the
 * problem or null.
 */
export function checkPlan(explain: unknown, limits = PLAN_LIMITS): string | null {
  const root = (Array.isArray(explain) ? (explain[0] as { Plan?: PlanNode })?.Plan : undefined) as PlanNode | undefined;
  if (!root) return null;
  const text = JSON.stringify(explain);
  const credentialAliases: string[] = [];
  const walk = (n: PlanNode): string | null => {
    const rel = n['Relation Name'];
    if (rel && DENIED_TABLES.includes(rel)) return REPORT_TEXT.deniedTable(rel);
    if (rel && CREDENTIAL_TABLES.includes(rel) && n.Alias) credentialAliases.push(n.Alias);
    for (const c of n.Plans ?? []) {
      const p = walk(c);
      if (p) return p;
    }
    return null;
  };
  const denied = walk(root);
  if (denied) return denied;
  const col = /\.\s*"?(password|passwd|salt|db_password|code_hash|rolpassword|code_verifier)"?\b/i.exec(text);
  if (col) return REPORT_TEXT.credential(col[1].toLowerCase());
  for (const a of credentialAliases) {
    const escaped = a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(^|[^\\w.])"?${escaped}"?\\.\\*`).test(text) || new RegExp(`\\(\\s*"?${escaped}"?\\s*\\)`).test(text))
      return REPORT_TEXT.credential(`${a}.*`);
  }
  const cost = Number(root['Total Cost'] ?? 0);
  const rows = Number(root['Plan Rows'] ?? 0);
  if (cost > limits.maxCost || rows > limits.maxRows) return REPORT_TEXT.tooExpensive(cost, rows);
  return null;
}
