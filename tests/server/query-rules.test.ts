import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { loadConfig } from '../../src/server/config.js';
import { client, login, startTestServer } from './harness.js';
import { SUPER_QUERY_RULES, superQueryParams, type SuperQueryCondition } from '../../src/runtime/list/super-query.js';

// JeecgBoot's query rules on plain parameters (api-contract §4.2) and the
// advanced query superQueryParams + superQueryMatchType (§4.3), on the fixture order screen.
let server: StartedServer;
let admin: ReturnType<typeof client>;
const url = '/online/cgform/api/getData/tst_order';

const ORDERS = [
  // order_no, customer, priority, amount, qty, order_date, create_time
  ['Q-001', '北京光缆公司', 'H', 100.5, 1, '2026-01-05', '2026-01-05 09:00:00'],
  ['Q-002', '天津光缆有限公司', 'M', 200, 2, '2026-02-10', '2026-02-10 10:30:00'],
  ['Q-003', '河北通信工程', 'L', 300, 3, '2026-03-15', '2026-03-15 23:30:00'],
  ['Q-004', '山东通信_50%公司', 'H', 400, 4, '2026-04-20', '2026-04-20 00:00:00'],
  ['X-005', '北京建设集团', 'M', null, 5, null, '2026-05-01 12:00:00'],
] as const;

beforeAll(async () => {
  const dirs = [...loadConfig({}).schemasDirs, path.join(import.meta.dirname, 'schemas/engine')];
  server = await startTestServer({ schemasDirs: dirs });
  admin = client(server, await login(server, 'admin'));
  for (const [i, o] of ORDERS.entries()) {
    const id = `q${i + 1}`;
    await sql`insert into tst_order (id, order_no, customer, priority, amount, qty, order_date, create_time)
      values (${id}, ${o[0]}, ${o[1]}, ${o[2]}, ${o[3]}, ${o[4]}, ${o[5]}, ${o[6]})`.execute(server.ctx.db);
    await sql`insert into tst_order_line (id, order_id, item_name, quantity, create_time)
      values (${`l${i + 1}`}, ${id}, ${i % 2 ? '熔接机' : '光缆'}, ${i + 1}, ${o[6]})`.execute(server.ctx.db);
  }
});
afterAll(async () => server?.close());

/** The order numbers the list answers for these parameters (sorted by order_no). */
async function nos(params: Record<string, string | number>): Promise<string[]> {
  const res = await admin.get(url, { column: 'orderNo', order: 'asc', pageSize: 50, ...params });
  if (!res.body.success) throw new Error(res.body.message);
  return res.body.result.records.map((r: any) => r.order_no);
}
const superQuery = (conds: unknown[], matchType?: string) => ({
  // the Vue 2 client encodes the JSON once more before axios encodes the parameter
  superQueryParams: encodeURI(JSON.stringify(conds)),
  ...(matchType ? { superQueryMatchType: matchType } : {}),
});

