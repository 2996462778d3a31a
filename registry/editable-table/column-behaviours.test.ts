import { describe, expect, it } from 'vitest';
import { addSettingsKey, DEFAULT_ADD_SETTINGS, normaliseAddSettings, readAddSettings, writeAddSettings } from './add-settings.js';
import type { EditableColumn } from './columns.js';
import { cellText, fieldOfColumn } from './display.js';
import { commitsOnChange } from './editor-focus.js';
import { ColumnLinkage, linkageClearPatch, linkageParentOf, linkedDescendants, staticLinkedOptions } from './linkage.js';
import { EditableTableModel } from './model.js';
import { compareValues, nextOrder, sortRows } from './sort.js';
import { departOptions, distinctValues, userOptions } from './picker-labels.js';
import { fakeRequest, okResult } from '../shared/fake-request.js';

const place: EditableColumn[] = [
  { key: 'province', title: '省', type: 'select', linkageKey: 'city', options: [{ value: 'gd', text: '广东' }] },
  {
    key: 'city',
    title: '市',
    type: 'select',
    linkageKey: 'district',
    options: [
      { value: 'gz', text: '广州', parent: 'gd' },
      { value: 'hz', text: '杭州', parent: 'zj' },
    ],
  },
  { key: 'district', title: '区', type: 'select' },
  { key: 'amount', title: '金额', type: 'inputNumber', sorter: true },
];

