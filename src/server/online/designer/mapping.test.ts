import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listScreenFiles } from '../screen-registry.js';
import type { ScreenSchema } from '../../../shared/generated/screen-schema.js';
import { rowsToScreen, screenToRows } from './mapping.js';

const root = path.resolve(__dirname, '../../../..');
const dirs = ['schemas', 'tests/server/schemas', 'tests/server/schemas-ops', 'tests/e2e/schemas'].map((d) => path.join(root, d));
const files = dirs.filter((d) => fs.existsSync(d)).flatMap((d) => listScreenFiles(d));

let n = 0;
const newId = () => `id${++n}`;

describe('screen schema ↔ onl_cgform rows', () => {
  it('finds the screens', () => expect(files.length).toBeGreaterThan(15));

  it.each(files.map((f) => [path.relative(root, f), f]))('round trip of %s is identical', (_rel, file) => {
    const screen = JSON.parse(fs.readFileSync(file, 'utf8')) as ScreenSchema;
    const rows = screenToRows(screen, newId);
    // stored and read back as JSON, as the database does
    const back = rowsToScreen(JSON.parse(JSON.stringify(rows)) as typeof rows);
    expect(back).toStrictEqual(screen);
    expect(JSON.stringify(back)).toHaveLength(JSON.stringify(screen).length);
  });

  it('writes JeecgBoot columns for what JeecgBoot has', () => {
    const screen = JSON.parse(fs.readFileSync(path.join(root, 'schemas/warehouse/wms_vehicle.json'), 'utf8')) as ScreenSchema;
    const rows = screenToRows(screen, newId);
    expect(rows.head).toMatchObject({
      id: 'wms_vehicle',
      table_type: 1,
      table_txt: '车辆台账',
      theme_template: 'normal',
      form_template: '2',
    });
    const plate = rows.fields.find((f) => f.db_field_name === 'plate_no');
    expect(plate).toMatchObject({ field_show_type: 'input', field_must_input: '1', is_query: 1, query_mode: 'single', db_length: 10 });
    expect(plate?.field_valid_type).toMatch(/^\^/);
    const purchase = rows.fields.find((f) => f.db_field_name === 'purchase_date');
    expect(purchase).toMatchObject({ query_mode: 'group', db_type: 'Date' });
    expect(rows.fields.find((f) => f.db_field_name === 'vehicle_type')?.dict_field).toBe('vehicle_type');
    expect(JSON.parse(rows.head.ext_config_json ?? '{}')).toMatchObject({ authPre: 'wms:vehicle' });
  });

  it('splits a table dictionary and marks unique fields `only` with an index', () => {
    const screen: ScreenSchema = {
      id: 't',
      title: 'T',
      tableName: 't',
      tableType: 'single',
      template: 'normal',
      authPre: 't',
      fields: [
        { name: 'code', title: '编码', widget: 'input', dbType: 'string', unique: true },
        { name: 'user', title: '用户', widget: 'select', dbType: 'string', dictCode: 'sys_user,realname,username' },
      ],
    };
    const rows = screenToRows(screen, newId);
    expect(rows.fields[0].field_valid_type).toBe('only');
    expect(rows.indexes).toMatchObject([{ index_field: 'code', index_type: 'unique' }]);
    expect(rows.fields[1]).toMatchObject({ dict_table: 'sys_user', dict_text: 'realname', dict_field: 'username' });
    expect(rowsToScreen(rows)).toStrictEqual(screen);
  });

  it('stores declared status actions as onl_cgform_button rows (opt_type status), the other workflow settings in ext_config_json', () => {
    const screen = JSON.parse(fs.readFileSync(path.join(root, 'schemas/oa/oa_seal.json'), 'utf8')) as ScreenSchema;
    const rows = screenToRows(screen, newId);
    const status = rows.buttons.filter((b) => b.opt_type === 'status');
    expect(status.map((b) => [b.button_code, b.button_name])).toEqual(screen.workflow!.actions.map((a) => [a.code, a.label]));
    expect(JSON.parse(status[0].exp!)).toMatchObject({ from: screen.workflow!.actions[0].from, to: screen.workflow!.actions[0].to });
    const ext = JSON.parse(rows.head.ext_config_json ?? '{}');
    expect(ext.workflow).toMatchObject({ statusField: screen.workflow!.statusField });
    expect(ext.workflow.actions).toBeUndefined();
  });

  it('writes normal indexes and unique keys as onl_cgform_index rows and reads normal ones back from JeecgBoot rows', () => {
    const screen: ScreenSchema = {
      id: 't',
      title: 'T',
      tableName: 't',
      tableType: 'single',
      template: 'normal',
      authPre: 't',
      uniqueKeys: [{ fields: ['code', 'orderNo'] }],
      indexes: [{ fields: ['orderNo', 'code'] }, { name: 'idx_t_by_code', fields: ['code'] }],
      fields: [
        { name: 'code', title: '编码', widget: 'input', dbType: 'string' },
        { name: 'orderNo', title: '单号', widget: 'input', dbType: 'string' },
      ],
    };
    const rows = screenToRows(screen, newId);
    expect(rows.indexes.map((r) => [r.index_name, r.index_field, r.index_type])).toEqual([
      ['uk_t_code_order_no', 'code,order_no', 'unique'],
      ['idx_t_order_no_code', 'order_no,code', 'normal'],
      ['idx_t_by_code', 'code', 'normal'],
    ]);
    expect(rowsToScreen(rows)).toStrictEqual(screen);
    // rows JeecgBoot's designer wrote: no `indexes` in ext_config_json, the index rows say it
    const ext = JSON.parse(rows.head.ext_config_json ?? '{}');
    delete ext.indexes;
    const jeecg = { fields: rows.fields, buttons: rows.buttons, head: { ...rows.head, ext_config_json: JSON.stringify(ext) } };
    expect(rowsToScreen(jeecg).indexes).toBeUndefined();
    expect(rowsToScreen({ ...jeecg, indexes: rows.indexes }).indexes).toEqual(screen.indexes);
  });

  it('writes the field settings of the designer grids to their JeecgBoot columns and reads them back', () => {
    const screen: ScreenSchema = {
      id: 't',
      title: 'T',
      tableName: 't',
      tableType: 'single',
      template: 'normal',
      authPre: 't',
      fields: [
        { name: 'code', title: '编码', widget: 'input', dbType: 'string', sortable: false, queryMode: 'range', queryDefault: 'A,B' },
        { name: 'name', title: '名称', widget: 'input', dbType: 'string', sortable: true, dbDefault: "'quoted'" },
        { name: 'note', title: '备注', widget: 'input', dbType: 'string', dbDefault: "it's" },
        { name: 'qty', title: '数量', widget: 'inputNumber', dbType: 'int', dbDefault: 0, fieldHref: '/x?id=${id}' },
      ],
    };
    const rows = screenToRows(screen, newId);
    expect(rows.fields.map((f) => f.sort_flag)).toEqual(['0', '1', null, null]);
    expect(rows.fields.map((f) => f.db_default_val)).toEqual([null, "'''quoted'''", "it's", '0']);
    expect(rows.fields.map((f) => f.field_href)).toEqual([null, null, null, '/x?id=${id}']);
    expect(rows.fields.map((f) => [f.query_mode, f.query_def_val])).toEqual([
      ['group', 'A,B'],
      [null, null],
      [null, null],
      [null, null],
    ]);
    // JeecgBoot's own rows may hold a quoted literal
    const jeecg = { ...rows, fields: rows.fields.map((f) => (f.db_field_name === 'note' ? { ...f, db_default_val: "'a''b'" } : f)) };
    expect(rowsToScreen(jeecg).fields[2].dbDefault).toBe("a'b");
    expect(rowsToScreen(rows)).toStrictEqual(screen);
  });

  it('writes a query widget of 查询配置 to query_config_flag and query_show_type and reads it back (JeecgBoot text/list as input/select)', () => {
    const screen: ScreenSchema = {
      id: 't',
      title: 'T',
      tableName: 't',
      tableType: 'single',
      template: 'normal',
      authPre: 't',
      fields: [
        { name: 'note', title: '备注', widget: 'textarea', dbType: 'string', queryMode: 'single', queryWidget: 'input' },
        {
          name: 'kind',
          title: '类型',
          widget: 'select',
          dbType: 'string',
          dictCode: 'sex',
          queryMode: 'single',
          queryWidget: 'list_multi',
        },
        { name: 'maker', title: '制单人', widget: 'input', dbType: 'string', queryMode: 'single' },
      ],
    };
    const rows = screenToRows(screen, newId);
    expect(rows.fields.map((f) => [f.query_config_flag, f.query_show_type])).toEqual([
      ['1', 'input'],
      ['1', 'list_multi'],
      [null, null],
    ]);
    expect(rowsToScreen(rows)).toStrictEqual(screen);
    // JeecgBoot's own rows: its show types, and a type kept while the query config is off
    const jeecg = {
      ...rows,
      fields: rows.fields.map((f, i) =>
        i === 0 ? { ...f, query_show_type: 'text' } : i === 2 ? { ...f, query_config_flag: '0', query_show_type: 'sel_user' } : f,
      ),
    };
    expect(rowsToScreen(jeecg).fields.map((f) => f.queryWidget)).toEqual(['input', 'list_multi', undefined]);
  });

  it("writes main_table and main_field on a sub screen's foreign-key row from its main screen's link, and reads the same schema back", () => {
    const sub: ScreenSchema = {
      id: 'sub_t',
      title: '明细',
      tableName: 'sub_t',
      tableType: 'sub',
      template: 'normal',
      authPre: 'sub_t',
      fields: [
        { name: 'item', title: '物品', widget: 'input', dbType: 'string' },
        { name: 'orderId', title: '订单', widget: 'input', dbType: 'string', showForm: false },
      ],
    };
    const rows = screenToRows(sub, newId, { mainTable: 'main_order', foreignKey: 'orderId' });
    expect(rows.fields.map((f) => [f.db_field_name, f.main_table, f.main_field])).toEqual([
      ['item', null, null],
      ['order_id', 'main_order', 'id'],
    ]);
    expect(rowsToScreen(rows)).toStrictEqual(sub);
    expect(screenToRows(sub, newId).fields.map((f) => f.main_table)).toEqual([null, null]);
  });
});