describe('plain parameters (QueryGenerator value syntax)', () => {
  it('equality, and `*` alone is a literal', async () => {
    expect(await nos({ order_no: 'Q-002' })).toEqual(['Q-002']);
    expect(await nos({ orderNo: 'Q-003' })).toEqual(['Q-003']);
    expect(await nos({ order_no: '*' })).toEqual([]);
  });

  it('like *x*, right_like x*, left_like *x, with % and _ taken literally', async () => {
    expect(await nos({ customer: '*光缆*' })).toEqual(['Q-001', 'Q-002']);
    expect(await nos({ customer: '北京*' })).toEqual(['Q-001', 'X-005']);
    expect(await nos({ customer: '*公司' })).toEqual(['Q-001', 'Q-002', 'Q-004']);
    expect(await nos({ customer: '*_50%*' })).toEqual(['Q-004']);
    expect(await nos({ customer: '*%*' })).toEqual(['Q-004']);
  });

  it('!x not equal, comma lists for in, ,a,b, multi-like', async () => {
    expect(await nos({ priority: '!H' })).toEqual(['Q-002', 'Q-003', 'X-005']);
    expect(await nos({ priority: 'H,L' })).toEqual(['Q-001', 'Q-003', 'Q-004']);
    expect(await nos({ qty: '2,4' })).toEqual(['Q-002', 'Q-004']);
    expect(await nos({ customer: ',光缆,建设,' })).toEqual(['Q-001', 'Q-002', 'X-005']);
    expect(await nos({ priority_MultiString: 'M,L' })).toEqual(['Q-002', 'Q-003', 'X-005']);
  });

  it('comparison prefixes >=, <=, >, <, != with a space, and without one on numbers', async () => {
    expect(await nos({ qty: '>= 4' })).toEqual(['Q-004', 'X-005']);
    expect(await nos({ qty: '<= 2' })).toEqual(['Q-001', 'Q-002']);
    expect(await nos({ qty: '> 4' })).toEqual(['X-005']);
    expect(await nos({ qty: '< 2' })).toEqual(['Q-001']);
    expect(await nos({ qty: '!= 3' })).toEqual(['Q-001', 'Q-002', 'Q-004', 'X-005']);
    expect(await nos({ amount: 'gt 200' })).toEqual(['Q-003', 'Q-004']);
    expect(await nos({ amount: '>=300' })).toEqual(['Q-003', 'Q-004']);
    expect(await nos({ order_date: '< 2026-02-10' })).toEqual(['Q-001']);
  });

  it('_begin/_end ranges on numbers, dates and date-times (a date alone covers the whole day)', async () => {
    expect(await nos({ qty_begin: 2, qty_end: 3 })).toEqual(['Q-002', 'Q-003']);
    expect(await nos({ order_date_begin: '2026-02-10', order_date_end: '2026-03-15' })).toEqual(['Q-002', 'Q-003']);
    expect(await nos({ createTime_begin: '2026-03-15', createTime_end: '2026-04-20' })).toEqual(['Q-003', 'Q-004']);
    expect(await nos({ create_time_begin: '2026-01-05 09:30:00' })).toEqual(['Q-002', 'Q-003', 'Q-004', 'X-005']);
  });

  it('sorts by any list column either way, and by a _dictText column as its value', async () => {
    const res = await admin.get(url, { column: 'amount', order: 'desc', pageSize: 3 });
    expect(res.body.result.records.map((r: any) => r.order_no)).toEqual(['X-005', 'Q-004', 'Q-003']);
    const byQty = await admin.get(url, { column: 'qty', order: 'asc', pageSize: 2 });
    expect(byQty.body.result.records.map((r: any) => r.qty)).toEqual([1, 2]);
    const byDict = await admin.get(url, { column: 'priority_dictText', order: 'asc', pageSize: 1 });
    expect(byDict.body.result.records[0].priority).toBe('H');
    expect(byDict.body.result.records[0].priority_dictText).toBeTruthy();
  });

  it('refuses bad values, unknown sort columns and columns not sortable with clear messages', async () => {
    const bad = await admin.get(url, { qty: '>= abc' });
    expect(bad.body).toMatchObject({ success: false, code: 500, message: '查询条件「数量」应为数字' });
    const badDate = await admin.get(url, { order_date_begin: '2026/01/01' });
    expect(badDate.body.message).toBe('查询条件「下单日期」应为日期 YYYY-MM-DD');
    const badTime = await admin.get(url, { create_time_end: 'yesterday' });
    expect(badTime.body.message).toBe('查询条件「create_time」应为时间 YYYY-MM-DD HH:mm:ss');
    const sort = await admin.get(url, { column: 'password', order: 'asc' });
    expect(sort.body.message).toBe('请注意，将要排序的列字段不存在：password');
    // a field marked sortable: false (联系电话) is refused by column or property name, in the list and the export
    for (const column of ['contact_phone', 'contactPhone', 'orderNo,contact_phone']) {
      const unsortable = await admin.get(url, { column, order: 'asc' });
      expect(unsortable.body).toMatchObject({ success: false, message: '「联系电话」列不支持排序' });
    }
    const exported = await admin.get('/online/cgform/api/exportXls/tst_order', { column: 'contact_phone', order: 'asc' });
    expect(exported.body).toMatchObject({ success: false, message: '「联系电话」列不支持排序' });
    const injected = await admin.get(url, { column: 'qty;drop table tst_order', order: 'asc' });
    expect(injected.body.success).toBe(false);
    expect(await nos({})).toHaveLength(5);
  });

  it('ignores unknown parameters and never takes an identifier from the request', async () => {
    expect(await nos({ 'customer or 1=1': 'x', nosuch: 'y' })).toHaveLength(5);
  });
});

