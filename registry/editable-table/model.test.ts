import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDITABLE_TABLE_TEXT as T } from '../shared/locale.js';
import { columnWidths, type EditableColumn } from './columns.js';
import { decimalAverage, decimalSum } from './decimal.js';
import { EditableTableModel, isTempId, TableValidationError } from './model.js';
import { perfColumns, perfRows } from './perf-fixture.js';

const cols: EditableColumn[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true, message: '请输入名称' }] },
  { key: 'code', title: '编码', type: 'input', validateRules: [{ required: true }, { pattern: 'only', message: '编码不能重复' }] },
  { key: 'phone', title: '手机', type: 'input', validateRules: [{ pattern: 'm' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum', 'average'], defaultValue: '1' },
];

function model(rows: Array<Record<string, unknown>> = [], extra: Partial<ConstructorParameters<typeof EditableTableModel>[0]> = {}) {
  return new EditableTableModel({ columns: cols, rows, ...extra });
}

describe('editable table model: rows, temp ids, add-row settings (spec 3, 4.4, 5.4)', () => {
  it('gives new rows temp ids and defaults; saved rows keep theirs', () => {
    const m = model([{ id: 's1', name: 'a' }]);
    const [r] = m.addRows();
    expect(isTempId(r.id)).toBe(true);
    expect(isTempId('s1')).toBe(false);
    expect(r.qty).toBe('1');
    expect(m.rows.map((x) => x.id)).toEqual(['s1', r.id]);
  });

  it('count at least 1; position 0 appends, n inserts at n-1, clamped to the row count', () => {
    const m = model([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(m.addRows({ count: 0 })).toHaveLength(1);
    expect(m.addRows({ count: -3 })).toHaveLength(1);
    expect(m.addRows({ count: 2.5 })).toHaveLength(1);
    expect(m.rows).toHaveLength(6);
    const two = m.addRows({ count: 2, position: 1 });
    expect(m.rows.slice(0, 2).map((r) => r.id)).toEqual(two.map((r) => r.id));
    const far = m.addRows({ position: 999 });
    expect(m.rows[m.rows.length - 1].id).toBe(far[0].id);
    const below = m.insertBelow('a');
    expect(m.indexOf(below[0].id)).toBe(m.indexOf('a') + 1);
  });

  it('delete list: saved ids kept once, temp ids not', () => {
    const m = model([{ id: 's1' }, { id: 's2' }]);
    const [t] = m.addRows();
    m.removeRows(['s1', t.id]);
    m.removeRows(['s1']);
    expect(m.deleteIds).toEqual(['s1']);
    expect(m.rows.map((r) => r.id)).toEqual(['s2']);
    m.setSelected('s2', true);
    expect(m.removeSelected()).toEqual(['s2']);
    expect(m.deleteIds).toEqual(['s1', 's2']);
    m.setRows([{ id: 'x' }]);
    expect(m.deleteIds).toEqual([]);
  });

  it('removeRows takes an id, a comma list or rows; throws a TypeError for anything else (spec 8)', () => {
    const m = model([{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]);
    expect(m.removeRows('a')).toEqual(['a']);
    expect(m.removeRows('b,c')).toEqual(['b', 'c']);
    expect(m.removeRows([{ id: 'd' }])).toEqual(['d']);
    expect(() => m.removeRows(5 as unknown as string)).toThrow(TypeError);
    expect(() => m.removeRows({ id: 'x' } as unknown as string)).toThrow(T.badRemoveArg);
  });
});

describe('drag sort and move (spec 4.4)', () => {
  it('move up/down disabled at the ends; moves write dragSortKey (default orderNum)', () => {
    const m = model([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(m.canMoveUp('a')).toBe(false);
    expect(m.canMoveDown('c')).toBe(false);
    expect(m.moveUp('a')).toBe(false);
    expect(m.moveDown('c')).toBe(false);
    expect(m.moveDown('a')).toBe(true);
    expect(m.rows.map((r) => [r.id, r.orderNum])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 3],
    ]);
    expect(m.move(2, 0)).toBe(true);
    expect(m.rows.map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(m.move(0, 5)).toBe(false);
  });

  it('a custom dragSortKey; with dragSort on, adds renumber too', () => {
    const m = model([{ id: 'a' }, { id: 'b' }], { dragSortKey: 'sortNo', dragSort: true });
    m.addRows({ position: 1 });
    expect(m.rows.map((r) => r.sortNo)).toEqual([1, 2, 3]);
    expect(m.rows[1].orderNum).toBeUndefined();
  });
});

describe('disabled rows and selection', () => {
  it('rows matching disabledRows cannot be selected or edited', () => {
    const m = model(
      [
        { id: 'a', status: '2' },
        { id: 'b', status: '1' },
      ],
      { disabledRows: { status: ['2', '3'] } },
    );
    expect(m.setSelected('a', true)).toBe(false);
    m.selectAll();
    expect(m.selectedIds).toEqual(['b']);
    expect(m.isCellDisabled(m.row('a')!, 'name')).toBe(true);
    expect(m.isCellDisabled(m.row('b')!, 'name')).toBe(false);
    m.clearSelection();
    expect(m.selectedIds).toEqual([]);
  });
});

describe('validation (spec 5.4)', () => {
  it('first failing rule wins, with the rule message or the default', () => {
    const m = model([{ id: 'a' }, { id: 'b' }]);
    expect(m.setCell('a', 'name', '')).toBe('请输入名称');
    expect(m.setCell('a', 'code', '')).toBe(T.required('编码'));
    expect(m.setCell('a', 'phone', '12345678901')).toBe('请输入正确的手机号码');
    expect(m.setCell('a', 'phone', '13812345678')).toBeNull();
    expect(m.setCell('a', 'phone', '')).toBeNull(); // patterns only on non-empty values
  });

  it('unique (only) across rows; fixing one clears the other', () => {
    const m = model([{ id: 'a', code: 'X' }, { id: 'b' }]);
    expect(m.setCell('b', 'code', 'X')).toBe('编码不能重复');
    expect(m.errorOf('a', 'code')).toBe('编码不能重复');
    m.setCell('b', 'code', 'Y');
    expect(m.errorOf('a', 'code')).toBeUndefined();
  });

  it.each([
    ['n6-16', '12345', '123456'],
    ['*6-16', 'abc', 'abc def'],
    ['s6-18', 'abc123', 'abcdef'],
    ['url', 'not a url', 'https://example.com/a'],
    ['e', 'a@', 'a@b.cn'],
    ['m', '12812345678', '13912345678'],
    ['p', '12345', '100000'],
    ['s', 'a1', 'ab'],
    ['n', '1.2.3', '-1.25'],
    ['z', '1.5', '-12'],
    ['money', '1.234', '1.23'],
    ['^A\\d+$', 'B1', 'A12'],
  ])('pattern %s rejects %s and accepts %s', (pattern, bad, good) => {
    const m = new EditableTableModel({
      columns: [{ key: 'v', title: '值', type: 'input', validateRules: [{ pattern }] }],
      rows: [{ id: 'a' }],
    });
    expect(m.setCell('a', 'v', bad)).toBeTruthy();
    expect(m.setCell('a', 'v', good)).toBeNull();
  });

  it('* is non-empty; a RegExp rule uses its message', () => {
    const m = new EditableTableModel({
      columns: [
        { key: 'v', title: '值', type: 'input', validateRules: [{ pattern: '*' }] },
        { key: 'w', title: '宽', type: 'input', validateRules: [{ pattern: /^\d+$/, message: '只能是数字' }] },
      ],
      rows: [{ id: 'a' }],
    });
    expect(m.setCell('a', 'v', ' ')).toBe('该字段不能为空');
    expect(m.setCell('a', 'w', 'x')).toBe('只能是数字');
  });

  it('an async handler validates after the sync rules; getValues rejects on any failure', async () => {
    const columns: EditableColumn[] = [
      {
        key: 'v',
        title: '值',
        type: 'input',
        validateRules: [
          { required: true },
          { handler: async ({ value }) => (value === 'taken' ? '已被占用' : true) },
          { handler: ({ value }) => value !== 'no', message: '不可以' },
        ],
      },
    ];
    const m = new EditableTableModel({ columns, rows: [{ id: 'a', v: 'ok' }] });
    expect(m.setCell('a', 'v', 'taken')).toBeNull();
    expect(await m.pending).toBe('已被占用');
    expect(m.errorOf('a', 'v')).toBe('已被占用');
    m.setCell('a', 'v', 'no');
    expect(await m.pending).toBe('不可以');
    m.setCell('a', 'v', 'fine');
    expect(await m.pending).toBeNull();
    await expect(m.getValues()).resolves.toMatchObject({ rows: [{ id: 'a', v: 'fine' }] });
    m.addRows();
    const err = await m.getValues().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TableValidationError);
    expect((err as TableValidationError).errors).toEqual([{ rowId: m.rows[1].id, key: 'v', message: T.required('值') }]);
  });

  it('getValues resolves rows and the delete list when valid', async () => {
    const m = model([
      { id: 's1', name: 'a', code: 'A' },
      { id: 's2', name: 'b', code: 'B' },
    ]);
    m.removeRows(['s2']);
    await expect(m.getValues()).resolves.toEqual({ rows: [{ id: 's1', name: 'a', code: 'A' }], deleteIds: ['s2'] });
  });
});

describe('statistics row (spec 9; docs/architecture.md "Spec quirks and deviations": exact decimals)', () => {
  it('sums and averages exactly, skipping non-numbers', () => {
    const m = model([
      { id: 'a', qty: '0.1' },
      { id: 'b', qty: 0.2 },
      { id: 'c', qty: '1,000.05' },
      { id: 'd', qty: '' },
      { id: 'e', qty: 'x' },
    ]);
    expect(m.hasStatistics).toBe(true);
    expect(m.statistics()).toEqual({ qty: { sum: '1000.35', average: '333.45' } });
  });

  it('decimal helpers: negative values, rounding half up, empty', () => {
    expect(decimalSum(['-1.5', '0.25']).text).toBe('-1.25');
    expect(decimalAverage(['1', '2'])).toBe('1.50');
    expect(decimalAverage(['1', '1', '2'])).toBe('1.33');
    expect(decimalAverage(['-1', '-1', '-2'])).toBe('-1.33');
    expect(decimalAverage(['0.005', '0'])).toBe('0.003');
    expect(decimalAverage([])).toBe('0');
    expect(decimalSum([]).text).toBe('0');
  });
});

describe('the 1500 ms insert guard (spec 5.4)', () => {
  it('refuses a second insert within 1500 ms', () => {
    let t = 10_000;
    const m = model([], { now: () => t });
    expect(m.tryInsert()).toBe(true);
    t += 1499;
    expect(m.tryInsert()).toBe(false);
    t += 1;
    expect(m.tryInsert()).toBe(true);
    expect(T.tooFast).toBe('您点击得太快了，请慢一点！');
  });
});

describe('column widths (spec 9)', () => {
  it('share 92% else 120; datetime 200, user 220, department 160; minimums', () => {
    const c = (type: string, width?: number | string): EditableColumn => ({ key: type, title: type, type, width });
    expect(columnWidths([c('input'), c('input')], 1000)).toEqual([460, 460]);
    expect(columnWidths([c('input'), c('input')], 200)).toEqual([120, 120]);
    expect(columnWidths([c('datetime'), c('sel_user'), c('sel_depart'), c('input')])).toEqual([200, 220, 190, 120]);
    expect(columnWidths([c('datetime', 100), c('date', 100), c('input', '10%'), c('hidden')], 1000)).toEqual([190, 135, 100, 0]);
  });
});

describe('rows changed from outside: setValues, pushed rows and the reload effect (spec 9: 1400 ms)', () => {
  afterEach(() => vi.useRealTimers());

  it('sets values of known rows and columns only, checks them, and marks the changed cells for 1400 ms', () => {
    vi.useFakeTimers();
    const m = model(
      [
        { id: 'a', name: 'x', code: 'A' },
        { id: 'b', name: 'y', code: 'B' },
      ],
      { reloadEffect: true },
    );
    let emitted = 0;
    m.subscribe(() => emitted++);
    const changed = m.setValues([
      { rowKey: 'a', values: { name: 'x', phone: '123', nope: 1, id: 'zz' } },
      { rowKey: 'missing', values: { name: 'q' } },
      { rowKey: 'b', values: { code: 'A' } },
    ]);
    expect(changed).toEqual([
      ['a', 'phone'],
      ['b', 'code'],
    ]);
    expect(m.row('a')).toEqual({ id: 'a', name: 'x', code: 'A', phone: '123' });
    expect(m.errorOf('a', 'phone')).toBe('请输入正确的手机号码');
    expect(m.errorOf('b', 'code')).toBe('编码不能重复');
    expect(m.isReloading('a', 'phone')).toBe(true);
    expect(m.isReloading('a', 'name')).toBe(false);
    const before = emitted;
    vi.advanceTimersByTime(1_399); // spec 9: 1400 ms, written out
    expect(m.isReloading('b', 'code')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(m.isReloading('b', 'code')).toBe(false);
    expect(emitted).toBe(before + 1);
  });

  it('copies a pushed row onto the row with its id, without the effect unless reloadEffect is on', () => {
    const m = model([{ id: 'a', name: 'x' }]);
    expect(m.applyRemoteRow({ id: 'a', name: '乙', orderNum: 3 })).toEqual([
      ['a', 'name'],
      ['a', 'orderNum'],
    ]);
    expect(m.row('a')).toEqual({ id: 'a', name: '乙', orderNum: 3 });
    expect(m.isReloading('a', 'name')).toBe(false);
    expect(m.applyRemoteRow({ id: 'nobody', name: 'z' })).toEqual([]);
    expect(m.applyRemoteRow({ name: 'z' })).toEqual([]);
    const e = model([{ id: 'a', name: 'x' }], { reloadEffect: true });
    e.applyRemoteRow({ id: 'a', name: '丙' });
    expect(e.isReloading('a', 'name')).toBe(true);
    e.setRows([{ id: 'a', name: '丁' }]);
    expect(e.isReloading('a', 'name')).toBe(false);
  });
});

describe('performance: 10,000 rows × 12 columns', () => {
  it('validates every row in well under a second', async () => {
    const m = new EditableTableModel({ columns: perfColumns(), rows: perfRows(10_000) });
    const t0 = performance.now();
    const errors = await m.validateAll();
    const ms = performance.now() - t0;
    expect(errors).toEqual([]);
    expect(ms).toBeLessThan(1000);
    m.setCell('r5', 'code', 'C000004');
    expect(m.errorOf('r4', 'code')).toBe(T.unique('编码'));
  });
});
