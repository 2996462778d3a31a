import { describe, expect, it } from 'vitest';
import bank from '../../../schemas/finance/fin_bank_account.json';
import type { ScreenSchema } from '../../shared/generated/screen-schema.js';
import { applySearch, applySort, initialListState, isVirtualPage, pageSizeOptions, requestParams, totalText } from './list-state.js';
import { ellipsisText as ellipsis } from '../util/text.js';
import { queryDefaults, queryFields, toQueryParams } from './query-params.js';

const screen = bank as unknown as ScreenSchema;

describe('list state', () => {
  it('starts on page 1 of 10 sorted by createTime descending', () => {
    expect(requestParams(initialListState(screen))).toEqual({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' });
  });
  it("offers 10/20/30 by default and the schema's page sizes when it lists some", () => {
    expect(pageSizeOptions(screen)).toEqual([10, 20, 30]);
    const big = { ...screen, pageSizeOptions: [1000, 10, 20, 30] } as ScreenSchema;
    expect(pageSizeOptions(big)).toEqual([10, 20, 30, 1000]);
    expect(initialListState(big).pageSize).toBe(10);
    expect(initialListState({ ...screen, pageSizeOptions: [50, 200] } as ScreenSchema).pageSize).toBe(50);
    // 系统设置's default page size when the screen offers it
    expect(initialListState(screen, 20).pageSize).toBe(20);
    expect(initialListState({ ...screen, pageSizeOptions: [50, 200] } as ScreenSchema, 20).pageSize).toBe(50);
    expect([30, 100, 101, 1000].map(isVirtualPage)).toEqual([false, false, true, true]);
  });
  it('clears the selection and goes back to page 1 on search', () => {
    const s = { ...initialListState(screen), pageNo: 4, selectedRowKeys: ['a', 'b'] };
    expect(applySearch(s, { bank_code: 'ICBC' })).toMatchObject({ pageNo: 1, selectedRowKeys: [], query: { bank_code: 'ICBC' } });
  });
  it('maps header sorting and falls back to the default sort', () => {
    const s = initialListState(screen);
    expect(applySort(s, screen, 'open_date', 'ascend')).toMatchObject({ column: 'open_date', order: 'asc' });
    expect(applySort(s, screen, 'open_date', null)).toMatchObject({ column: 'createTime', order: 'desc' });
  });
  it('formats totals and ellipsis as spec 9 says', () => {
    expect(totalText(205, [11, 20])).toBe('11-20 共205条');
    expect(ellipsis('一二三四五六七八九十一二三四五六七八九十一二三四五六')).toBe('一二三四五六七八九十一二三四五六七八九十一二三四五...');
  });
});

describe('query defaults', () => {
  const withDefaults = {
    ...screen,
    fields: screen.fields.map((f) =>
      f.name === 'accountName'
        ? { ...f, queryDefault: '丰台' }
        : f.name === 'openDate'
          ? { ...f, queryDefault: '2025-01-01,' }
          : f.name === 'accountStatus'
            ? { ...f, queryDefault: '1' }
            : f,
    ),
  } as ScreenSchema;
  it('give the query form its initial values: ranges as [begin, end], fields without one absent', () => {
    expect(queryDefaults(withDefaults)).toEqual({ account_name: '丰台', open_date: ['2025-01-01', undefined], account_status: '1' });
    expect(queryDefaults(screen)).toEqual({});
  });
  it('are in the first request of the list, and the list without them asks without a query', () => {
    expect(requestParams(initialListState(withDefaults))).toEqual({
      account_name: '*丰台*',
      open_date_begin: '2025-01-01',
      account_status: '1',
      pageNo: 1,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
    });
    expect(initialListState(screen).query).toEqual({});
  });
  it('hold numbers for numeric fields', () => {
    const n = {
      ...screen,
      fields: [{ name: 'qty', title: '数量', widget: 'inputNumber', dbType: 'int', queryMode: 'range', queryDefault: '5,10' }],
    } as ScreenSchema;
    expect(queryDefaults(n)).toEqual({ qty: [5, 10] });
    expect(initialListState(n).query).toEqual({ qty_begin: '5', qty_end: '10' });
  });
});

describe('query params', () => {
  it('lists the query fields of the schema', () => {
    expect(queryFields(screen).map((f) => f.name)).toEqual([
      'accountName',
      'accountNo',
      'bankCode',
      'accountType',
      'openDate',
      'projectId',
      'deptCode',
      'accountStatus',
    ]);
  });
  it('wraps text inputs in *, keeps selects exact and splits ranges', () => {
    expect(
      toQueryParams(screen, { account_name: ' 丰台 ', bank_code: 'ICBC', open_date: ['2025-01-01', '2025-12-31'], account_no: '' }),
    ).toEqual({
      account_name: '*丰台*',
      bank_code: 'ICBC',
      open_date_begin: '2025-01-01',
      open_date_end: '2025-12-31',
    });
  });
});
