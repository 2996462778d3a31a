import { describe, expect, it } from 'vitest';
import { addDictTexts } from './dict-text.js';

const dict = new Map([
  ['1', '男'],
  ['2', '女'],
]);
const calls: string[][] = [];
const dicts = {
  async translate(_code: string, values: readonly string[]) {
    calls.push([...values]);
    return new Map([...dict].filter(([k]) => values.includes(k)));
  },
};

describe('addDictTexts', () => {
  it('translates comma lists with one lookup per field, keeps unknown values, skips empty ones', async () => {
    calls.length = 0;
    const rows: Record<string, unknown>[] = [{ sex: '1' }, { sex: '1,2,9' }, { sex: null }, { sex: 2 }];
    await addDictTexts(dicts, rows, [{ key: 'sex', dictCode: 'sex' }]);
    expect(rows.map((r) => r.sex_dictText)).toEqual(['男', '男,女,9', undefined, '女']);
    expect(calls).toEqual([['1', '2', '9']]);
  });

  it('gives empty values the empty text when asked', async () => {
    const rows: Record<string, unknown>[] = [{ rank: '' }, { rank: '2' }];
    await addDictTexts(dicts, rows, [{ key: 'rank', dictCode: 'r' }], { isEmpty: (v) => !v, emptyText: '' });
    expect(rows.map((r) => r.rank_dictText)).toEqual(['', '女']);
  });
});
