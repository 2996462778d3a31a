import { describe, expect, it } from 'vitest';
import { applyColumnSettings, formatThousands, loadColumnSettings, saveColumnSettings } from './column-settings.js';
import { importPartial, isExcelFile, withRetries } from './list-texts.js';

class MemoryStore {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

describe('column settings (spec 4.4)', () => {
  it('keeps order and hidden columns per screen; new schema columns come after', () => {
    const store = new MemoryStore();
    saveColumnSettings(store, 'tst_order', { order: ['b', 'a', 'gone'], hidden: ['c'] });
    const s = loadColumnSettings(store, 'tst_order');
    expect(applyColumnSettings(['a', 'b', 'c', 'd'], s)).toEqual(['b', 'a', 'd']);
    expect(loadColumnSettings(store, 'other')).toBeNull();
    saveColumnSettings(store, 'tst_order', null);
    expect(applyColumnSettings(['a', 'b'], loadColumnSettings(store, 'tst_order'))).toEqual(['a', 'b']);
  });

  it('formats numbers with thousands separators', () => {
    expect(formatThousands(1234567.5)).toBe('1,234,567.5');
    expect(formatThousands('-1000')).toBe('-1,000');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands('abc')).toBe('abc');
    expect(formatThousands(null)).toBe('');
  });
});

describe('list helpers', () => {
  it('reads both 201 import answers', () => {
    expect(importPartial({ message: '文件导入成功，但有错误。', result: '/sys/common/static/import_error/err.xlsx' })).toEqual({
      message: '文件导入成功，但有错误。',
      fileUrl: 'import_error/err.xlsx',
    });
    expect(importPartial({ message: 'x', result: { msg: '共2行，成功1行，失败1行', fileUrl: 'e.xlsx', totalCount: 2 } })).toEqual({
      message: '共2行，成功1行，失败1行',
      fileUrl: 'e.xlsx',
    });
  });
  it('accepts xlsx only, as the server', () => {
    expect(isExcelFile('a.XLSX')).toBe(true);
    expect(isExcelFile('a.xls')).toBe(false);
    expect(isExcelFile('a.csv')).toBe(false);
  });
  it('tries a sub table three times before failing', async () => {
    let n = 0;
    await expect(
      withRetries(async () => {
        n++;
        throw new Error('x');
      }),
    ).rejects.toThrow();
    expect(n).toBe(3);
    n = 0;
    expect(await withRetries(async () => (++n < 2 ? Promise.reject(new Error('x')) : 'ok'))).toBe('ok');
  });
});

describe('tree rows (spec 4.4)', () => {
  it('offers expansion on has-child rows and turns a node without children into a leaf', async () => {
    const { attachChildren, treeRows } = await import('./tree-rows.js');
    const roots = treeRows(
      [
        { id: '1', has_child: '1' },
        { id: '2', has_child: '0' },
      ],
      'has_child',
    );
    expect(roots).toEqual([
      { id: '1', has_child: '1', children: [] },
      { id: '2', has_child: '0' },
    ]);
    const withKids = attachChildren(roots, '1', [{ id: '3', has_child: '1' }], 'has_child');
    expect(withKids[0].children).toEqual([{ id: '3', has_child: '1', children: [] }]);
    const leaf = attachChildren(withKids, '3', [], 'has_child');
    expect(leaf[0].children?.[0]).toEqual({ id: '3', has_child: '1' });
  });
});
