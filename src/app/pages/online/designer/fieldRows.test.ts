import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScreenField, ScreenSchema } from '../../../../shared/generated/screen-schema';
import { fieldColumns, queryWidgets } from './tabColumns';
import { applyIndexes, dbTypeDefaults, fieldToRow, indexRows, newFieldRow, reorder, rowToField, widgetDefaults } from './fieldRows';

function screens(dir = 'schemas'): ScreenSchema[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return n === 'meta' || n === 'reports' ? [] : screens(p);
    return n.endsWith('.json') ? [JSON.parse(readFileSync(p, 'utf8')) as ScreenSchema] : [];
  });
}

/** Drops the flags equal to the runtime's defaults (showList/showForm/sortable true, readOnly/required false). */
function normal(f: ScreenField): ScreenField {
  const out = { ...f } as Record<string, unknown>;
  for (const k of ['showList', 'showForm', 'sortable'] as const) if (out[k] === true) delete out[k];
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
      expect(back.indexes).toEqual(s.indexes ?? []);
    }
  });

  it('give normal indexes back through the 索引 rows, keeping a chosen name and dropping a default one', () => {
    const s: ScreenSchema = {
      id: 't',
      title: 'T',
      tableName: 't',
      tableType: 'single',
      template: 'normal',
      authPre: 't',
      indexes: [{ fields: ['orderNo', 'code'] }, { name: 'idx_by_code', fields: ['code'] }],
      fields: [
        { name: 'code', title: '编码', widget: 'input', dbType: 'string', unique: true },
        { name: 'orderNo', title: '单号', widget: 'input', dbType: 'string' },
      ],
    };
    const rows = indexRows(s);
    expect(rows.map((r) => [r.indexName, r.indexField, r.indexType])).toEqual([
      ['uk_t_code', 'code', 'unique'],
      ['idx_t_order_no_code', 'order_no,code', 'normal'],
      ['idx_by_code', 'code', 'normal'],
    ]);
    expect(applyIndexes(s.fields, rows, [], 't')).toEqual({ fields: s.fields, uniqueKeys: [], indexes: s.indexes });
    // a new normal row over two columns, unnamed; a unique row turned normal; an empty row
    const edited = [
      { indexName: 'uk_t_code', indexField: 'code', indexType: 'normal' as const },
      { indexName: '', indexField: 'order_no, code', indexType: 'normal' as const },
      { indexName: '', indexField: '', indexType: 'normal' as const },
    ];
    const back = applyIndexes(s.fields, edited, [], 't');
    expect(back.fields.some((f) => f.unique)).toBe(false);
    expect(back.indexes).toEqual([{ fields: ['code'] }, { fields: ['orderNo', 'code'] }]);
    // the table renamed: the default names follow it
    expect(applyIndexes(s.fields, rows, [], 't2', 't').indexes).toEqual(s.indexes);
  });

  it('keep 是否排序: a new row and an unmarked field are sortable, an unticked one gives sortable false', () => {
    expect(newFieldRow(1, 'input', 'string').sortable).toBe(true);
    const f: ScreenField = { name: 'phone', title: '电话', widget: 'input', dbType: 'string' };
    expect(fieldToRow(f).sortable).toBe(true);
    expect(rowToField(fieldToRow(f))).toEqual(f);
    expect(rowToField({ ...fieldToRow(f), sortable: false })).toEqual({ ...f, sortable: false });
    expect(fieldToRow({ ...f, sortable: false }).sortable).toBe(false);
  });

  it('keep 数据库默认值: a number on numeric columns, text otherwise; cleared when empty', () => {
    const n: ScreenField = { name: 'qty', title: '数量', widget: 'inputNumber', dbType: 'int', dbDefault: 0 };
    expect(fieldToRow(n).dbDefault).toBe('0');
    expect(rowToField(fieldToRow(n))).toEqual(n);
    expect(rowToField({ ...fieldToRow(n), dbDefault: 'now()' }).dbDefault).toBe('now()');
    const t: ScreenField = { name: 'state', title: '状态', widget: 'input', dbType: 'string', dbDefault: '1' };
    expect(rowToField(fieldToRow(t))).toEqual(t);
    expect(rowToField({ ...fieldToRow(t), dbDefault: '' }).dbDefault).toBeUndefined();
  });

  it('keep 跳转链接 (fieldHref), dropped when cleared', () => {
    const f: ScreenField = { name: 'code', title: '编码', widget: 'input', dbType: 'string', fieldHref: '/x?id=${id}' };
    expect(fieldToRow(f).fieldHref).toBe('/x?id=${id}');
    expect(rowToField(fieldToRow(f))).toEqual(f);
    expect(rowToField({ ...fieldToRow(f), fieldHref: '' }).fieldHref).toBeUndefined();
  });

  it('keep 查询默认值 on a query field only', () => {
    const f: ScreenField = { name: 'day', title: '日期', widget: 'date', dbType: 'Date', queryMode: 'range', queryDefault: '2026-01-01,' };
    expect(fieldToRow(f).queryDefault).toBe('2026-01-01,');
    expect(rowToField(fieldToRow(f))).toEqual(f);
    expect(rowToField({ ...fieldToRow(f), queryDefault: ' ' })).toEqual({ ...f, queryDefault: undefined });
    // no longer queried: the default goes with the condition
    const { queryMode: _m, queryDefault: _d, ...plain } = f;
    expect(rowToField({ ...fieldToRow(f), isQuery: false })).toEqual(plain);
    expect(newFieldRow(1, 'input', 'string').queryDefault).toBe('');
  });

  it('keep 查询控件 (queryWidget) on a query field only, offering the registered query-capable widgets', () => {
    const f: ScreenField = {
      name: 'kind',
      title: '类型',
      widget: 'select',
      dbType: 'string',
      dictCode: 'sex',
      queryMode: 'single',
      queryWidget: 'list_multi',
    };
    expect(fieldToRow(f).queryWidget).toBe('list_multi');
    expect(rowToField(fieldToRow(f))).toEqual(f);
    const { queryWidget: _w, ...plain } = f;
    expect(rowToField({ ...fieldToRow(f), queryWidget: '' })).toEqual(plain);
    const { queryMode: _m, ...unqueried } = plain;
    expect(rowToField({ ...fieldToRow(f), isQuery: false })).toEqual(unqueried);
    expect(newFieldRow(1, 'input', 'string').queryWidget).toBe('');
    expect(queryWidgets(['input', 'upload', 'sel_user', 'my_custom', 'list_multi'])).toEqual(['input', 'list_multi', 'sel_user']);
    expect(fieldColumns('query', ['input']).at(-1)).toMatchObject({ data: 'queryWidget', source: ['input'] });
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
