import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { ScreenField } from './generated/screen-schema.js';
import { builtinValueSchema } from './value-schema.js';

const ajv = new Ajv({ allowUnionTypes: true });
const check = (field: Partial<ScreenField>, values: unknown[]) => {
  const validate = ajv.compile(builtinValueSchema({ name: 'v', title: 'V', widget: 'input', dbType: 'string', ...field }));
  return values.map((v) => validate(v));
};

describe('builtinValueSchema', () => {
  it('strings within dbLength (default 255), counting characters', () => {
    expect(check({ dbLength: 2 }, ['ab', '中文', 'abc', null, '', 5])).toEqual([true, true, false, true, true, false]);
    expect(check({}, ['x'.repeat(255), 'x'.repeat(256)])).toEqual([true, false]);
    expect(check({ dbType: 'Text' }, ['x'.repeat(9999)])).toEqual([true]);
  });
  it('int: integers or integer strings in range', () => {
    expect(check({ dbType: 'int' }, [1, '-2', '', null, 1.5, '1.5', 'a', 2147483648])).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
  it('double: numbers or numeric strings', () => {
    expect(check({ dbType: 'double' }, [1.5, '-2.25', 'x'])).toEqual([true, true, false]);
  });
  it('BigDecimal within precision and scale', () => {
    expect(
      check({ dbType: 'BigDecimal', dbLength: 6, dbPointLength: 2 }, ['1234.56', 1234.5, '12345.6', '1.234', 10000, -9999.99]),
    ).toEqual([true, true, false, false, false, true]);
    expect(check({ dbType: 'BigDecimal', dbLength: 4, dbPointLength: 0 }, ['1234', '1.5'])).toEqual([true, false]);
  });
  it('Date and Datetime strings', () => {
    expect(check({ dbType: 'Date' }, ['2024-01-02', '2024-1-2', null])).toEqual([true, false, true]);
    expect(check({ dbType: 'Datetime' }, ['2024-01-02 03:04:05', '2024-01-02'])).toEqual([true, false]);
  });
  it('switch values are its options', () => {
    expect(check({ widget: 'switch' }, ['Y', 'N', 'X', null])).toEqual([true, true, false, true]);
    expect(check({ widget: 'switch', extend: { options: ['1', '0'] } }, ['1', 'Y'])).toEqual([true, false]);
  });
});
