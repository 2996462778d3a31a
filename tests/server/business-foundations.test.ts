import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { BUSINESS_DICTS } from '../../src/server/seed/dicts-business.js';

let server: StartedServer;
const base = '/online/cgform/api';

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});
afterAll(async () => {
  await server?.close();
});

describe('business foundations (business-screens.md §1.3, §2)', () => {
  it('seeds the 74 business dictionaries with their items in the listed order', async () => {
    expect(BUSINESS_DICTS).toHaveLength(74);
    const items = (
      await sql<{
        item_value: string;
        item_text: string;
      }>`select i.item_value, i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id
        where d.dict_code = 'approval_status' order by i.sort_order`.execute(server.ctx.db)
    ).rows;
    expect(items.map((i) => `${i.item_value} ${i.item_text}`)).toEqual(['0 草稿', '1 审批中', '2 已通过', '3 已驳回', '4 已作废']);
    const codes = new Set(
      (await sql<{ dict_code: string }>`select dict_code from sys_dict`.execute(server.ctx.db)).rows.map((r) => r.dict_code),
    );
    for (const d of BUSINESS_DICTS) expect(codes.has(d.code)).toBe(true);
  });

  it('has the 38 fill rules: prefix, yyyyMM and a 4-digit sequence per month', async () => {
    const n = await sql<{ n: number }>`select count(*)::int as n from sys_fill_rule`.execute(server.ctx.db);
    expect(n.rows[0].n).toBeGreaterThanOrEqual(38);
    const admin = client(server, await login(server, 'admin'));
    const res = await admin.put('/sys/fillRule/executeRuleByCode/oa_contract_no', {});
    expect(res.body.result).toMatch(/^HTSP\d{6}\d{4}$/);
  });

  it('has both category trees (物资分类, 资质分类) with their children', async () => {
    const rows = (await sql<{ code: string }>`select code from sys_category where code like 'C0%'`.execute(server.ctx.db)).rows;
    const codes = rows.map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['C01', 'C01A01A01', 'C01A08', 'C02', 'C02A03A05', 'C02A04']));
  });

  it('gives every screen its menu under its area and the six button codes, and approval screens their four actions', async () => {
    const perms = (
      await sql<{ url: string | null; perms: string | null; menu_type: number }>`select url, perms, menu_type from sys_permission`.execute(
        server.ctx.db,
      )
    ).rows;
    const buttons = new Set(perms.filter((p) => p.menu_type === 2).map((p) => p.perms));
    const urls = new Set(perms.map((p) => p.url));
    for (const { screen } of server.ctx.screens.list()) {
      if (!screen.menu || screen.menu.url) continue;
      expect(urls.has(`/online/cgformList/${screen.id}`), screen.id).toBe(true);
      for (const a of ['add', 'edit', 'delete', 'batch_delete', 'export', 'import'])
        expect(buttons.has(`${screen.authPre}:${a}`), `${screen.id} ${a}`).toBe(true);
      if (screen.workflow)
        for (const a of ['submit', 'approve', 'reject', 'void'])
          expect(buttons.has(`${screen.authPre}:${a}`), `${screen.id} ${a}`).toBe(true);
    }
  });
});

describe('product variants (spec 1)', () => {
  const VARIANTS: [user: string, marker: string, menus: string[], ownScreen: string, otherScreen: string][] = [
    ['oa_demo', 'user:oa', ['首页', 'OA审批'], 'oa_expense', 'fin_collection'],
    ['bss_demo', 'user:bss', ['首页', '财务管理', '经营管理'], 'fin_wages', 'oa_contract'],
    ['wms_demo', 'user:gam', ['首页', '仓储与资产'], 'wms_stock', 'pm_project'],
    ['pm_demo', 'user:pm', ['首页', '项目管理'], 'pm_budget', 'wms_lease'],
    ['iee_demo', 'user:iee', ['首页', '工程产值'], 'eng_output', 'sp_demand'],
    ['sup_demo', 'user:supplier', ['首页', '供应商管理', '服务采购'], 'sup_labor', 'biz_qualification'],
  ];

  for (const [user, marker, menus, own, other] of VARIANTS) {
    it(`${user}: marker ${marker} first, only its menus, its screens readable and another area's refused (403)`, async () => {
      const c = client(server, await login(server, user));
      const p = (await c.get('/sys/permission/getUserPermissionByToken')).body.result;
      expect(p.auth[0].action).toBe(marker);
      // every role holds the 工作流 task pages; the hidden online `:code` routes are no menu entries
      const shown = p.menu.filter((m: { hidden?: boolean }) => !m.hidden);
      expect(shown.map((m: { meta: { title: string } }) => m.meta.title)).toEqual([...menus, '工作流']);
      expect((await c.get(`${base}/getData/${own}`)).status).toBe(200);
      const refused = await c.get(`${base}/getData/${other}`);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('没有权限，请联系管理员授权');
      expect((await c.post(`${base}/form/${other}`, {})).status).toBe(403);
    });
  }

  it('lets a variant user read a picker of another area only through a screen that uses it', async () => {
    // 服务开票申请 (OA) picks project contracts: oa_demo may read rp_pick_pm_contract, wms_demo may not
    const oa = client(server, await login(server, 'oa_demo'));
    expect((await oa.get('/online/cgreport/api/getRpColumns/rp_pick_pm_contract')).body.success).toBe(true);
    const wms = client(server, await login(server, 'wms_demo'));
    expect((await wms.get('/online/cgreport/api/getRpColumns/rp_pick_pm_contract')).status).toBe(403);
    expect((await wms.get('/online/cgreport/api/getRpColumns/rp_pick_material')).status).toBe(200);
  });
});
