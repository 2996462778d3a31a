import { newId } from '../../db/ids.js';
import { formatDate, formatDateTime } from '../../../shared/time.js';
import { roundTo } from '../../../shared/expr.js';
import { auditColumns, preferStaff, usersWithRole, type BusinessSeedContext } from './context.js';
import type { SeededUser } from '../users.js';

type Row = Record<string, unknown>;
const DAY_MS = 86_400_000;

/** Fill-rule prefixes (business-screens.md §2.3) by rule code, for document numbers the seed takes. */
export const RULE_PREFIX: Readonly<Record<string, string>> = {
  fin_collection_no: 'SK',
  fin_petty_cash_no: 'JK',
  fin_payment_no: 'FK',
  fin_wages_no: 'GZ',
  wms_material_no: 'WZ',
  wms_po_no: 'CG',
  wms_lease_no: 'ZL',
  oa_contract_no: 'HTSP',
  oa_payment_no: 'FKSQ',
  oa_procure_no: 'CGSQ',
  oa_expense_no: 'BX',
  oa_seal_no: 'YY',
  oa_seal_po_no: 'CGYY',
  oa_invoice_apply_no: 'KPSQ',
  oa_tax_apply_no: 'SKSQ',
  oa_car_rent_no: 'ZC',
  biz_right_no: 'QQ',
  sp_demand_no: 'FWXQ',
  sp_programme_no: 'FWFA',
  sp_contract_no: 'FWHT',
  sp_completion_no: 'FWYS',
  sp_payment_no: 'FWFK',
  sup_code: 'GYS',
  sup_evaluate_no: 'PJ',
  sup_change_no: 'BG',
  pm_project_no: 'XM',
  pm_budget_no: 'YS',
  pm_change_no: 'HTBG',
  pm_collection_no: 'HK',
  pm_disclosure_no: 'JD',
  pm_labor_no: 'LW',
  pm_maint_no: 'WB',
  pm_order_change_no: 'DDBG',
  pm_output_no: 'CZ',
  pm_payment_no: 'XMFK',
  pm_security_no: 'BZJ',
  pm_petty_no: 'XMBY',
  pm_sporadic_no: 'LX',
};

/** Approval status values (dict approval_status). */
export const DRAFT = '0';
export const PENDING = '1';
export const APPROVED = '2';
export const REJECTED = '3';
export const VOIDED = '4';

/**
 * The demo company's business data under construction: rows by table (keyed by field name, plus
 * `id` and the audit columns), document numbers taken per fill rule and month, and the helpers
 * every generator stage shares (dates relative to the base date, approval states, money).
 * Deterministic for one seed: the stages draw from `ctx.rng` in a fixed order.
 */
export class World {
  readonly tables = new Map<string, Row[]>();
  private seq = new Map<string, number>();
  readonly base: Date;

  constructor(readonly ctx: BusinessSeedContext) {
    this.base = ctx.baseDate;
  }

  get rng() {
    return this.ctx.rng;
  }

  /** Adds a row to `table`: a new id, the fields given, the audit columns of `by` at `at`. */
  add(table: string, fields: Row, by: SeededUser, at: Date | string): Row {
    const when =
      typeof at === 'string'
        ? new Date(
            `${at.slice(0, 10)}T${String(9 + this.rng.int(0, 8)).padStart(2, '0')}:${String(this.rng.int(0, 59)).padStart(2, '0')}:00`,
          )
        : at;
    if (Number.isNaN(when.getTime())) throw new Error(`seed: ${table} row dated ${String(at)}`);
    const row: Row = { id: newId(), ...fields, ...auditColumns(this.ctx, by, when) };
    const list = this.tables.get(table) ?? [];
    list.push(row);
    this.tables.set(table, list);
    return row;
  }

  rows(table: string): Row[] {
    return this.tables.get(table) ?? [];
  }

  /** The next document number of fill rule `rule` in the month of `date`: PREFIX + yyyyMM + 4-digit sequence. */
  no(rule: string, date: string): string {
    const period = date.slice(0, 7).replace('-', '');
    const key = `${rule}|${period}`;
    const n = (this.seq.get(key) ?? 0) + 1;
    this.seq.set(key, n);
    return `${RULE_PREFIX[rule]}${period}${String(n).padStart(4, '0')}`;
  }

