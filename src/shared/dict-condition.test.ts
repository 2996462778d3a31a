import { describe, expect, it } from 'vitest';
import { parseDictCondition, splitTableDict } from './dict-condition.js';

describe('table dictionary conditions', () => {
  it('accepts equality and in-lists joined by and', () => {
    expect(parseDictCondition("supplier_category='2'")).toEqual([{ column: 'supplier_category', values: ['2'] }]);
    expect(parseDictCondition("a in ('1', '2') and b = 'x'")).toEqual([
      { column: 'a', values: ['1', '2'] },
      { column: 'b', values: ['x'] },
    ]);
  });

  it('refuses anything else', () => {
    for (const bad of ["a='1' or 1=1", 'a=1', "a='1'; drop table x", "a like '%x'", "a='1' and", "(a='1')"])
      expect(parseDictCondition(bad)).toBeNull();
  });

  it('splits a dictionary code, keeping commas of the condition', () => {
    expect(splitTableDict("t,name,id,c in ('1','2')")).toEqual({ table: 't', text: 'name', code: 'id', condition: "c in ('1','2')" });
    expect(splitTableDict('sex')).toBeNull();
  });
});
