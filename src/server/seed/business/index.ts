import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { toColumn } from '../../../shared/columns.js';
import type { ScreenRegistry } from '../../online/screen-registry.js';
import { ComputeEngine } from '../../online/compute/engine.js';
import { computePlan } from '../../../shared/compute-plan.js';
import { fillRuleCode } from '../../../shared/fill-rule-default.js';
import { insertRows, type BusinessSeedContext } from './context.js';
import { generateBankAccounts } from './bank-accounts.js';
import { generateVehicles } from './vehicles.js';
import { World } from './world.js';
import { generateSuppliers } from './stage-suppliers.js';
import { generateProjects } from './stage-projects.js';
import { generateContractDetails } from './stage-contracts.js';
import { generateOutputs } from './stage-output.js';
import { generateRevenue } from './stage-revenue.js';
import { generateSpend } from './stage-spend.js';
import { generateServiceChain } from './stage-services.js';
import { generateOffice } from './stage-office.js';
import { generatePayments, generateSite } from './stage-site.js';

type Row = Record<string, unknown>;

/**
 * The demo company's business data, every area at once and consistent across links
 * (business-screens.md §5): generated in dependency order — bank accounts, suppliers, frameworks
 * and projects, contracts, budgets and orders, output and confirmations, invoices and
 * collections, the spend side, service procurement, the office documents, site records and last
 * the payment of every approved payable document. Derived values (totals, tax splits, balances,
 * grades, cumulative figures) are left to the server's compute engine. Same context ⇒ same rows
 * (ids aside).
 */
export function generateWorld(ctx: BusinessSeedContext): World {
  const w = new World(ctx);
  const banks = generateBankAccounts(ctx, 70);
  w.tables.set('fin_bank_account', banks);
  w.tables.set('wms_vehicle', generateVehicles(ctx, 120));
  const suppliers = generateSuppliers(w);
  const pw = generateProjects(w);
  linkProjectAccounts(w, banks, pw.projects);
  generateContractDetails(w, pw);
  const outputs = generateOutputs(w, pw);
  const company = banks.filter((b) => !b.project_id && b.currency === 'CNY' && (b.account_type === '1' || b.account_type === '2'));
  const accounts = company.map((b) => ({ id: String(b.id), name: String(b.account_name), no: String(b.account_no) }));
  generateRevenue(w, pw, outputs, accounts);
  const spend = generateSpend(w, pw, suppliers);
  generateServiceChain(w, pw, suppliers, spend.contracts, spend.payables);
  const payroll = company.find((b) => b.bank_code === 'CMB' && String(b.remark ?? '').includes('工资'));
  generateOffice(w, pw, suppliers, spend.payables, spend.contracts, payroll ? String(payroll.id) : null);
  generateSite(w, pw, suppliers);
  generatePayments(w, spend.payables, accounts, payroll ? { id: String(payroll.id), no: String(payroll.account_no) } : null);
  settleOpeningBalances(w, banks);
  return w;
}