  /** The sequences the numbers took (so the fill rules continue after them). */
  sequences(): { rule_code: string; period: string; seq: number }[] {
    return [...this.seq].map(([k, seq]) => {
      const [rule_code, period] = k.split('|');
      return { rule_code, period, seq };
    });
  }

  /** The day `days` before the base date (YYYY-MM-DD). */
  daysAgo(days: number): string {
    return formatDate(new Date(this.base.getTime() - days * DAY_MS));
  }

  /** A day between `from` and `to` (YYYY-MM-DD, inclusive), never after the base date. */
  between(from: string, to: string): string {
    const a = Date.parse(`${from}T12:00:00`);
    const b = Math.min(Date.parse(`${to}T12:00:00`), this.base.getTime());
    return formatDate(new Date(a + Math.floor(this.rng.next() * (Math.max(b - a, 0) / DAY_MS + 1)) * DAY_MS));
  }

  /** `date` plus `days` (YYYY-MM-DD). */
  plus(date: string, days: number): string {
    return formatDate(new Date(Date.parse(`${date}T12:00:00`) + days * DAY_MS));
  }

  /** A datetime on `date` in office hours. */
  at(date: string): string {
    return formatDateTime(
      new Date(`${date}T${String(8 + this.rng.int(0, 9)).padStart(2, '0')}:${String(this.rng.int(0, 59)).padStart(2, '0')}:00`),
    );
  }

  /** A day in the last 24 months, 60 % of them in the last 12 (§5 history). */
  historyDay(minDaysAgo = 11): string {
    const days = this.rng.chance(0.6) ? this.rng.int(minDaysAgo, 365) : this.rng.int(366, 720);
    return this.daysAgo(days);
  }

  /**
   * An approval status with the mix of §5.4 rule 2 (草稿 10 %, 审批中 15 %, 已通过 65 %, 已驳回 7 %,
   * 已作废 3 %) and a document day fitting it: drafts and pending documents are from the last 10
   * days, the others from `day()` (default: the history).
   */
  approval(day: () => string = () => this.historyDay()): { status: string; date: string } {
    const status = this.rng.weighted([
      [DRAFT, 10],
      [PENDING, 15],
      [APPROVED, 65],
      [REJECTED, 7],
      [VOIDED, 3],
    ]);
    return { status, date: status === DRAFT || status === PENDING ? this.daysAgo(this.rng.int(0, 10)) : day() };
  }

  /** Money with two decimals. */
  m(x: number): number {
    return roundTo(x, 2);
  }

  /** A random amount in [min, max) with two decimals. */
  amount(min: number, max: number): number {
    return this.m(min + this.rng.next() * (max - min));
  }

  /** A log-normal amount with median `median`, clamped to [min, max] and rounded to `step`. */
  lognormal(median: number, min: number, max: number, step = 100): number {
    const u = Math.max(this.rng.next(), 1e-9);
    const v = this.rng.next();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    const x = Math.min(max, Math.max(min, median * Math.exp(z * 0.9)));
    return Math.round(x / step) * step;
  }

  /** `total` split by `weights` into amounts with two decimals that add up exactly (the last takes the rest). */
  split(total: number, weights: readonly number[]): number[] {
    const sum = weights.reduce((a, b) => a + b, 0);
    const parts = weights.map((w) => this.m((total * w) / sum));
    parts[parts.length - 1] = this.m(total - parts.slice(0, -1).reduce((a, b) => a + b, 0));
    return parts;
  }

  /** Staff holding one of the roles (demo accounts last resort). */
  staff(...roles: string[]): SeededUser[] {
    return preferStaff(usersWithRole(this.ctx, ...roles));
  }

  /** Staff of departments whose orgCode starts with one of `prefixes` (all staff when none). */
  inDepts(...prefixes: string[]): SeededUser[] {
    const found = preferStaff(this.ctx.users).filter((u) => u.username !== 'admin' && prefixes.some((p) => u.orgCode.startsWith(p)));
    return found.length ? found : preferStaff(this.ctx.users);
  }

  /** One user by username (throws when it was not seeded). */
  user(username: string): SeededUser {
    const u = this.ctx.users.find((x) => x.username === username);
    if (!u) throw new Error(`seed: user ${username} missing`);
    return u;
  }
}
