import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../shared/time.js';
import { BUSINESS_DICTS } from '../dicts-business.js';
import { createRng } from '../random.js';
import type { SeededDepart } from '../org.js';
import type { SeededUser } from '../users.js';
import type { BusinessSeedContext } from './context.js';
import { generateBankAccounts } from './bank-accounts.js';

const BASE = new Date(2026, 5, 15, 10, 0, 0);

function fakeContext(seed: number | string): BusinessSeedContext {
  const d = (id: string, orgCode: string, departName: string, parentId: string | null): SeededDepart => ({
    id,
    orgCode,
    departName,
    parentId,
  });
  const departs = [
    d('1', 'A01', '中冀智联工程技术有限公司', null),
    d('2', 'A01A02', '财务部', '1'),
    d('3', 'A01A09', '通信工程事业部', '1'),
    d('4', 'A01A12', '天津分公司', '1'),
    d('5', 'A01A12A01', '项目一部', '4'),
    d('6', 'A01A13', '河北分公司', '1'),
  ];
  const u = (username: string, orgCode: string, ...roleCodes: string[]): SeededUser => ({
    id: username,
    username,
    realname: username,
    orgCode,
    roleCodes,
  });
  const users = [
    u('admin', 'A01', 'admin'),
    u('wangfang', 'A01A02', 'finance'),
    u('lina', 'A01A02', 'finance'),
    u('chengchen', 'A01A12A01', 'finance'),
    u('bss_demo', 'A01A02', 'finance'),
    u('liuyang', 'A01A09', 'project_manager'),
  ];
  return { users, departs, rng: createRng(seed), baseDate: BASE };
}

const dictValues = (code: string) => new Set(BUSINESS_DICTS.find((x) => x.code === code)!.items.map(([v]) => v));
const MONEY = /^(([1-9]\d*)|0)(\.\d{1,2})?$/;
const withoutIds = (rows: Record<string, unknown>[]) => rows.map(({ id: _id, ...rest }) => rest);

describe('generateBankAccounts', () => {
  const ctx = fakeContext(20260615);
  const rows = generateBankAccounts(ctx);

  it('makes at least 200 rows: 30 company accounts and project accounts', () => {
    expect(rows.length).toBeGreaterThanOrEqual(220);
    const basic = rows.filter((r) => r.account_type === '1');
    expect(basic).toHaveLength(1);
    expect(basic[0]).toMatchObject({
      account_name: '中冀智联工程技术有限公司',
      bank_code: 'ICBC',
      branch_name: '中国工商银行北京丰台支行',
    });
    const wage = rows.filter((r) => r.account_type === '5');
    expect(wage.length).toBeGreaterThan(100);
    for (const r of wage) expect(r.account_name).toMatch(/^中冀智联工程技术有限公司.+农民工工资专户$/);
    expect(rows.some((r) => r.account_name === '中冀智联工程技术有限公司天津分公司' && r.dept_code === 'A01A12')).toBe(true);
  });

  it('passes every field rule of the screen schema', () => {
    const orgCodes = new Set(ctx.departs.map((d) => d.orgCode));
    const usernames = new Set(ctx.users.map((u) => u.username));
    const custodians = new Set(['admin', 'wangfang', 'lina', 'chengchen', 'bss_demo']);
    const base = formatDateTime(BASE);
    const twoYearsAgo = formatDateTime(new Date(BASE.getTime() - 730 * 86_400_000));
    for (const r of rows) {
      expect(r.account_no).toMatch(/^\d{8,30}$/);
      expect(String(r.opening_balance)).toMatch(MONEY);
      expect(String(r.current_balance)).toMatch(MONEY);
      expect(r.bank_phone).toMatch(/^1[3-9]\d{9}$/);
      expect(dictValues('bank_code').has(r.bank_code as string)).toBe(true);
      expect(dictValues('bank_account_type').has(r.account_type as string)).toBe(true);
      expect(dictValues('currency').has(r.currency as string)).toBe(true);
      expect(dictValues('account_status').has(r.account_status as string)).toBe(true);
      expect(['Y', 'N']).toContain(r.online_banking);
      expect(r.open_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.project_id).toBeNull();
      expect(custodians.has(r.custodian as string)).toBe(true);
      expect(orgCodes.has(r.dept_code as string)).toBe(true);
      expect(usernames.has(r.create_by as string)).toBe(true);
      expect(orgCodes.has(r.sys_org_code as string)).toBe(true);
      expect(r.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect((r.create_time as string) >= twoYearsAgo && (r.create_time as string) <= base).toBe(true);
      if (r.update_time !== null) {
        expect((r.update_time as string) >= (r.create_time as string) && (r.update_time as string) <= base).toBe(true);
      }
      expect((r.account_name as string).length).toBeLessThanOrEqual(100);
      expect((r.branch_name as string).length).toBeLessThanOrEqual(100);
      if (r.account_status === '3') expect(r.current_balance).toBe(0);
    }
    expect(rows.filter((r) => r.currency === 'CNY').length / rows.length).toBeGreaterThan(0.9);
    expect(rows.filter((r) => r.account_status === '1').length / rows.length).toBeGreaterThan(0.7);
  });

  it('gives unique account numbers with the lengths of each bank', () => {
    expect(new Set(rows.map((r) => r.account_no)).size).toBe(rows.length);
    const lengths: Record<string, [number, number]> = {
      ICBC: [19, 19],
      CCB: [20, 20],
      BOC: [12, 12],
      ABC: [15, 19],
      CMB: [15, 15],
      BOCOM: [21, 21],
    };
    for (const r of rows) {
      const range = lengths[r.bank_code as string];
      if (!range) continue;
      const len = (r.account_no as string).length;
      expect(len).toBeGreaterThanOrEqual(range[0]);
      expect(len).toBeLessThanOrEqual(range[1]);
    }
  });

  it('is deterministic for the same seed', () => {
    expect(withoutIds(generateBankAccounts(fakeContext(20260615)))).toEqual(withoutIds(rows));
    expect(withoutIds(generateBankAccounts(fakeContext(1)))).not.toEqual(withoutIds(rows));
  });
});
