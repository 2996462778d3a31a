import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { toColumn } from '../../src/shared/columns.js';
import { resolveRule } from '../../src/shared/rule-codes.js';
import { splitTableDict } from '../../src/shared/dict-condition.js';
import { recomputeAll } from '../../src/server/seed/business/index.js';
import { ComputeEngine } from '../../src/server/online/compute/engine.js';
import { BUSINESS_DICTS } from '../../src/server/seed/dicts-business.js';
import { SYSTEM_DICTS } from '../../src/server/seed/dicts-system.js';

type Row = Record<string, unknown>;
let server: StartedServer;
let seconds = 0;
const q = async <T = Row>(text: string) => (await sql.raw(text).execute(server.ctx.db)).rows as T[];

beforeAll(async () => {
  const t0 = Date.now();
  server = await startTestServer({ seedDemoTables: undefined });
  seconds = (Date.now() - t0) / 1000;
  console.log(`full demo seed: test server ready in ${seconds.toFixed(1)} s`);
});
afterAll(async () => {
  await server?.close();
});

describe('the demo company (business-screens.md §5)', () => {
  it('fills every main list with at least 100 rows and sub tables in proportion', async () => {
    const short: string[] = [];
    for (const { screen } of server.ctx.screens.list()) {
      if (!screen.menu || screen.menu.parent === 'system' || screen.menu.url) continue;
      const cond = Object.entries(screen.fixedValues ?? {})
        .map(([k, v]) => `${toColumn(k)} = '${v}'`)
        .join(' and ');
      const [{ n }] = await q<{ n: number }>(`select count(*)::int as n from ${screen.tableName}${cond ? ` where ${cond}` : ''}`);
      if (n < 100) short.push(`${screen.id}: ${n}`);
      for (const st of screen.subTables ?? []) {
        const sub = server.ctx.screens.get(st.id)!;
        const [{ m }] = await q<{ m: number }>(`select count(*)::int as m from ${sub.screen.tableName}`);
        expect(m, st.id).toBeGreaterThanOrEqual(n * 2);
      }
    }
    expect(short).toEqual([]);
  });

  it('resolves every link: table dictionaries, popup-filled ids, sub rows and tree parents', async () => {
    const broken: string[] = [];
    for (const { screen } of server.ctx.screens.list()) {
      if (screen.viewOf || screen.tableSource === 'migration') continue;
      for (const f of screen.fields) {
        const col = toColumn(f.name);
        const td = f.dictCode ? splitTableDict(f.dictCode) : null;
        if (td && td.code === 'id') {
          const multi = f.widget === 'list_multi' || f.extend?.multi;
          const values = multi
            ? `(select unnest(string_to_array(${col}, ',')) as v from ${screen.tableName})`
            : `(select ${col} as v from ${screen.tableName})`;
          const [{ n }] = await q<{ n: number }>(
            `select count(*)::int as n from ${values} x where x.v is not null and x.v <> '' and not exists (select 1 from ${td.table} t where t.id = x.v)`,
          );
          if (n) broken.push(`${screen.id}.${f.name} → ${td.table}: ${n}`);
        }
      }
      for (const st of screen.subTables ?? []) {
        const sub = server.ctx.screens.get(st.id)!;
        const [{ n }] = await q<{ n: number }>(
          `select count(*)::int as n from ${sub.screen.tableName} s where not exists (select 1 from ${screen.tableName} m where m.id = s.${toColumn(st.foreignKey)})`,
        );
        if (n) broken.push(`${st.id} orphans: ${n}`);
      }
    }
    const links: [string, string, string][] = [
      ['pm_contract', 'project_id', 'pm_project'],
      ['pm_collection', 'contract_id', 'pm_contract'],
      ['pm_invoicing', 'contract_id', 'pm_contract'],
      ['pm_output', 'contract_id', 'pm_contract'],
      ['biz_right_order', 'output_id', 'pm_output'],
      ['oa_payment_apply', 'contract_id', 'oa_contract'],
      ['pm_payment', 'pay_contract_id', 'oa_contract'],
      ['sp_programme', 'demand_id', 'sp_demand'],
      ['sp_contract', 'programme_id', 'sp_programme'],
      ['sp_completion', 'contract_id', 'sp_contract'],
      ['sp_payment', 'contract_id', 'sp_contract'],
      ['wms_purchase_order', 'procure_apply_id', 'oa_procurement'],
      ['oa_expense', 'petty_cash_id', 'fin_petty_cash'],
      ['fin_invoicing', 'apply_id', 'oa_service_invoice'],
      ['pm_tax', 'apply_id', 'oa_tax_withhold'],
      ['sup_evaluate', 'supplier_id', 'sup_supplier'],
      ['sup_science', 'supplier_id', 'sup_supplier'],
      ['pm_order', 'frame_contract_id', 'pm_frame_contract'],
    ];
    for (const [table, col, target] of links) {
      const [{ n }] = await q<{ n: number }>(
        `select count(*)::int as n from ${table} s where s.${col} is not null and not exists (select 1 from ${target} t where t.id = s.${col})`,
      );
      if (n) broken.push(`${table}.${col} → ${target}: ${n}`);
    }
    const [{ orphans }] = await q<{ orphans: number }>(
      `select count(*)::int as orphans from eng_output c where c.pid <> '0' and not exists (select 1 from eng_output p where p.id = c.pid)`,
    );
    expect(orphans).toBe(0);
    expect(broken).toEqual([]);
  });

  it('references only approved upstream documents (§5.4 rule 2)', async () => {
    const checks: [string, string][] = [
      [
        'biz_right_order',
        `select count(*)::int as n from biz_right_order r join pm_output o on o.id = r.output_id where o.approval_status <> '2'`,
      ],
      [
        'pm_invoicing',
        `select count(*)::int as n from pm_invoicing i join oa_service_invoice s on s.apply_no = i.apply_no where s.approval_status <> '2'`,
      ],
      [
        'sp_programme',
        `select count(*)::int as n from sp_programme p join sp_demand d on d.id = p.demand_id where d.approval_status <> '2'`,
      ],
      [
        'sp_contract',
        `select count(*)::int as n from sp_contract c join sp_programme p on p.id = c.programme_id where p.approval_status <> '2'`,
      ],
      [
        'oa_payment_apply',
        `select count(*)::int as n from oa_payment_apply a join oa_contract c on c.id = a.contract_id where c.approval_status <> '2'`,
      ],
      ['pm_tax', `select count(*)::int as n from pm_tax t join oa_tax_withhold a on a.id = t.apply_id where a.approval_status <> '2'`],
    ];
    for (const [name, text] of checks) expect((await q<{ n: number }>(text))[0].n, name).toBe(0);
  });

  it('keeps every dictionary value in its dictionary and every value valid for its field', async () => {
    const items = new Map([...BUSINESS_DICTS, ...SYSTEM_DICTS].map((d) => [d.code, new Set(d.items.map(([v]) => v))]));
    const problems: string[] = [];
    for (const { screen } of server.ctx.screens.list()) {
      if (screen.tableSource === 'migration' || screen.viewOf) continue;
      const rows = await q(`select * from ${screen.tableName} limit 2000`);
      for (const f of screen.fields) {
        const col = toColumn(f.name);
        const dict = f.dictCode && !f.dictCode.includes(',') ? items.get(f.dictCode) : undefined;
        const rule = f.validType && f.validType !== 'only' ? resolveRule(f.validType, f.validMessage) : null;
        for (const r of rows) {
          const v = r[col];
          if (v === null || v === undefined || v === '') continue;
          if (dict) for (const part of String(v).split(',')) if (!dict.has(part)) problems.push(`${screen.id}.${f.name}=${part}`);
          if (rule && !rule.pattern.test(String(v))) problems.push(`${screen.id}.${f.name}: ${String(v)} (${rule.message})`);
          if (f.dbType === 'BigDecimal' && !/^-?\d+(\.\d{1,2})?$/.test(String(v))) problems.push(`${screen.id}.${f.name}: ${String(v)}`);
        }
      }
    }
    expect([...new Set(problems.map((p) => p.replace(/[=:].*/, '')))]).toEqual([]);
  });

  it('holds the sums: recomputing every derived value changes nothing, plans add up, lines make the header', async () => {
    expect(await recomputeAll(server.ctx.db, server.ctx.screens)).toBe(1);
    for (const [main, sub, fk, total, part] of [
      ['pm_contract', 'pm_contract_plan', 'contract_id', 'contract_amount', 'plan_amount'],
      ['oa_contract', 'oa_contract_plan', 'contract_id', 'contract_amount', 'plan_amount'],
      ['sp_contract', 'sp_contract_plan', 'contract_id', 'contract_amount', 'plan_amount'],
      ['pm_order', 'pm_order_item', 'order_id', 'order_amount', 'amount'],
      ['wms_purchase_order', 'wms_purchase_order_line', 'order_id', 'total_amount', 'amount'],
      ['pm_budget', 'pm_budget_item', 'budget_id', 'budget_total', 'amount'],
      ['oa_expense', 'oa_expense_line', 'expense_id', 'total_amount', 'amount'],
      ['fin_wages', 'fin_wages_line', 'wages_id', 'net_total', 'net_pay'],
    ]) {
      const [{ n }] = await q<{ n: number }>(
        `select count(*)::int as n from ${main} m where exists (select 1 from ${sub} s where s.${fk} = m.id)
           and m.${total} <> (select sum(s.${part}) from ${sub} s where s.${fk} = m.id)`,
      );
      expect(n, `${main}.${total} = Σ ${sub}.${part}`).toBe(0);
    }
    const engine = new ComputeEngine(server.ctx.screens);
    expect(engine.matters(server.ctx.screens.get('fin_bank_account')!)).toBe(true);
  });

  it('follows the money rules of the chain: confirmed ≤ output, invoiced ≤ confirmed, collected ≤ invoiced, dates in order', async () => {
    const over = async (text: string) => (await q<{ n: number }>(text))[0].n;
    expect(await over(`select count(*)::int as n from pm_output where confirmed_amount > output_amount`)).toBe(0);
    expect(
      await over(`select count(*)::int as n from (select c.id,
          (select coalesce(sum(r.confirmed_amount),0) from biz_right_order r join pm_output o on o.id = r.output_id where o.contract_id = c.id and r.approval_status = '2') conf,
          (select coalesce(sum(i.amount),0) from pm_invoicing i where i.contract_id = c.id and i.invoice_status = '1') inv
        from pm_contract c) x where inv > conf + 0.01`),
    ).toBe(0);
    expect(await over(`select count(*)::int as n from pm_invoicing where collected_amount > amount + 0.01`)).toBe(0);
    expect(
      await over(
        `select count(*)::int as n from pm_collection c join pm_invoicing i on i.invoice_no = c.invoice_no where c.collect_date < i.invoice_date`,
      ),
    ).toBe(0);
    expect(
      await over(`select count(*)::int as n from pm_contract c join pm_project p on p.id = c.project_id where c.start_date < p.plan_start`),
    ).toBe(0);
    expect(await over(`select count(*)::int as n from fin_bank_account where current_balance < 0`)).toBe(0);
    // drafts and pending documents are recent
    expect(
      await over(`select count(*)::int as n from oa_expense where approval_status in ('0','1') and apply_date < current_date - 11`),
    ).toBe(0);
  });

  it('gives the warnings data (§5.4 rule 5)', async () => {
    const n = async (text: string) => (await q<{ n: number }>(text))[0].n;
    expect(await n(`select count(*)::int as n from wms_stock where quantity < min_qty`)).toBeGreaterThan(20);
    expect(await n(`select count(*)::int as n from wms_stock where quantity = 0`)).toBeGreaterThan(0);
    expect(
      await n(`select count(*)::int as n from wms_lease where lease_status = '1' and end_date between current_date and current_date + 30`),
    ).toBe(8);
    expect(await n(`select count(*)::int as n from wms_lease where lease_status = '1' and end_date < current_date`)).toBe(5);
    expect(
      await n(`select count(*)::int as n from sup_science where expiry_date between current_date and current_date + 60`),
    ).toBeGreaterThanOrEqual(10);
  });

  it('starts with the whole demo company quickly', () => {
    expect(server.seed?.businessRows.pm_output).toBeGreaterThan(500);
    expect(seconds).toBeLessThan(120);
  });
});

