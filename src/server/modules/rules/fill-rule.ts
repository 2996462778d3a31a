import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { BizError } from '../../http/envelope.js';
import { RULE_TEXT } from './texts.js';

type Row = Record<string, unknown>;

/** Arguments a fill-rule class receives (JeecgBoot's IFillRuleHandler.execute(params, formData)). */
export interface FillArgs {
  db: Db;
  ruleCode: string;
  params: Row;
  formData: Row;
  now: Date;
  /** The tenant the value numbers for (0 = none): counters are per tenant. */
  tenantId: number;
  /** true: tell the next value without using it up (the rule screen's "test" button). */
  preview: boolean;
}

/** A value generator addressed by sys_fill_rule.rule_class. */
export interface FillRuleClass {
  name: string;
  title: string;
  /** Throws BizError when `params` cannot work (checked when a rule is saved). */
  checkParams(params: Row): void;
  generate(args: FillArgs): Promise<string>;
}

/** The date part of a code: y/M/d tokens only (yyyyMMdd, yyyyMM, yyMMdd, yyyy …). */
const DATE_FORMAT = /^(yyyy|yy)?(MM)?(dd)?$/;
const PREFIX = /^[A-Za-z0-9_-]{0,20}$/;
const SEPARATOR = /^[-_/.]{0,3}$/;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Formats `d` with a DATE_FORMAT pattern (local time). */
export function formatCodeDate(format: string, d: Date): string {
  return format
    .replace('yyyy', String(d.getFullYear()))
    .replace('yy', pad(d.getFullYear() % 100))
    .replace('MM', pad(d.getMonth() + 1))
    .replace('dd', pad(d.getDate()));
}

interface SerialParams {
  prefix: string;
  dateFormat: string;
  separator: string;
  digits: number;
}

function serialParams(params: Row): SerialParams {
  const prefix = params.prefix === undefined || params.prefix === null ? '' : String(params.prefix);
  const dateFormat = params.dateFormat === undefined || params.dateFormat === null ? 'yyyyMM' : String(params.dateFormat);
  const separator = params.separator === undefined || params.separator === null ? '' : String(params.separator);
  const digits = params.digits === undefined || params.digits === null || params.digits === '' ? 4 : Number(params.digits);
  if (!PREFIX.test(prefix)) throw new BizError(RULE_TEXT.fillParamsBad('前缀 prefix 只能是 0–20 位字母、数字、- 或 _'));
  if (!DATE_FORMAT.test(dateFormat))
    throw new BizError(RULE_TEXT.fillParamsBad('日期格式 dateFormat 只能是 yyyyMMdd、yyyyMM、yyMMdd、yyyy 或空'));
  if (!SEPARATOR.test(separator)) throw new BizError(RULE_TEXT.fillParamsBad('分隔符 separator 只能是 0–3 个 - _ / .'));
  if (!Number.isInteger(digits) || digits < 1 || digits > 10) throw new BizError(RULE_TEXT.fillParamsBad('序号位数 digits 应为 1–10'));
  return { prefix, dateFormat, separator, digits };
}

/**
 * The project's one generic code generator (business-screens.md §2.3): `{prefix}{date}{separator}{seq}`,
 * e.g. params {"prefix":"HT","dateFormat":"yyyyMM"} → HT2025030012, or
 * {"prefix":"CG","dateFormat":"yyyyMMdd","separator":"-"} → CG20261122-0001. The sequence
 * counts per rule, per tenant and per date part (a new month or day starts at 1) in sys_fill_rule_seq and is
 * taken by one `insert … on conflict do update set seq = seq + 1 returning seq`, so concurrent
 * calls — in one process or several on one PostgreSQL — never get the same number.
 */
export const SerialNumberRule: FillRuleClass = {
  name: 'org.jeecg.modules.system.rule.SerialNumberRule',
  title: '流水号（前缀 + 日期 + 序号）',
  checkParams(params) {
    serialParams(params);
  },
  async generate({ db, ruleCode, params, now, preview, tenantId }) {
    const p = serialParams(params);
    const date = formatCodeDate(p.dateFormat, now);
    const period = date || '-';
    let seq: number;
    if (preview) {
      const row = await db
        .selectFrom('sys_fill_rule_seq')
        .select('seq')
        .where('rule_code', '=', ruleCode)
        .where('tenant_id', '=', tenantId)
        .where('period', '=', period)
        .executeTakeFirst();
      seq = (row?.seq ?? 0) + 1;
    } else {
      const res = await sql<{ seq: number }>`
        insert into sys_fill_rule_seq (rule_code, tenant_id, period, seq) values (${ruleCode}, ${tenantId}, ${period}, 1)
        on conflict (rule_code, tenant_id, period) do update set seq = sys_fill_rule_seq.seq + 1
        returning seq`.execute(db);
      seq = Number(res.rows[0].seq);
    }
    return `${p.prefix}${date}${p.separator}${String(seq).padStart(p.digits, '0')}`;
  },
};

const classes = new Map<string, FillRuleClass>([[SerialNumberRule.name, SerialNumberRule]]);

/** Registers another generator class (modules or tests). */
export function registerFillRuleClass(c: FillRuleClass): void {
  classes.set(c.name, c);
}

/** Every registered class as picker options. */
export function fillRuleClassOptions(): { value: string; text: string; title: string; label: string }[] {
  return [...classes.values()].map((c) => ({ value: c.name, text: `${c.title}（${c.name}）`, title: c.title, label: c.title }));
}

/** Parses rule_params (a JSON object text; empty = {}); BizError when it is not an object. */
export function parseFillParams(raw: unknown): Row {
  if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) return {};
  if (typeof raw === 'object' && !Array.isArray(raw)) return raw as Row;
  try {
    const v: unknown = JSON.parse(String(raw));
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Row;
  } catch {
    // fall through
  }
  throw new BizError(RULE_TEXT.fillParamsBad('应为 JSON 对象，例如 {"prefix":"CG","dateFormat":"yyyyMMdd","separator":"-"}'));
}

/** The class named `name`, or BizError listing the known ones. */
export function fillRuleClassOf(name: unknown): FillRuleClass {
  const c = classes.get(String(name ?? '').trim());
  if (!c) throw new BizError(RULE_TEXT.fillClassUnknown(String(name ?? ''), [...classes.keys()]));
  return c;
}

/**
 * Runs the fill rule `ruleCode` (PUT /sys/fillRule/executeRuleByCode/{ruleCode}, a form's
 * `${ruleCode}` default): loads the rule, its class and params, and returns the generated
 * value, counted in `opts.tenantId`'s own sequence (0 = no tenant). Pass the write's transaction
 * as `db` to take the number inside it. BizError when the rule does not exist or is misconfigured.
 */
export async function executeFillRule(
  db: Db,
  ruleCode: string,
  formData: Row = {},
  opts: { preview?: boolean; tenantId?: number } = {},
): Promise<string> {
  const rule = await db.selectFrom('sys_fill_rule').selectAll().where('rule_code', '=', ruleCode).executeTakeFirst();
  if (!rule) throw new BizError(RULE_TEXT.fillRuleMissing(ruleCode));
  const cls = fillRuleClassOf(rule.rule_class);
  return cls.generate({
    db,
    ruleCode,
    params: parseFillParams(rule.rule_params),
    formData,
    now: new Date(),
    tenantId: opts.tenantId ?? 0,
    preview: opts.preview === true,
  });
}
