import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { WF_TASK_PAGE_URLS } from '../../src/server/modules/workflow/menus.js';

// The product variants of spec 1 as business-screens.md §1.3 lists them: each demo user's
// variant marker, its menu directories and screens (report screens marked with `rp:`). Every
// business menu screen is listed once, so "another area" is every screen outside the user's list.
const VARIANTS: Record<string, { marker: string; groups: string[]; screens: string[] }> = {
  oa_demo: {
    marker: 'user:oa',
    groups: ['OA审批'],
    screens:
      'oa_contract oa_payment_apply oa_procurement oa_expense oa_seal oa_seal_purchase oa_service_invoice oa_tax_withhold oa_vehicle_rent'.split(
        ' ',
      ),
  },
  bss_demo: {
    marker: 'user:bss',
    groups: ['财务管理', '经营管理'],
    screens:
      'fin_bank_account fin_collection fin_invoicing fin_petty_cash fin_payment_detail fin_wages biz_qualification biz_ticket_desk'.split(
        ' ',
      ),
  },
  wms_demo: {
    marker: 'user:gam',
    groups: ['仓储与资产'],
    screens: 'wms_stock wms_purchase_order wms_vehicle wms_lease rp:wms_warning'.split(' '),
  },
  pm_demo: {
    marker: 'user:pm',
    groups: ['项目管理'],
    screens: (
      'rp:pm_home pm_project pm_frame_contract pm_contract pm_budget pm_change_record pm_collection pm_construction_day ' +
      'pm_tech_disclosure pm_enclosure pm_invoicing pm_labor_outsource pm_maintenance pm_order pm_order_change pm_output ' +
      'pm_payment pm_performance_security pm_petty_cash pm_science pm_sporadic pm_tax rp:pm_uncollected'
    ).split(' '),
  },
  iee_demo: { marker: 'user:iee', groups: ['工程产值'], screens: ['eng_output', 'biz_right_order'] },
  sup_demo: {
    marker: 'user:supplier',
    groups: ['供应商管理', '服务采购'],
    screens: (
      'rp:sup_home sup_labor sup_material sup_service sup_evaluate sup_science sup_update ' +
      'sp_demand sp_programme sp_contract sp_completion sp_payment'
    ).split(' '),
  },
};
const ALL = Object.values(VARIANTS).flatMap((v) => v.screens);
const isReport = (s: string) => s.startsWith('rp:');
const idOf = (s: string) => s.replace(/^rp:/, '');
const listUrl = (s: string) => (isReport(s) ? `/online/cgreport/api/getData/${idOf(s)}` : `/online/cgform/api/getData/${s}`);

interface MenuNode {
  meta: { title: string };
  children?: MenuNode[];
}
const leaves = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

let server: StartedServer;
beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});
afterAll(async () => {
  await server?.close();
});

describe('product variants: each demo user sees and may do exactly its area (spec 1, business-screens.md §1.3)', () => {
  it('lists all 59 business menu screens across the variants, each once', () => {
    expect(ALL).toHaveLength(59);
    expect(new Set(ALL).size).toBe(59);
  });

  for (const [user, v] of Object.entries(VARIANTS)) {
    it(`${user}: marker ${v.marker} first, 首页 and its directories only, one menu entry per screen`, async () => {
      const c = client(server, await login(server, user));
      const p = (await c.get('/sys/permission/getUserPermissionByToken')).body.result;
      expect(p.auth[0].action).toBe(v.marker);
      const markers = p.auth.filter((a: { action: string }) => a.action.startsWith('user:')).map((a: { action: string }) => a.action);
      expect(markers).toEqual([v.marker]);
      // the hidden online `:code` routes every answer carries are no menu entries
      const shown = p.menu.filter((m: MenuNode & { hidden?: boolean }) => !m.hidden);
      // plus 工作流: every role holds the task pages
      expect(shown.map((m: MenuNode) => m.meta.title)).toEqual(['首页', ...v.groups, '工作流']);
      // 首页 is a leaf of its own; the task pages are the others outside the variant's screens, with
      // the openable reports its screens' readers get (银行账户报表 for the readers of 银行账户)
      const reports = user === 'bss_demo' ? ['银行账户报表'] : [];
      const titles = leaves(shown).map((m) => m.meta.title);
      for (const r of reports) expect(titles).toContain(r);
      expect(titles).toHaveLength(v.screens.length + 1 + WF_TASK_PAGE_URLS.length + reports.length);
    });

    it(`${user}: reads every screen of its area; every other area's list, form and report is refused (403)`, async () => {
      const c = client(server, await login(server, user));
      for (const s of v.screens) {
        const res = await c.get(listUrl(s));
        expect(res.status, `${user} ${s}`).toBe(200);
        expect(res.body.success, `${user} ${s}`).toBe(true);
      }
      for (const s of ALL.filter((x) => !v.screens.includes(x))) {
        const res = await c.get(listUrl(s));
        expect(res.status, `${user} ${s}`).toBe(403);
        expect(res.body.message).toBe('没有权限，请联系管理员授权');
        if (!isReport(s)) {
          expect((await c.post(`/online/cgform/api/form/${s}`, {})).status, `${user} add ${s}`).toBe(403);
          expect((await c.del(`/online/cgform/api/form/${s}/1`)).status, `${user} delete ${s}`).toBe(403);
        }
      }
    });
  }

  it('lets each variant user add to its own screens (the add reaches validation, not a refusal)', async () => {
    for (const [user, v] of Object.entries(VARIANTS)) {
      const c = client(server, await login(server, user));
      for (const s of v.screens.filter((x) => !isReport(x))) {
        const res = await c.post(`/online/cgform/api/form/${s}`, {});
        expect(res.status, `${user} add ${s}`).toBe(200);
        // an empty form fails a required field with a clear message, never a refusal
        if (!res.body.success) expect(res.body.message, `${user} add ${s}`).not.toBe('没有权限，请联系管理员授权');
      }
    }
  });

  it('keeps delete from the warehouse user and approval from every variant user (403)', async () => {
    const wms = client(server, await login(server, 'wms_demo'));
    for (const s of VARIANTS.wms_demo.screens.filter((x) => !isReport(x)))
      expect((await wms.del(`/online/cgform/api/form/${s}/1`)).status, s).toBe(403);
    for (const [user, v] of Object.entries(VARIANTS)) {
      const c = client(server, await login(server, user));
      for (const s of v.screens.filter((x) => !isReport(x))) {
        const screen = server.ctx.screens.get(s)?.screen;
        if (!screen?.workflow) continue;
        for (const action of ['approve', 'reject'])
          expect((await c.post(`/online/cgform/api/action/${s}/${action}`, { id: '1' })).status, `${user} ${action} ${s}`).toBe(403);
      }
    }
  });
});