describe('report screens (business-screens.md §4)', () => {
  const api = '/online/cgreport/api';

  it('computes the warnings from the live data: stock below minimum, leases ending or overdue, vehicles due', async () => {
    const admin = client(server, await login(server, 'admin'));
    const data = await admin.get(`${api}/getData/wms_warning`, { pageSize: 1000 });
    expect(data.body.success, data.body.message).toBe(true);
    const rows = data.body.result.records as Row[];
    const byType = (t: string) => rows.filter((r) => r.warning_type === t).length;
    const [{ low }] = await q<{ low: number }>(
      `select count(*)::int as low from wms_stock where min_qty is not null and quantity < min_qty`,
    );
    expect(byType('1')).toBe(low);
    expect(byType('3')).toBe(8);
    expect(byType('4')).toBe(5);
    expect(byType('5')).toBeGreaterThanOrEqual(10);
    expect(rows.find((r) => r.warning_type === '1')).toMatchObject({ object_type: '库存', warning_type_dictText: '库存低于下限' });
    expect(rows.filter((r) => r.warning_type === '4').every((r) => Number(r.days_left) < 0 && r.warning_level === '3')).toBe(true);
    // a lease that is no longer running leaves the warnings at once (computed at query time)
    const lease = rows.find((r) => r.warning_type === '4')!;
    await q(`update wms_lease set lease_status = '3' where id = '${String(lease.source_id)}'`);
    const again = (await admin.get(`${api}/getData/wms_warning`, { pageSize: 1000, warning_type: '4' })).body.result.records as Row[];
    expect(again).toHaveLength(4);
    const dash = (await admin.get(`${api}/getDashboard/wms_warning`)).body.result;
    expect(dash.cards.find((c: Row) => c.key === 'leaseDue').value).toBe(12);
    expect(dash.charts[0].data.length).toBeGreaterThanOrEqual(4);
  });

  it('gives the supplier home its cards, charts and one row per supplier', async () => {
    const sup = client(server, await login(server, 'sup_demo'));
    const cols = (await sup.get(`${api}/getRpColumns/rp_sup_home`)).body.result;
    expect(cols.dashboard.cards.map((c: Row) => c.title)).toContain('本年采购合同额');
    const dash = (await sup.get(`${api}/getDashboard/sup_home`)).body.result;
    const card = (k: string) => dash.cards.find((c: Row) => c.key === k).value;
    expect(card('total')).toBe(card('labour') + card('material') + card('service'));
    expect(card('total')).toBe(340);
    expect(card('purchaseThisYear')).toBeGreaterThan(0);
    expect(dash.charts.find((c: Row) => c.key === 'grades').data.reduce((a: number, r: Row) => a + Number(r.value), 0)).toBe(340);
    const data = (await sup.get(`${api}/getData/sup_home`, { pageSize: 10, column: 'paid_amount', order: 'desc' })).body.result;
    expect(data.total).toBe(340);
    expect(data.records[0].paid_amount).toBeGreaterThan(0);
    // another variant may not read it
    expect((await client(server, await login(server, 'wms_demo')).get(`${api}/getDashboard/sup_home`)).status).toBe(403);
  });

  it('gives the project home figures that match the ledgers, and lists the uncollected contracts by aging', async () => {
    const pm = client(server, await login(server, 'pm_demo'));
    const dash = (await pm.get(`${api}/getDashboard/pm_home`)).body.result;
    const card = (k: string) => dash.cards.find((c: Row) => c.key === k).value;
    const [{ running }] = await q<{ running: number }>(`select count(*)::int as running from pm_project where project_status = '3'`);
    expect(card('running')).toBe(running);
    const [{ receivable }] = await q<{ receivable: number }>(
      `select ((select coalesce(sum(amount),0) from pm_invoicing where invoice_status = '1') - (select coalesce(sum(amount),0) from pm_collection))::float8 as receivable`,
    );
    expect(card('receivable')).toBeCloseTo(receivable, 2);
    const monthly = dash.charts.find((c: Row) => c.key === 'monthly');
    expect(monthly.data).toHaveLength(12);
    expect(monthly.series.map((s: Row) => s.type)).toEqual(['bar', 'bar', 'line']);
    const open = (await pm.get(`${api}/getData/pm_uncollected`, { pageSize: 1000 })).body.result.records as Row[];
    expect(open.length).toBeGreaterThan(10);
    expect(open.every((r) => Number(r.invoiced_uncollected) > 0 || Number(r.confirmed_uncollected) > 0)).toBe(true);
    expect(open.some((r) => r.aging_bucket === '181–365天' || r.aging_bucket === '1年以上')).toBe(true);
    const udash = (await pm.get(`${api}/getDashboard/pm_uncollected`)).body.result;
    expect(udash.cards.find((c: Row) => c.key === 'receivable').value).toBeCloseTo(
      open.reduce((a, r) => a + Number(r.invoiced_uncollected), 0),
      2,
    );
  });
});

