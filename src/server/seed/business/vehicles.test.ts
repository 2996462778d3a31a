import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../shared/time.js';
import { BUSINESS_DICTS } from '../dicts-business.js';
import { createRng } from '../random.js';
import type { SeededDepart } from '../org.js';
import type { SeededUser } from '../users.js';
import type { BusinessSeedContext } from './context.js';
import { generateVehicles } from './vehicles.js';

const BASE = new Date(2026, 5, 15, 10, 0, 0);
const DAY = 86_400_000;

function fakeContext(seed: number | string): BusinessSeedContext {
  const d = (id: string, orgCode: string, departName: string, parentId: string | null): SeededDepart => ({
    id,
    orgCode,
    departName,
    parentId,
  });
  const departs = [
    d('1', 'A01', '中冀智联工程技术有限公司', null),
    d('2', 'A01A05', '物资设备部', '1'),
    d('3', 'A01A09', '通信工程事业部', '1'),
    d('4', 'A01A12', '天津分公司', '1'),
    d('5', 'A01A13', '河北分公司', '1'),
    d('6', 'A01A14', '山东分公司', '1'),
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
    u('hubin', 'A01A05', 'warehouse'),
    u('tianye', 'A01A05', 'warehouse'),
    u('liuyang', 'A01A09', 'project_manager'),
    u('zhengkai', 'A01A12', 'project_manager'),
    u('donghao', 'A01A14', 'project_manager'),
  ];
  return { users, departs, rng: createRng(seed), baseDate: BASE };
}

const dictValues = (code: string) => new Set(BUSINESS_DICTS.find((x) => x.code === code)!.items.map(([v]) => v));
const PLATE = /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-Z]·[A-HJ-NP-Z0-9]{5,6}$/;
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const MONEY = /^(([1-9]\d*)|0)(\.\d{1,2})?$/;
const FUEL_BY_MODEL: Record<string, string> = {
  大众帕萨特: '1',
  丰田凯美瑞: '1',
  别克GL8: '1',
  长城炮: '2',
  '五十铃D-MAX': '2',
  江铃全顺: '2',
  福田时代: '2',
  '比亚迪唐DM-i': '4',
  吉利星越L: '1',
  比亚迪汉EV: '3',
};
const withoutIds = (rows: Record<string, unknown>[]) => rows.map(({ id: _id, ...rest }) => rest);

/** VIN check digit (position 9) per GB 16735. */
function vinCheckOk(vin: string): boolean {
  const map: Record<string, number> = {
    A: 1,
    B: 2,
    C: 3,
    D: 4,
    E: 5,
    F: 6,
    G: 7,
    H: 8,
    J: 1,
    K: 2,
    L: 3,
    M: 4,
    N: 5,
    P: 7,
    R: 9,
    S: 2,
    T: 3,
    U: 4,
    V: 5,
    W: 6,
    X: 7,
    Y: 8,
    Z: 9,
  };
  const w = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = vin.split('').reduce((s, c, i) => s + (/\d/.test(c) ? Number(c) : map[c]) * w[i], 0);
  const check = sum % 11;
  return vin[8] === (check === 10 ? 'X' : String(check));
}

describe('generateVehicles', () => {
  const ctx = fakeContext('vehicles');
  const rows = generateVehicles(ctx);

  it('makes at least 200 rows with unique plates and VINs', () => {
    expect(rows.length).toBeGreaterThanOrEqual(220);
    expect(new Set(rows.map((r) => r.plate_no)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.vin)).size).toBe(rows.length);
  });

  it('passes every field rule of the screen schema', () => {
    const orgCodes = new Set(ctx.departs.map((d) => d.orgCode));
    const usernames = new Set(ctx.users.map((u) => u.username));
    const base = formatDateTime(BASE);
    for (const r of rows) {
      expect(r.plate_no).toMatch(PLATE);
      expect((r.plate_no as string).length).toBeLessThanOrEqual(10);
      expect(r.vin).toMatch(VIN);
      expect(vinCheckOk(r.vin as string)).toBe(true);
      expect(dictValues('vehicle_type').has(r.vehicle_type as string)).toBe(true);
      expect(dictValues('fuel_type').has(r.fuel_type as string)).toBe(true);
      expect(dictValues('vehicle_status').has(r.vehicle_status as string)).toBe(true);
      expect(FUEL_BY_MODEL[r.brand_model as string]).toBe(r.fuel_type);
      const body = (r.plate_no as string).split('·')[1];
      if (r.fuel_type === '3') expect(body).toMatch(/^D[A-HJ-NP-Z0-9]\d{4}$/);
      else if (r.fuel_type === '4') expect(body).toMatch(/^F[A-HJ-NP-Z0-9]\d{4}$/);
      else expect(body).toHaveLength(5);
      expect(Number.isInteger(r.seats) && (r.seats as number) > 0).toBe(true);
      expect(Number.isInteger(r.mileage)).toBe(true);
      expect(r.mileage as number).toBeGreaterThanOrEqual(5_000);
      expect(r.mileage as number).toBeLessThanOrEqual(280_000);
      expect(String(r.purchase_price)).toMatch(MONEY);
      expect(r.purchase_price as number).toBeGreaterThanOrEqual(90_000);
      expect(r.purchase_price as number).toBeLessThanOrEqual(380_000);
      expect(orgCodes.has(r.owner_dept as string)).toBe(true);
      if (r.driver !== null) expect(usernames.has(r.driver as string)).toBe(true);
      expect(usernames.has(r.create_by as string)).toBe(true);
      expect(orgCodes.has(r.sys_org_code as string)).toBe(true);
      expect((r.create_time as string) <= base).toBe(true);
      expect((r.create_time as string) >= formatDateTime(new Date(BASE.getTime() - 730 * DAY))).toBe(true);
      expect((r.purchase_date as string) < formatDate(BASE)).toBe(true);
      expect((r.insurance_expiry as string) > formatDate(BASE)).toBe(true);
      expect((r.inspection_due as string) > formatDate(BASE)).toBe(true);
    }
    expect(rows.filter((r) => r.vehicle_status === '1').length / rows.length).toBeGreaterThan(0.7);
  });

  it('has 10 insurance and 6 inspection dates within 30 days of the base date', () => {
    const limit = formatDate(new Date(BASE.getTime() + 30 * DAY));
    expect(rows.filter((r) => (r.insurance_expiry as string) <= limit)).toHaveLength(10);
    expect(rows.filter((r) => (r.inspection_due as string) <= limit)).toHaveLength(6);
  });

  it('is deterministic for the same seed', () => {
    expect(withoutIds(generateVehicles(fakeContext('vehicles')))).toEqual(withoutIds(rows));
    expect(withoutIds(generateVehicles(fakeContext('other')))).not.toEqual(withoutIds(rows));
  });
});