describe('superQueryParams + superQueryMatchType', () => {
  it('every rule: eq, ne, gt, ge, lt, le, in, like, right_like, left_like (names and symbols)', async () => {
    const one = async (rule: string, val: string, field = 'qty') => nos(superQuery([{ field, rule, val, type: 'text' }]));
    expect(await one('eq', '3')).toEqual(['Q-003']);
    expect(await one('=', '3')).toEqual(['Q-003']);
    expect(await one('ne', '3')).toEqual(['Q-001', 'Q-002', 'Q-004', 'X-005']);
    expect(await one('!=', '3')).toHaveLength(4);
    expect(await one('gt', '4')).toEqual(['X-005']);
    expect(await one('ge', '4')).toEqual(['Q-004', 'X-005']);
    expect(await one('lt', '2')).toEqual(['Q-001']);
    expect(await one('le', '2')).toEqual(['Q-001', 'Q-002']);
    expect(await one('in', '1,5')).toEqual(['Q-001', 'X-005']);
    expect(await one('IN', '2')).toEqual(['Q-002']);
    expect(await one('like', '通信', 'customer')).toEqual(['Q-003', 'Q-004']);
    expect(await one('right_like', '北京', 'customer')).toEqual(['Q-001', 'X-005']);
    expect(await one('left_like', '有限公司', 'customer')).toEqual(['Q-002']);
  });

  it('what the client’s advanced-query builder sends: every rule of its list, and / or', async () => {
    const expected: Record<string, [string, string | string[], string[]]> = {
      eq: ['qty', '3', ['Q-003']],
      like: ['customer', '通信', ['Q-003', 'Q-004']],
      right_like: ['customer', '北京', ['Q-001', 'X-005']],
      left_like: ['customer', '有限公司', ['Q-002']],
      in: ['qty', ['1', '5'], ['Q-001', 'X-005']],
      ne: ['qty', '3', ['Q-001', 'Q-002', 'Q-004', 'X-005']],
      gt: ['qty', '4', ['X-005']],
      ge: ['qty', '4', ['Q-004', 'X-005']],
      lt: ['qty', '2', ['Q-001']],
      le: ['qty', '2', ['Q-001', 'Q-002']],
    };
    expect(SUPER_QUERY_RULES.map((r) => r.value).sort()).toEqual(Object.keys(expected).sort());
    for (const { value: rule } of SUPER_QUERY_RULES) {
      const [field, val, rows] = expected[rule];
      const cond: SuperQueryCondition = { field, rule, val, type: field === 'qty' ? 'int' : 'string' };
      expect([rule, await nos(superQueryParams([cond], 'and'))]).toEqual([rule, rows]);
    }
    const conds: SuperQueryCondition[] = [
      { field: 'priority', rule: 'eq', val: 'H', type: 'string' },
      { field: 'orderDate', rule: 'ge', val: '2026-03-01', type: 'date' },
    ];
    expect(await nos(superQueryParams(conds, 'and'))).toEqual(['Q-004']);
    expect(await nos(superQueryParams(conds, 'or'))).toEqual(['Q-001', 'Q-003', 'Q-004']);
  });

  it('and joins every condition, or any of them; combined with plain parameters by and', async () => {
    const conds = [
      { field: 'priority', rule: 'eq', val: 'H', type: 'text' },
      { field: 'orderDate', rule: 'ge', val: '2026-03-01', type: 'date' },
    ];
    expect(await nos(superQuery(conds, 'and'))).toEqual(['Q-004']);
    expect(await nos(superQuery(conds))).toEqual(['Q-004']);
    expect(await nos(superQuery(conds, 'or'))).toEqual(['Q-001', 'Q-003', 'Q-004']);
    expect(await nos({ ...superQuery(conds, 'or'), customer: '*通信*' })).toEqual(['Q-003', 'Q-004']);
  });

  it('dates against a date-time column cover whole days; empty conditions are dropped', async () => {
    const conds = [
      { field: 'createTime', rule: 'eq', val: '2026-03-15', type: 'date' },
      { field: 'customer', rule: 'like', val: '', type: 'text' },
    ];
    expect(await nos(superQuery(conds))).toEqual(['Q-003']);
    expect(await nos(superQuery([{ field: 'createTime', rule: 'le', val: '2026-02-10', type: 'date' }]))).toEqual(['Q-001', 'Q-002']);
  });

  it('a sub table field (subTable,field) selects main rows having a matching sub row', async () => {
    const conds = [{ field: 'tst_order_line,item_name', rule: 'eq', val: '熔接机', type: 'text' }];
    expect(await nos(superQuery(conds))).toEqual(['Q-002', 'Q-004']);
    const ge = [{ field: 'tst_order_line.quantity', rule: 'ge', val: '4', type: 'text', dbType: 'int' }];
    expect(await nos(superQuery(ge))).toEqual(['Q-004', 'X-005']);
  });

  it('refuses unknown fields, unknown rules, bad values and malformed JSON with clear messages', async () => {
    const field = await admin.get(url, superQuery([{ field: 'password', rule: 'eq', val: 'x' }]));
    expect(field.body).toMatchObject({ success: false, code: 500, message: '高级查询字段不存在：password' });
    const rule = await admin.get(url, superQuery([{ field: 'qty', rule: 'between', val: '1' }]));
    expect(rule.body.message).toBe('不支持的查询规则：between');
    const value = await admin.get(url, superQuery([{ field: 'qty', rule: 'gt', val: 'many' }]));
    expect(value.body.message).toBe('查询条件「数量」应为数字');
    const json = await admin.get(url, { superQueryParams: '[{"field":' });
    expect(json.body.message).toBe('高级查询条件格式不正确');
    const sub = await admin.get(url, superQuery([{ field: 'tst_order_line,secret', rule: 'eq', val: 'x' }]));
    expect(sub.body.message).toBe('高级查询字段不存在：tst_order_line,secret');
  });
});
