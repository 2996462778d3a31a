import { describe, expect, it } from 'vitest';
import {
  changeRule,
  checkSave,
  findSuperQueryField,
  loadSavedQueries,
  removeSavedQuery,
  saveQuery,
  savedQueryKey,
  superQueryFields,
  superQueryParams,
  type SuperQueryCondition,
} from './super-query.js';

class MemoryStore {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

const main = {
  fields: [
    { name: 'orderNo', title: '订单编号', widget: 'input', dbType: 'string' },
    { name: 'orderDate', title: '下单日期', widget: 'date', dbType: 'Date' },
    { name: 'secret', title: '隐藏', widget: 'input', dbType: 'string', showList: false },
  ],
} as never;
const sub = {
  tableName: 'tst_order_line',
  title: '订单明细',
  fields: [{ name: 'itemName', title: '品名', widget: 'input', dbType: 'string' }],
} as never;

describe('advanced query (spec 5.5)', () => {
  it('lists the main fields by column and groups each sub table with combined values', () => {
    const items = superQueryFields(main, [sub]);
    expect(items.map((i) => i.value)).toEqual(['order_no', 'order_date', 'tst_order_line']);
    expect(items[1].type).toBe('date');
    expect(items[2].children?.map((c) => [c.value, c.text])).toEqual([['tst_order_line,item_name', '品名']]);
    expect(findSuperQueryField(items, 'tst_order_line,item_name')?.text).toBe('品名');
  });

  it('keeps only the first value when switching away from in', () => {
    const c: SuperQueryCondition = { field: 'order_no', rule: 'eq', val: 'A' };
    const inRule = changeRule(c, 'in');
    expect(inRule.val).toEqual(['A']);
    expect(changeRule({ ...inRule, val: ['A', 'B'] }, 'like').val).toBe('A');
  });

  it('sends superQueryParams as URL-encoded JSON with the match type; in values comma-joined', () => {
    const p = superQueryParams(
      [
        { field: 'order_no', rule: 'like', val: 'SO', type: 'string' },
        { field: 'order_no', rule: 'in', val: ['A', 'B'] },
        { field: 'order_date', rule: 'ge', val: '', type: 'date' },
      ],
      'or',
    );
    expect(p.superQueryMatchType).toBe('or');
    expect(JSON.parse(decodeURIComponent(p.superQueryParams))).toEqual([
      { field: 'order_no', rule: 'like', val: 'SO', type: 'string' },
      { field: 'order_no', rule: 'in', val: 'A,B', type: 'string' },
    ]);
  });

  it('refuses an empty query with 不能查询空条件', () => {
    expect(() => superQueryParams([{ field: 'order_no', rule: 'eq', val: ' ' }], 'and')).toThrow('不能查询空条件');
  });

  it('checks saves with the exact warnings and stores under the prefix plus save code or route', () => {
    const store = new MemoryStore();
    const key = savedQueryKey(undefined, '/online/cgformList/tst_order');
    expect(key).toBe('JSuperQuerySaved_/online/cgformList/tst_order');
    expect(savedQueryKey('orders', '/x')).toBe('JSuperQuerySaved_orders');
    const conds: SuperQueryCondition[] = [{ field: 'order_no', rule: 'eq', val: 'A' }];
    expect(checkSave([], '查A', [{ field: 'order_no', rule: 'eq', val: '' }])).toEqual({ ok: false, warning: '空条件不能保存' });
    expect(checkSave([], ' ', conds)).toEqual({ ok: false, warning: '保存名称不能为空' });
    saveQuery(store, key, { title: '查A', matchType: 'and', records: conds });
    const list = loadSavedQueries(store, key);
    expect(list).toEqual([{ title: '查A', matchType: 'and', records: conds }]);
    expect(checkSave(list, '查A', conds)).toEqual({ ok: false, confirm: '查A 已存在，是否覆盖？' });
    saveQuery(store, key, { title: '查A', matchType: 'or', records: conds });
    expect(loadSavedQueries(store, key)).toHaveLength(1);
    expect(loadSavedQueries(store, key)[0].matchType).toBe('or');
    expect(removeSavedQuery(store, key, '查A')).toEqual([]);
    store.setItem(key, '{bad');
    expect(loadSavedQueries(store, key)).toEqual([]);
  });
});
