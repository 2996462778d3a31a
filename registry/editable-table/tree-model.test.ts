import { describe, expect, it } from 'vitest';
import { EDITABLE_TABLE_TEXT as T } from '../shared/locale.js';
import { idsOfRemoveArg, rowsOfReply, TreeTableModel } from './tree-model.js';

describe('tree table (spec 3, 4.4, 7.3, 8)', () => {
  it('loads the top with the key query and children lazily, once; no children makes a leaf', async () => {
    const calls: Array<[string, Record<string, string>]> = [];
    const data: Record<string, unknown> = {
      '0': {
        success: true,
        result: [
          { id: '1', name: 'A', hasChildren: true },
          { id: '2', name: 'B', hasChildren: true },
        ],
      },
      '1': { success: true, result: { records: [{ id: '11', name: 'A1', hasChildren: true }] } },
      '2': { success: true, result: [] },
    };
    const m = new TreeTableModel(
      { url: '/t/list', childrenUrl: '/t/children', pkey: 'pid', params: { tenant: 1 }, condition: { a: 1 } },
      async (url, q) => {
        calls.push([url, q]);
        return data[q.pid];
      },
    );
    await m.loadTop();
    expect(calls[0]).toEqual(['/t/list', { tenant: '1', pid: '0', condition: '{"a":1}' }]);
    expect(await m.expand('1')).toHaveLength(1);
    expect(calls[1][0]).toBe('/t/children');
    expect(m.visible().map((v) => [v.row.id, v.depth])).toEqual([
      ['1', 0],
      ['11', 1],
      ['2', 0],
    ]);
    m.collapse('1');
    await m.expand('1');
    expect(calls).toHaveLength(2); // loaded once
    await m.expand('2');
    expect(m.find('2')).toMatchObject({ hasChildren: false });
    expect(m.find('2')!.children).toBeUndefined();
  });

  it('default key parentId; a bad reply rejects with the spec 8 message', async () => {
    const seen: Array<Record<string, string>> = [];
    const m = new TreeTableModel({ url: '/t' }, async (_u, q) => {
      seen.push(q);
      return { success: true, result: 'nope' };
    });
    await expect(m.loadTop()).rejects.toThrow(T.badTreeReply);
    expect(seen[0]).toEqual({ parentId: '0' });
    expect(() => rowsOfReply(null)).toThrow(T.badTreeReply);
    expect(rowsOfReply([{ id: 5 }])).toEqual([{ id: '5' }]);
  });

  it('removeRows takes ids, comma lists or rows; throws for anything else', async () => {
    const m = new TreeTableModel({ url: '/t' }, async () => ({ result: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] }));
    await m.loadTop();
    expect(m.removeRows('a,b')).toEqual(['a', 'b']);
    expect(m.removeRows([{ id: 'c' }])).toEqual(['c']);
    expect(() => m.removeRows(5)).toThrow(TypeError);
    expect(() => idsOfRemoveArg({ id: 'x' })).toThrow(T.badRemoveArg);
  });
});
