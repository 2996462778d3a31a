import { parseSync } from 'libpg-query';
import { BizError } from '../../http/envelope.js';
import { REPORT_TEXT } from './texts.js';
import type { SysUserTable } from '../../db/tables-org.js';

/**
 * Tenant isolation of online reports, enforced on the statement rather than trusted to its
 * author: every read of a tenant-owned table in a report SQL is replaced by a subquery of the
 * request's tenant's rows, `(select * from <table> where <tenant condition>) <alias>`, found on
 * the parse tree (libpg-query), so quoting, comments, schema prefixes, joins, subqueries and CTEs
 * hide no read. A report that also binds `#{sysTenantId}` itself keeps working (the condition
 * holds twice). The inserted condition uses `#{sysTenantId}`, bound like every system variable.
 * A CTE named like such a table is wrapped too (it must then carry the tenant column, else the
 * report fails): inside its own body the name means the table.
 */

/** How rows of a tenant-owned table are limited to the request's tenant (docs/security.md class 2). */
export type TenantRule = 'tenant_id' | 'nullable_tenant_id' | 'rel_tenant_ids';

/** The system tables a report may read that belong to tenants (the same rows the read gate gives). */
const SYSTEM_TENANT_TABLES: [string, TenantRule][] = [
  ['sys_user', 'rel_tenant_ids'],
  ['sys_depart', 'nullable_tenant_id'],
  ['sys_role', 'nullable_tenant_id'],
];

/**
 * The tenant-owned tables of the application's database: every business screen's table
 * (schema-owned tables carry `tenant_id int not null`) and the tenant-aware system tables.
 */
export function reportTenantTables(screens: readonly { screen: { tableName: string; tableSource?: string } }[]): Map<string, TenantRule> {
  const out = new Map<string, TenantRule>(SYSTEM_TENANT_TABLES);
  for (const { screen } of screens) if (screen.tableSource !== 'migration') out.set(screen.tableName, 'tenant_id');
  return out;
}

const CONDITION: Record<TenantRule, string> = {
  tenant_id: 'tenant_id = #{sysTenantId}',
  nullable_tenant_id: 'coalesce(tenant_id, 0) = #{sysTenantId}',
  // tenant 0 (no tenant) sees every user, as the user pickers do
  rel_tenant_ids: "(#{sysTenantId} = '0' or (',' || coalesce(rel_tenant_ids, '') || ',') like '%,' || #{sysTenantId} || ',%')",
};

/**
 * The columns of sys_user a wrapped read selects: all but the password hash (a whole row of a
 * table holding credentials is refused by the plan check). The record type keeps the list
 * complete: a column added to SysUserTable must be named here.
 */
const SYS_USER_COLUMNS: Record<Exclude<keyof SysUserTable, 'password'>, true> = {
  id: true,
  username: true,
  realname: true,
  avatar: true,
  birthday: true,
  sex: true,
  email: true,
  phone: true,
  telephone: true,
  org_code: true,
  status: true,
  del_flag: true,
  work_no: true,
  post: true,
  user_identity: true,
  depart_ids: true,
  rel_tenant_ids: true,
  client_id: true,
  os_code: true,
  login_fail_count: true,
  lock_until: true,
  create_by: true,
  create_time: true,
  update_by: true,
  update_time: true,
};
const SELECTED: Record<TenantRule, string> = {
  tenant_id: '*',
  nullable_tenant_id: '*',
  rel_tenant_ids: Object.keys(SYS_USER_COLUMNS).join(', '),
};
/**
 * What follows the condition: sys_user's subquery is kept apart (`offset 0`: not merged into
 * the outer query), so its scan outputs the selected columns only — merged, the planner may
 * scan the table's whole row, password included, which the plan check refuses.
 */
const AFTER: Record<TenantRule, string> = { tenant_id: '', nullable_tenant_id: '', rel_tenant_ids: ' offset 0' };

type Node = Record<string, unknown>;
interface Read {
  /** Character index of the relation's name in the text. */
  at: number;
  relname: string;
  aliased: boolean;
  rule: TenantRule;
}