describe('the office home (/dashboard/analysis)', () => {
  const home = async (username: string, headers: Record<string, string> = {}) => {
    const c = client(server, await login(server, username));
    const res = await c.raw('GET', '/sys/dashboard/home', { headers });
    expect(res.body.success, res.body.message).toBe(true);
    return res.body.result;
  };

  it('lists a manager’s pending approvals across the screens, never their own, each with a link to its record', async () => {
    const h = await home('yanglei');
    let expected = 0;
    for (const { screen } of server.ctx.screens.list()) {
      const wf = screen.workflow;
      if (!wf) continue;
      const owner = wf.ownerField ? ` and ${toColumn(wf.ownerField)} is distinct from 'yanglei'` : '';
      expected += (
        await q<{ n: number }>(`select count(*)::int as n from ${screen.tableName} where ${toColumn(wf.statusField)} = '1'${owner}`)
      )[0].n;
    }
    expect(h.pending.total).toBe(expected);
    expect(h.pending.records.length).toBe(Math.min(10, expected));
    const first = h.pending.records[0];
    expect(first).toMatchObject({ status: '1', status_dictText: '审批中' });
    const row = await q(`select id from ${server.ctx.screens.get(first.screen)!.screen.tableName} where id = '${first.id}'`);
    expect(row).toHaveLength(1);
    expect(h.showVisits).toBe(false);
  });

  it('shows each user the areas of their menus only, and their own documents', async () => {
    const oa = client(server, await login(server, 'oa_demo'));
    const add = await oa.post('/online/cgform/api/form/oa_seal', {
      file_name: '首页测试用印',
      file_category: '3',
      seal_type: '1',
      seal_use_mode: '1',
      copies: 1,
      use_date: '2026-06-01',
      reason: '测试',
      seal_file: 'a.pdf',
    });
    expect(add.body.success, add.body.message).toBe(true);
    const h = await home('oa_demo');
    expect(h.areas.map((a: Row) => a.key)).toEqual(['oa']);
    expect(h.pending.total).toBe(0);
    expect(h.mine.records[0]).toMatchObject({ screen: 'oa_seal', subject: '首页测试用印', status: '0', status_dictText: '草稿' });
    const admin = await home('admin');
    expect(admin.areas.map((a: Row) => a.key)).toEqual(['finance', 'pm', 'warehouse', 'oa', 'supplier']);
    expect(admin.showVisits).toBe(true);
    const finance = admin.areas.find((a: Row) => a.key === 'finance');
    const [{ balance }] = await q<{ balance: number }>(
      `select coalesce(sum(current_balance), 0)::float8 as balance from fin_bank_account where account_status = '1' and currency = 'CNY'`,
    );
    expect(finance.cards.find((c: Row) => c.key === 'balance').value).toBeCloseTo(balance, 2);
    expect(finance.charts[0].data).toHaveLength(12);
  });

  it('computes every figure within the request’s tenant', async () => {
    await server.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: '1000' }).where('username', '=', 'admin').execute();
    // written past the API: the cached grants and tenant lists are dropped, as the user screens do
    server.ctx.perms.invalidate();
    const other = await home('admin', { 'tenant-id': '1000' });
    expect(other.pending.total).toBe(0);
    for (const a of other.areas) for (const c of a.cards) expect(c.value, `${a.key}.${c.key}`).toBe(0);
  });
});