describe('sorter (spec 3 column sorter): client-side order of the shown rows', () => {
  const rows = [
    { id: 'a', amount: '30', name: '乙' },
    { id: 'b', amount: '5', name: '甲' },
    { id: 'c', amount: '', name: '丙' },
    { id: 'd', amount: '12.5', name: '甲' },
  ];
  it('numbers compare as numbers, text as zh-CN text, empties last in both directions', () => {
    expect(compareValues('5', '30')).toBeLessThan(0);
    expect(compareValues('-2', '1')).toBeLessThan(0);
    expect(compareValues('', '1')).toBeGreaterThan(0);
    const amount = place[3];
    expect(sortRows(rows, amount, 'asc').map((r) => r.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(sortRows(rows, amount, 'desc').map((r) => r.id)).toEqual(['a', 'd', 'b', 'c']);
    expect(sortRows(rows, amount).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('is stable for equal values and cycles none → asc → desc → none', () => {
    const name: EditableColumn = { key: 'name', title: '名称', type: 'input', sorter: true };
    const asc = sortRows(rows, name, 'asc').map((r) => r.id);
    expect(asc.indexOf('b')).toBeLessThan(asc.indexOf('d')); // 甲, 甲 keep their order
    expect([nextOrder(undefined), nextOrder('asc'), nextOrder('desc')]).toEqual(['asc', 'desc', undefined]);
  });
});

describe('linked columns (spec 3 linkageKey)', () => {
  it('finds parents and the descendant chain; a change clears the filled descendants', () => {
    expect(linkageParentOf(place, 'city')?.key).toBe('province');
    expect(linkedDescendants(place, 'province')).toEqual(['city', 'district']);
    const row = { id: 'r', province: 'gd', city: 'gz', district: 'd1' };
    expect(linkageClearPatch(place, 'province', row, 'gd', 'zj')).toEqual({ city: null, district: null });
    expect(linkageClearPatch(place, 'province', row, 'gd', 'gd')).toEqual({});
    expect(linkageClearPatch(place, 'amount', row, '1', '2')).toEqual({});
  });

  it('the model clears the child when the parent changes; static options follow the parent value', () => {
    const m = new EditableTableModel({ columns: place, rows: [{ id: 'r1', province: 'gd', city: 'gz', district: 'x' }] });
    m.setCell('r1', 'province', 'zj');
    expect(m.row('r1')).toMatchObject({ province: 'zj', city: null, district: null });
    expect(staticLinkedOptions(place[1], 'zj').map((o) => o.value)).toEqual(['hz']);
    expect(staticLinkedOptions(place[1], '')).toEqual([]);
  });

  it('a loader is called once per parent value; failures give no options and are retried', async () => {
    const calls: string[] = [];
    let fail = true;
    const linkage = new ColumnLinkage(place, async (child, pv) => {
      calls.push(`${child}:${String(pv)}`);
      if (pv === 'bad' && fail) throw new Error('down');
      return [{ value: `${String(pv)}-1`, text: '一' }];
    });
    const row = { id: 'r', province: 'gd' };
    expect(await linkage.optionsFor('city', row)).toEqual([{ value: 'gd-1', text: '一' }]);
    expect(await linkage.optionsFor('city', row)).toHaveLength(1);
    expect(linkage.knownOptions('city', row)).toEqual([{ value: 'gd-1', text: '一' }]);
    expect(await linkage.optionsFor('city', { id: 'r', province: '' })).toEqual([]);
    expect(await linkage.optionsFor('city', { id: 'r', province: 'bad' })).toEqual([]);
    fail = false;
    expect(await linkage.optionsFor('city', { id: 'r', province: 'bad' })).toHaveLength(1);
    expect(calls).toEqual(['city:gd', 'city:bad', 'city:bad']);
    expect(linkage.isChild('city')).toBe(true);
    expect(linkage.isChild('province')).toBe(false);
  });
});

describe('async rules (spec 5.4 handler): pending, then the message', () => {
  it('a cell is pending while its handler runs and shows the handler message after', async () => {
    let release: (ok: boolean) => void = () => undefined;
    const m = new EditableTableModel({
      columns: [
        {
          key: 'code',
          title: '编码',
          type: 'input',
          async: true,
          validateRules: [{ required: true }, { message: '编码已存在', handler: () => new Promise<boolean>((r) => (release = r)) }],
        },
      ],
      rows: [{ id: 'r1', code: '' }],
    });
    expect(m.setCell('r1', 'code', '')).toBe('编码不能为空');
    expect(m.isValidating('r1', 'code')).toBe(false);
    expect(m.setCell('r1', 'code', 'X1')).toBeNull();
    expect(m.isValidating('r1', 'code')).toBe(true);
    release(false);
    expect(await m.pending).toBe('编码已存在');
    expect(m.isValidating('r1', 'code')).toBe(false);
    expect(m.errorOf('r1', 'code')).toBe('编码已存在');
  });
});

describe('add-row settings under a local key (spec 5.4, 9)', () => {
  const store = new Map<string, string>();
  it('defaults to 1 row at index 0 without scrolling; normalises, stores under pro__editable-table-add:<key>, reads back', () => {
    expect(DEFAULT_ADD_SETTINGS).toEqual({ count: 1, position: 0, scroll: false });
    expect(normaliseAddSettings({ count: 0, position: -1 })).toEqual({ count: 1, position: 0, scroll: false });
    expect(normaliseAddSettings({ count: 2.5, position: 3, scroll: 'yes' as never })).toEqual({ count: 1, position: 3, scroll: false });
    const port = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    expect(readAddSettings(port, 't', { count: 3, position: 0 })).toEqual({ count: 3, position: 0, scroll: false });
    expect(writeAddSettings(port, 't', { count: 2, position: 1, scroll: true })).toEqual({ count: 2, position: 1, scroll: true });
    expect(JSON.parse(store.get('pro__' + addSettingsKey('t'))!).value).toEqual({ count: 2, position: 1, scroll: true });
    expect(readAddSettings(port, 't')).toEqual({ count: 2, position: 1, scroll: true });
    expect(readAddSettings(port, 'other')).toEqual({ count: 1, position: 0, scroll: false });
    // settings stored before the scroll choice existed read back with the table's default
    store.set('pro__' + addSettingsKey('old'), JSON.stringify({ value: { count: 4, position: 2 }, expire: null }));
    expect(readAddSettings(port, 'old')).toEqual({ count: 4, position: 2, scroll: false });
  });
});

describe('cell texts and editor commits', () => {
  it('shows loaded dictionary texts for a dictCode-only column, raw values for unknown ones', () => {
    const col: EditableColumn = { key: 'kind', title: '类别', type: 'list_multi', dictCode: 'demo_kind' };
    expect(cellText(col, 'a,b')).toBe('a,b');
    expect(cellText(col, 'a,z', [{ value: 'a', text: '甲类' }])).toBe('甲类,z');
  });
  it('single-value choosers commit when they emit; multi-value ones wait', () => {
    const c = (type: string, extra: Partial<EditableColumn> = {}): EditableColumn => ({ key: 'k', title: 't', type, ...extra });
    expect(commitsOnChange(c('select'), {})).toBe(true);
    expect(commitsOnChange(c('date'), {})).toBe(true);
    expect(commitsOnChange(c('sel_user'), { multi: true })).toBe(false);
    expect(commitsOnChange(c('list_multi'), {})).toBe(false);
    expect(commitsOnChange(c('input'), {})).toBe(false);
    expect(commitsOnChange(c('switch'), {})).toBe(false); // it emits its off value on mount
    expect(commitsOnChange(c('upload'), {})).toBe(true);
  });
  it('passes allowDownload / allowRemove of an upload column to its editor', () => {
    const f = fieldOfColumn({ key: 'doc', title: '文档', type: 'file', allowDownload: false, allowRemove: false });
    expect(f.extend).toMatchObject({ allowDownload: false, allowRemove: false });
  });
});

describe('picker cell texts (sel_user realnames, sel_depart names)', () => {
  it('asks getMultiUser only for missing keys and names departments from the tree', async () => {
    const request = fakeRequest((url, params) => {
      if (url === '/sys/user/getMultiUser')
        return okResult([{ username: 'zs', realname: '张三' }].filter((u) => String(params?.key).split(',').includes(u.username)));
      return okResult([{ id: 'd1', departName: '总部', children: [{ id: 'd11', departName: '财务部' }] }]);
    });
    expect(distinctValues([{ id: 'a', u: 'zs,ls' }, { id: 'b', u: 'zs' }, { id: 'c' }], 'u')).toEqual(['zs', 'ls']);
    expect(await userOptions(request, ['zs', 'ls', 'ww'], new Set(['ww']))).toEqual([
      { value: 'zs', text: '张三' },
      { value: 'ls', text: 'ls' },
    ]);
    expect(await userOptions(request, ['ww'], new Set(['ww']))).toEqual([]);
    expect(request.calls.filter(([u]) => u === '/sys/user/getMultiUser')).toHaveLength(1);
    const col: EditableColumn = { key: 'dept', title: '部门', type: 'sel_depart' };
    expect(await departOptions(request, col)).toEqual([
      { value: 'd1', text: '总部' },
      { value: 'd11', text: '财务部' },
    ]);
    expect(cellText(col, 'd11,d1', await departOptions(request, col))).toBe('财务部,总部');
  });
});
