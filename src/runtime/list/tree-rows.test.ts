import { describe, expect, it } from 'vitest';
import { LIST_TEXT } from './list-texts.js';
import { rowsOfReply } from './tree-rows.js';

describe('tree replies (spec 7.3, 8)', () => {
  it('reads result as an array or result.records, with or without the envelope; ids become strings', () => {
    expect(rowsOfReply({ success: true, result: [{ id: 1, name: 'A' }] })).toEqual([{ id: '1', name: 'A' }]);
    expect(rowsOfReply({ success: true, result: { records: [{ id: 'b' }], total: 1 } })).toEqual([{ id: 'b' }]);
    expect(rowsOfReply([{ id: 5 }])).toEqual([{ id: '5' }]);
  });

  it('refuses any other shape with 返回数据类型无法识别', () => {
    for (const bad of [null, 'x', { success: true, result: 'nope' }, { success: true, result: { rows: [] } }, { records: [] }]) {
      expect(() => rowsOfReply(bad)).toThrow(LIST_TEXT.badTreeReply);
    }
  });
});