/** One identifier (plain, quoted or U&-quoted) at `i`, with the index after it; null when none. */
function identAt(text: string, i: number): { name: string; end: number } | null {
  const quoted = /^(U&)?"((?:[^"]|"")*)"/i.exec(text.slice(i, i + 200));
  if (quoted) return { name: quoted[1] ? '' : quoted[2].replace(/""/g, '"'), end: i + quoted[0].length };
  const plain = /^[A-Za-z_\u0080-\uffff][\w$\u0080-\uffff]*/.exec(text.slice(i, i + 200));
  return plain ? { name: plain[0].toLowerCase(), end: i + plain[0].length } : null;
}

/** Index after whitespace and comments from `i`. */
function skipSpace(text: string, i: number): number {
  for (;;) {
    const m = /^(?:\s+|--[^\n]*|\/\*[\s\S]*?\*\/)/.exec(text.slice(i));
    if (!m) return i;
    i += m[0].length;
  }
}

/**
 * The end of a relation name `[schema .] name` starting at `at`, checked to spell `relname`
 * (U& names are not resolved here: refused). Null when the text does not read so.
 */
function nameEnd(text: string, at: number, relname: string): number | null {
  let id = identAt(text, at);
  if (!id) return null;
  let last = id;
  let j = skipSpace(text, id.end);
  while (text[j] === '.') {
    id = identAt(text, skipSpace(text, j + 1));
    if (!id) return null;
    last = id;
    j = skipSpace(text, id.end);
  }
  return last.name === relname ? last.end : null;
}

/**
 * `text` (a checked report SQL with `${param}` / `#{variable}` placeholders) with each read of a
 * table of `tables` wrapped in a subquery of the request's tenant's rows. BizError 报表SQL语法不正确 when the
 * statement cannot be parsed, and a clear message when a read cannot be wrapped, so a report
 * never reads such a table unfiltered.
 */
export function tenantScopedReportSql(text: string, tables: ReadonlyMap<string, TenantRule>): string {
  // placeholders become parameters of the same length, so offsets of the parse tree fit `text`
  const bound = text.replace(/'?(?:\$\{[A-Za-z][A-Za-z0-9_]*\}|#\{[A-Za-z_]+\})'?/g, (m) => '$1'.padEnd(m.length, ' '));
  let tree: { stmts?: { stmt: Node }[] };
  try {
    tree = parseSync(bound) as typeof tree;
  } catch {
    throw new BizError(REPORT_TEXT.unparsable);
  }
  const reads: Read[] = [];
  const bytes = Buffer.from(bound);
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, child] of Object.entries(v as Node)) {
      const node = child as Node;
      if (k === 'RangeVar') {
        const schema = node.schemaname ? String(node.schemaname) : '';
        const relname = String(node.relname ?? '');
        const rule = tables.get(relname);
        if (rule && (schema === '' || schema === 'public')) {
          if (typeof node.location !== 'number') throw new BizError(REPORT_TEXT.tenantUnscoped(relname));
          // the parser counts bytes (UTF-8), the text characters
          const at = bytes.subarray(0, node.location).toString('utf8').length;
          reads.push({ at, relname: schema ? `${schema}.${relname}` : relname, aliased: !!node.alias, rule });
        }
      }
      walk(child);
    }
  };
  for (const s of tree.stmts ?? []) walk(s.stmt);
  let out = text;
  for (const r of reads.sort((a, b) => b.at - a.at)) {
    const bare = r.relname.split('.').pop()!;
    const end = nameEnd(text, r.at, bare);
    if (end === null) throw new BizError(REPORT_TEXT.tenantUnscoped(bare));
    const name = text.slice(r.at, end);
    out = `${out.slice(0, r.at)}(select ${SELECTED[r.rule]} from ${name} where ${CONDITION[r.rule]}${AFTER[r.rule]})${r.aliased ? '' : ` ${bare}`}${out.slice(end)}`;
  }
  return out;
}
