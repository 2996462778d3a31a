import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { ScreenField } from './generated/screen-schema.js';
import { checkStorage, storageLimitOf, storageSchema } from './storage-limits.js';

const f = (over: Partial<ScreenField>): ScreenField => ({ name: 'x', title: '字段', widget: 'input', dbType: 'string', ...over });
const ajv = new Ajv({ allowUnionTypes: true });

describe('one table of storage limits', () => {
  it('resolves a field: dbLength overrides text length and decimal precision, dbPointLength the scale', () => {
    expect(storageLimitOf(f({}))).toEqual({ kind: 'text', maxLength: 255 });
    expect(storageLimitOf(f({ dbLength: 20 }))).toEqual({ kind: 'text', maxLength: 20 });
    expect(storageLimitOf(f({ dbType: 'Text' }))).toEqual({ kind: 'text' });
    expect(storageLimitOf(f({ dbType: 'BigDecimal' }))).toEqual({ kind: 'decimal', precision: 18, scale: 2 });
    expect(storageLimitOf(f({ dbType: 'BigDecimal', dbLength: 6, dbPointLength: 3 }))).toEqual({ kind: 'decimal', precision: 6, scale: 3 });
    expect(storageLimitOf(f({ dbType: 'blob' as ScreenField['dbType'] }))).toBeNull();
  });

  // the imperative check and the JSON Schema come from the same table: they accept the same values
  const fields: Partial<ScreenField>[] = [
    { dbLength: 3 },
    {},
    { dbType: 'Text' },
    { dbType: 'int' },
    { dbType: 'double' },
    { dbType: 'BigDecimal' },
    { dbType: 'BigDecimal', dbLength: 6, dbPointLength: 2 },
    { dbType: 'BigDecimal', dbLength: 4, dbPointLength: 0 },
    { dbType: 'BigDecimal', dbLength: 2, dbPointLength: 2 },
    { dbType: 'Date' },
    { dbType: 'Datetime' },
  ];
  // wire values as strings, plus JSON numbers where a schema can bound them (int, double)
  const strings = ['abc', 'abcd', '中文字', 'x'.repeat(256), '12', '-7', '007', '1.5', '-0.25', '1.2.3', 'abc1', '1234.56', '12345.6'];
  const more = ['1.234', '9999', '0.12', '5.12', '0.1', '00.5', '2024-02-28', '2024/02/28', '2024-01-31 23:59:59', '2024-01-31'];
  const numbers = [12, -7, 2147483647, 2147483648, -2147483649, 1.5];
  it.each(fields)('check and schema agree: %j', (over) => {
    const field = f(over);
    const validate = ajv.compile(storageSchema(field));
    const limit = storageLimitOf(field)!;
    const values = [...strings, ...more, ...(limit.kind === 'integer' || limit.kind === 'number' ? numbers : [])];
    for (const value of values) {
      // a schema knows formats, not calendars: real dates are the check's alone
      if (limit.kind === 'date' || limit.kind === 'datetime') continue;
      // nor the range of an integer string
      if (limit.kind === 'integer' && typeof value === 'string' && Math.abs(Number(value)) > 2147483647) continue;
      expect(checkStorage(field, value) === null, `${JSON.stringify(over)} ${String(value)}`).toBe(validate(value));
    }
  });
});
