import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScreenField, ScreenSchema } from '../../../../shared/generated/screen-schema';
import { applyIndexes, dbTypeDefaults, fieldToRow, indexRows, newFieldRow, reorder, rowToField, widgetDefaults } from './fieldRows';

function screens(dir = 'schemas'): ScreenSchema[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return n === 'meta' || n === 'reports' ? [] : screens(p);
    return n.endsWith('.json') ? [JSON.parse(readFileSync(p, 'utf8')) as ScreenSchema] : [];
  });
}

/** Drops the flags equal to the runtime's defaults (showList/showForm true, readOnly/required false). */
function normal(f: ScreenField): ScreenField {
  const out = { ...f } as Record<string, unknown>;
  for (const k of ['showList', 'showForm'] as const) if (out[k] === true) delete out[k];
  for (const k of ['readOnly', 'required'] as const) if (out[k] === false) delete out[k];
  if (out.validMessage !== undefined && out.validType === undefined) delete out.validMessage;
  return out as unknown as ScreenField;
}

describe('designer field rows', () => {
  const all = screens();
  it('give every file screen field back unchanged through the grid row', () => {
    expect(all.length).toBeGreaterThan(50);
    for (const s of all)
      for (const f of s.fields) expect({ screen: s.id, field: rowToField(fieldToRow(f)) }).toEqual({ screen: s.id, field: normal(f) });
  });

  it('give unique fields and unique keys back through the 索引 rows', () => {
    for (const s of all) {
      const back = applyIndexes(s.fields, indexRows(s), s.uniqueKeys);
      expect(back.fields.filter((f) => f.unique).map((f) => f.name)).toEqual(s.fields.filter((f) => f.unique).map((f) => f.name));
      expect(back.uniqueKeys).toEqual(s.uniqueKeys ?? []);
    }
  });

  it('rename a column to its camelCase field name and drop a cleared popup setting', () => {
    const row = fieldToRow({
      name: 'vehicleId',
      title: '车辆',
      widget: 'popup',
      dbType: 'string',
      dbLength: 32,
      extend: { popupCode: 'rp_x', orgFields: 'id', destFields: 'vehicleId' },
    });
    expect(rowToField({ ...row, dbFieldName: 'car_no', popupCode: '', orgFields: '', destFields: '' })).toEqual({
      name: 'carNo',
      title: '车辆',
      widget: 'popup',
      dbType: 'string',
      dbLength: 32,
    });
  });

  it('give a new field the widget defaults', () => {
    expect(newFieldRow(3, 'inputNumber', 'BigDecimal')).toMatchObject({
      dbFieldName: 'field_3',
      dbType: 'BigDecimal',
      dbLength: 18,
      dbPointLength: 2,
    });
    expect(widgetDefaults('textarea', 'Text')).toMatchObject({ dbType: 'Text', dbLength: null, showList: false });
    expect(widgetDefaults('sel_user', 'string')).toMatchObject({ dbLength: 500 });
    expect(widgetDefaults('textarea', 'string')).toMatchObject({ dbLength: 500, showList: false });
    expect(widgetDefaults('input', 'string')).toMatchObject({ dbLength: 32, showList: true });
    expect(dbTypeDefaults('BigDecimal')).toEqual({ dbLength: 18, dbPointLength: 2 });
    expect(dbTypeDefaults('Datetime')).toEqual({ dbLength: null, dbPointLength: null });
    expect(widgetDefaults('date', 'Date')).toMatchObject({ dbType: 'Date', dbLength: null });
    expect(rowToField(newFieldRow(1, 'date', 'Date'))).toEqual({ name: 'field1', title: '字段1', widget: 'date', dbType: 'Date' });
  });

  it('reorder rows by their new order', () => {
    expect(reorder(['a', 'b', 'c'], [2, 0, 1])).toEqual(['c', 'a', 'b']);
  });
});
