import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { ScreenField } from '../src/shared/generated/screen-schema.js';
import { defaultRegistry, valueSchemaOf } from './index.js';
import { builtinValueSchema } from '../src/shared/value-schema.js';

const ajv = new Ajv({ allowUnionTypes: true, strict: false });
const field = (widget: string, extra: Partial<ScreenField> = {}): ScreenField => ({
  name: 'v',
  title: 'V',
  widget,
  dbType: 'string',
  dbLength: 100,
  ...extra,
});
const check = (f: ScreenField, values: unknown[]) => {
  const validate = ajv.compile(builtinValueSchema(f));
  return values.map((v) => validate(v));
};

describe('per-widget value schemas (spec 3, 9)', () => {
  it('date, datetime and time keep their formats even in a string column', () => {
    expect(check(field('date'), ['2026-03-02', '2026/03/02', '', null])).toEqual([true, false, true, true]);
    expect(check(field('date', { extend: { picker: 'month' } }), ['2026-03', '2026-03-02'])).toEqual([true, false]);
    expect(check(field('datetime'), ['2026-03-02 08:30:00', '2026-03-02'])).toEqual([true, false]);
    expect(check(field('time'), ['08:30:00', '8:30'])).toEqual([true, false]);
  });
  it('a number input in a string column holds a number', () => {
    expect(check(field('inputNumber'), ['-12.5', '12a', 3])).toEqual([true, false, false]);
  });
  it('two-state widgets hold their options', () => {
    expect(check(field('checkbox_meta'), ['Y', 'N', 'X'])).toEqual([true, true, false]);
    expect(check(field('checkbox'), ['Y', 'maybe'])).toEqual([true, false]);
    expect(check(field('switch', { extend: { options: ['1', '0'] } }), ['1', 'Y'])).toEqual([true, false]);
  });
  it('multi-value widgets hold a clean comma list', () => {
    for (const w of ['list_multi', 'sel_user', 'sel_depart', 'sel_tree', 'cat_tree'])
      expect(check(field(w), ['a,b', 'a', '', 'a,,b', ',a', 'a, b'])).toEqual([true, true, true, false, false, false]);
    expect(check(field('checkbox', { dictCode: 'sex' }), ['1,2', '1,'])).toEqual([true, false]);
  });
  it('every widget keeps the column length', () => {
    for (const w of ['input', 'list_multi', 'popup', 'link_down', 'input_pop', 'normal', 'slot', 'date'])
      expect(check(field(w, { dbLength: 3 }), ['abcd'])).toEqual([false]);
  });
});

describe('the registry and the server validate alike', () => {
  const samples = [
    '',
    null,
    'Y',
    'N',
    'a,b',
    'a,,b',
    '2026-03-02',
    '2026-03-02 08:30:00',
    '08:30:00',
    '-12.5',
    12,
    'x'.repeat(300),
    { $gt: '' },
  ];
  it('each built-in definition accepts exactly what builtinValueSchema accepts', () => {
    for (const def of defaultRegistry.list()) {
      const f = field(def.type, { dbType: def.defaultDbType, dbLength: def.defaultDbType === 'string' ? 255 : undefined });
      const mine = ajv.compile(valueSchemaOf(def, f));
      const server = ajv.compile(builtinValueSchema(f));
      for (const v of samples) expect(mine(v), `${def.type} ${JSON.stringify(v)}`).toBe(server(v));
    }
  });
});