/** 70 project accounts: 农民工工资专户 and 临时户 of running projects, named after them. */
function linkProjectAccounts(w: World, banks: Row[], projects: { id: string; name: string; status: string }[]): void {
  const running = projects.filter((p) => p.status >= '3');
  const accounts = banks.filter((b) => b.account_type === '4' || b.account_type === '5');
  accounts.forEach((b, i) => {
    const p = running[i % running.length];
    if (!p) return;
    b.project_id = p.id;
    const short = p.name.replace(/[（(].*$/, '').slice(0, 20);
    b.account_name = b.account_type === '5' ? `中冀智联工程技术有限公司${short}农民工工资专户` : `中冀智联工程技术有限公司${short}项目部`;
  });
  void w;
}

/** Opening balances high enough that no account's current balance (opening + in − out) goes below zero. */
function settleOpeningBalances(w: World, banks: Row[]): void {
  const flow = new Map<string, number>();
  for (const r of w.rows('fin_collection')) flow.set(String(r.bankAccountId), (flow.get(String(r.bankAccountId)) ?? 0) + Number(r.amount));
  for (const r of w.rows('fin_payment_detail'))
    flow.set(String(r.bankAccountId), (flow.get(String(r.bankAccountId)) ?? 0) - Number(r.amount));
  for (const b of banks) {
    const net = flow.get(String(b.id)) ?? 0;
    const opening = Number(b.opening_balance ?? 0);
    if (opening + net < 0) b.opening_balance = w.m(-net + w.amount(50_000, 2_000_000));
    b.current_balance = null;
  }
}

/** The owner screen of a table (the screen whose fields are its columns). */
function ownerOfTable(screens: ScreenRegistry, table: string) {
  return screens.byTableName(table);
}

/**
 * Writes the generated world: every table whose screen is loaded (rows keyed by field name or
 * column; an unknown key is a generator bug and throws), then the computed fields of every
 * screen recomputed by the server's engine until stable, then the fill-rule sequences moved past
 * the numbers the seed took (so the next document of a month does not clash; with `only`, just
 * the rules numbering the tables written). Returns the rows
 * written per table. `only` limits the tables written (the rest is generated all the same, so
 * the rows written are those of the full seed).
 */
export async function seedBusinessData(
  db: Db,
  screens: ScreenRegistry,
  ctx: BusinessSeedContext,
  only?: readonly string[],
): Promise<Record<string, number>> {
  const categories = new Map(
    (await sql<{ code: string; id: string }>`select code, id from sys_category`.execute(db)).rows.map((r) => [r.code, r.id]),
  );
  const T0 = Date.now();
  const w = generateWorld({ ...ctx, categories });
  if (process.env.SEED_TIMING) console.log('generate', Date.now() - T0);
  const counts: Record<string, number> = {};
  for (const [table, rows] of w.tables) {
    const owner = ownerOfTable(screens, table);
    if (!owner || !rows.length || (only && !only.includes(table))) continue;
    const allowed = new Set([...owner.columns, 'tenant_id']);
    const converted = rows.map((r) => {
      const out: Row = {};
      for (const [k, v] of Object.entries(r)) {
        const col = toColumn(k);
        if (!allowed.has(col)) throw new Error(`seed: ${table} has no column ${col}`);
        out[col] = v;
      }
      return out;
    });
    // every row of a table carries the same keys (missing ones are null), so batches are uniform
    const keys = [...new Set(converted.flatMap((r) => Object.keys(r)))];
    await insertRows(
      db,
      table,
      converted.map((r) => Object.fromEntries(keys.map((k) => [k, r[k] ?? null]))),
    );
    counts[table] = rows.length;
  }
  if (process.env.SEED_TIMING) console.log('insert', Date.now() - T0);
  await recomputeAll(db, screens);
  if (process.env.SEED_TIMING) console.log('recompute', Date.now() - T0);
  const seqs = w.sequences().filter((s) => !only || rulesOf(screens, Object.keys(counts)).has(s.rule_code));
  for (let i = 0; i < seqs.length; i += 500)
    await db
      .insertInto('sys_fill_rule_seq')
      .values(seqs.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['rule_code', 'tenant_id', 'period']).doUpdateSet({ seq: (eb) => eb.ref('excluded.seq') }))
      .execute();
  return counts;
}

/** The fill rules (`${ruleCode}` defaults) numbering the fields of the screens owning `tables`. */
function rulesOf(screens: ScreenRegistry, tables: readonly string[]): Set<string> {
  const codes = new Set<string>();
  for (const l of screens.list())
    if (tables.includes(l.screen.tableName))
      for (const f of l.screen.fields) {
        const code = fillRuleCode(f.defaultValue);
        if (code) codes.add(code);
      }
  return codes;
}

/**
 * Recomputes every computed field of every screen table: all tables once, sources before the
 * tables that read them, then again only the tables reading a table that changed, until a pass
 * changes nothing (values reading other computed values settle in a few passes). Returns the
 * passes run.
 */
export async function recomputeAll(db: Db, screens: ScreenRegistry, maxPasses = 8): Promise<number> {
  const engine = new ComputeEngine(screens);
  const owners = screens.list().filter((l) => !l.screen.viewOf && computePlan(l.screen).fields.length);
  const sourcesOf = new Map(
    owners.map((l) => [
      l.screen.id,
      new Set(
        computePlan(l.screen).fields.flatMap((p) =>
          p.aggregates.map(([, a]) => {
            const src = screens.get(a.from);
            return (src?.owner ?? src)?.screen.id ?? a.from;
          }),
        ),
      ),
    ]),
  );
  // sources first (a cycle is broken where it is met; the passes below settle it)
  const order: typeof owners = [];
  const seen = new Set<string>();
  const visit = (l: (typeof owners)[number]) => {
    if (seen.has(l.screen.id)) return;
    seen.add(l.screen.id);
    for (const s of sourcesOf.get(l.screen.id) ?? []) {
      const src = owners.find((o) => o.screen.id === s);
      if (src) visit(src);
    }
    order.push(l);
  };
  owners.forEach(visit);
  let dirty: Set<string> | null = null;
  for (let pass = 1; pass <= maxPasses; pass++) {
    const changedNow = new Set<string>();
    for (const l of order) {
      if (dirty && ![...(sourcesOf.get(l.screen.id) ?? [])].some((s) => dirty!.has(s) || changedNow.has(s))) continue;
      const t = Date.now();
      const n = await engine.recomputeTable(db, l);
      if (process.env.SEED_TIMING) console.log('  pass', pass, l.screen.id, n, Date.now() - t);
      if (n) changedNow.add(l.screen.id);
    }
    if (!changedNow.size) return pass;
    dirty = changedNow;
  }
  return maxPasses;
}
