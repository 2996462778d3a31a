import { describe, expect, it } from 'vitest';
import { compareDataVersions, parseDataContent } from './data-log-compare';

describe('compareDataVersions', () => {
  it('lines up every field of both versions and flags the changed ones', () => {
    const diff = compareDataVersions(
      JSON.stringify({ id: '1', name: '旧名称', amount: 10, memo: null }),
      JSON.stringify({ id: '1', name: '新名称', amount: 10, extra: 'x' }),
    );
    expect(diff).toEqual([
      { field: 'id', value1: '1', value2: '1', changed: false },
      { field: 'name', value1: '旧名称', value2: '新名称', changed: true },
      { field: 'amount', value1: '10', value2: '10', changed: false },
      { field: 'memo', value1: '', value2: '', changed: false },
      { field: 'extra', value1: '', value2: 'x', changed: true },
    ]);
  });

  it('treats broken or non-object content as an empty version', () => {
    expect(parseDataContent('not json')).toEqual({});
    expect(parseDataContent('[1,2]')).toEqual({});
    expect(parseDataContent(undefined)).toEqual({});
    expect(compareDataVersions('{"a":1}', 'oops')).toEqual([{ field: 'a', value1: '1', value2: '', changed: true }]);
  });
});
