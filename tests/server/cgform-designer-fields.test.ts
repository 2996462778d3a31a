import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { client, login, startTestServer } from './harness.js';

// The designer grids' field and index settings (issue 17 item 4) through the designer's own
// endpoints: stored in JeecgBoot's columns, synced to the table, used by the runtime.
let server: StartedServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

const screen: ScreenSchema = {
  id: 'tst_designed',
  title: '设计字段',
  tableName: 'tst_designed',
  tableType: 'single',
  template: 'normal',
  authPre: 'tst:designed',
  indexes: [{ fields: ['orderNo', 'state'] }],
  fields: [
    { name: 'orderNo', title: '单号', widget: 'input', dbType: 'string', dbLength: 20, queryMode: 'single' },
    {
      name: 'state',
      title: '状态',
      widget: 'input',
      dbType: 'string',
      dbLength: 2,
      dbDefault: '1',
      queryMode: 'single',
      queryDefault: '1',
    },
    { name: 'phone', title: '电话', widget: 'input', dbType: 'string', dbLength: 20, sortable: false },
    { name: 'qty', title: '数量', widget: 'inputNumber', dbType: 'int', dbDefault: 0 },
  ],
};

describe('designer field settings end to end', () => {
  it('stores index, sort, query default and db default in JeecgBoot columns, syncs them to the table and the runtime uses them', async () => {
    let res = await admin.post('/online/cgform/api/addAll', { schema: screen });
    expect(res.body).toMatchObject({ success: true });
    res = await admin.get('/online/cgform/field/listByHeadId', { headId: 'tst_designed' });
    expect(res.body.result.map((f: any) => [f.dbFieldName, f.dbDefaultVal, f.sortFlag, f.queryDefVal])).toEqual([
      ['order_no', null, null, null],
      ['state', '1', null, '1'],
      ['phone', null, '0', null],
      ['qty', '0', null, null],
    ]);
    res = await admin.get('/online/cgform/index/listByHeadId', { headId: 'tst_designed' });
    expect(res.body.result).toMatchObject([
      { indexName: 'idx_tst_designed_order_no_state', indexField: 'order_no,state', indexType: 'normal' },
    ]);
    // read back from the database as saved
    res = await admin.get('/online/cgform/head/schema', { id: 'tst_designed' });
    expect(res.body.result.schema).toStrictEqual(screen);

    res = await admin.post('/online/cgform/api/doDbSynch/tst_designed/normal');
    expect(res.body).toMatchObject({ success: true, result: { created: true, indexed: ['idx_tst_designed_order_no_state'] } });
    const idx = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where schemaname = current_schema() and indexname = 'idx_tst_designed_order_no_state'`.execute(server.ctx.db);
    expect(idx.rows[0]?.indexdef).toMatch(/\(order_no, state\)$/);

    const group = await server.ctx.db
      .selectFrom('sys_permission')
      .select('id')
      .where('component_name', '=', 'warehouse')
      .executeTakeFirstOrThrow();
    res = await admin.post('/online/cgform/head/addMenu', { id: 'tst_designed', parentId: group.id });
    expect(res.body.success).toBe(true);

    // a record added without state and qty gets the column defaults
    res = await admin.post('/online/cgform/api/form/tst_designed', { order_no: 'D-1', phone: '13800000000' });
    expect(res.body.success).toBe(true);
    res = await admin.get('/online/cgform/api/getData/tst_designed', { state: '1', column: 'orderNo', order: 'asc' });
    expect(res.body.result.records).toMatchObject([{ order_no: 'D-1', state: '1', qty: 0 }]);

    // getColumns: no sorter on 电话; the server refuses to sort by it
    res = await admin.get('/online/cgform/api/getColumns/tst_designed');
    expect(res.body.result.columns.map((c: any) => [c.dataIndex, c.sorter])).toEqual([
      ['order_no', true],
      ['state', true],
      ['phone', false],
      ['qty', true],
    ]);
    res = await admin.get('/online/cgform/api/getData/tst_designed', { column: 'phone', order: 'asc' });
    expect(res.body).toMatchObject({ success: false, message: '「电话」列不支持排序' });
  });

  it('refuses a db default that is not a literal its column holds, naming the field', async () => {
    const bad = { ...screen, id: 'tst_designed_bad', tableName: 'tst_designed_bad', indexes: undefined };
    bad.fields = [
      ...screen.fields,
      { name: 'n', title: '数', widget: 'inputNumber', dbType: 'int', dbDefault: '1); drop table sys_user; --' },
    ];
    const res = await admin.post('/online/cgform/api/addAll', { schema: bad });
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toContain('字段 n 的数据库默认值应为数字');
  });

  it('refuses an index name used twice, by a table or by another table’s index, naming it, and saves nothing', async () => {
    const named = (id: string, indexes: ScreenSchema['indexes']) => ({ ...screen, id, tableName: id, indexes });
    const tries: [ScreenSchema, string][] = [
      [
        named('tst_ix_twice', [
          { name: 'idx_twice', fields: ['orderNo'] },
          { name: 'idx_twice', fields: ['state'] },
        ]),
        '索引名 idx_twice 重复',
      ],
      // a table of the database (indexes, tables and sequences share one namespace)
      [named('tst_ix_table', [{ name: 'sys_user', fields: ['orderNo'] }]), '索引名 sys_user 已被 sys_user 使用'],
      // the index of the first test's table, already in the database
      [named('tst_ix_other', [{ name: 'idx_tst_designed_order_no_state', fields: ['orderNo'] }]), '已被 tst_designed 使用'],
    ];
    for (const [schema, message] of tries) {
      const res = await admin.post('/online/cgform/api/addAll', { schema });
      expect(res.body, schema.id).toMatchObject({ success: false });
      expect(res.body.message).toContain(message);
      const head = await server.ctx.db.selectFrom('onl_cgform_head').select('id').where('id', '=', schema.id).executeTakeFirst();
      expect(head).toBeUndefined();
    }
    // an edit keeping its own index name is fine
    const res = await admin.get('/online/cgform/head/schema', { id: 'tst_designed' });
    const again = await admin.put('/online/cgform/api/editAll', { schema: res.body.result.schema });
    expect(again.body).toMatchObject({ success: true });
  });

  it("shows a sub screen's main screens in its 外键 and writes main_table/main_field on its foreign-key row", async () => {
    // built-in: 项目订单 names 项目订单明细 by orderId (a built-in main screen: not editable here)
    let res = await admin.get('/online/cgform/head/schema', { id: 'pm_order_item' });
    expect(res.body.result.foreignKeys).toEqual([
      {
        mainId: 'pm_order',
        mainTitle: '项目订单',
        mainTable: 'pm_order',
        mainField: 'id',
        foreignKey: 'orderId',
        relationType: 'oneToMany',
        editable: false,
      },
    ]);
    res = await admin.get('/online/cgform/field/listByHeadId', { headId: 'pm_order_item' });
    const linked = res.body.result.filter((f: any) => f.mainTable);
    expect(linked.map((f: any) => [f.dbFieldName, f.mainTable, f.mainField])).toEqual([['order_id', 'pm_order', 'id']]);

    // authored: the sub first, then the main naming it; the stored sub rows follow the main
    const sub: ScreenSchema = {
      id: 'tst_fk_line',
      title: '外键明细',
      tableName: 'tst_fk_line',
      tableType: 'sub',
      template: 'normal',
      authPre: 'tst:fk_line',
      fields: [
        { name: 'item', title: '物品', widget: 'input', dbType: 'string' },
        { name: 'headId', title: '主表', widget: 'input', dbType: 'string', showForm: false },
      ],
    };
    const main: ScreenSchema = {
      id: 'tst_fk_head',
      title: '外键主表',
      tableName: 'tst_fk_head',
      tableType: 'main',
      template: 'normal',
      authPre: 'tst:fk_head',
      subTables: [{ id: 'tst_fk_line', foreignKey: 'headId' }],
      fields: [{ name: 'code', title: '编码', widget: 'input', dbType: 'string' }],
    };
    expect((await admin.post('/online/cgform/api/addAll', { schema: sub })).body).toMatchObject({ success: true });
    expect((await admin.post('/online/cgform/api/addAll', { schema: main })).body).toMatchObject({ success: true });
    res = await admin.get('/online/cgform/head/schema', { id: 'tst_fk_line' });
    expect(res.body.result.foreignKeys).toMatchObject([{ mainId: 'tst_fk_head', foreignKey: 'headId', editable: true }]);
    const stored = () =>
      server.ctx.db
        .selectFrom('onl_cgform_field')
        .select(['db_field_name', 'main_table', 'main_field'])
        .where('cgform_head_id', '=', 'tst_fk_line')
        .orderBy('order_num')
        .execute();
    expect(await stored()).toEqual([
      { db_field_name: 'item', main_table: null, main_field: null },
      { db_field_name: 'head_id', main_table: 'tst_fk_head', main_field: 'id' },
    ]);
    // the main no longer names it: cleared
    const edited = { ...main, tableType: 'single' as const, subTables: undefined };
    res = await admin.put('/online/cgform/api/editAll', { schema: edited });
    expect(res.body).toMatchObject({ success: true });
    expect((await stored()).map((r) => r.main_table)).toEqual([null, null]);
    res = await admin.get('/online/cgform/head/schema', { id: 'tst_fk_line' });
    expect(res.body.result.foreignKeys).toEqual([]);
  });
});
