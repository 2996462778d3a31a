import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { readAuthored } from '../../src/server/online/designer/store.js';
import { admin, maintenance, server, useDesignerServer } from './cgform-designer-fixtures.js';

// Syncing an authored screen to its table: the plan of a sync, and deleting a screen with its table.
useDesignerServer();

describe('the sync plan', () => {
  const planned = (fields: ScreenSchema['fields']): ScreenSchema => ({ ...maintenance(), id: 'des_plan', tableName: 'des_plan', fields });
  const columns = async () =>
    (
      await sql<{ c: string; t: string; n: number | null }>`select column_name as c, data_type as t, character_maximum_length as n
        from information_schema.columns where table_schema = current_schema() and table_name = 'des_plan' order by column_name`.execute(
        server.ctx.db,
      )
    ).rows;

  it('names the destructive changes of a sync without applying any', async () => {
    let res = await admin.post('/online/cgform/api/addAll', { schema: planned(maintenance().fields) });
    expect(res.body.success, res.body.message).toBe(true);
    res = await admin.get('/online/cgform/api/syncPlan/des_plan');
    expect(res.body).toMatchObject({ success: true, result: { create: true, add: [], alter: [], destructive: [] } });
    await admin.post('/online/cgform/api/doDbSynch/des_plan/normal');
    await sql`insert into des_plan (id, plate_no, remark, cost) values ('p1', '京A·1', ${'备'.repeat(150)}, 12.5)`.execute(server.ctx.db);
    // remark shorter than its longest value, cost removed while it holds data, mileage added
    const [plate, date, , remark] = maintenance().fields;
    res = await admin.put('/online/cgform/api/editAll', {
      schema: planned([
        plate,
        date,
        { ...remark, dbLength: 100 },
        { name: 'mileage', title: '里程', widget: 'inputNumber', dbType: 'int', dbLength: 10 },
      ]),
    });
    expect(res.body.success, res.body.message).toBe(true);
    const before = await columns();
    res = await admin.get('/online/cgform/api/syncPlan/des_plan');
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result).toMatchObject({ create: false, add: ['mileage'], alter: ['remark'] });
    expect(res.body.result.destructive).toEqual([
      'remark: varchar(200) → varchar(100)，已有 150 个字符的值',
      'cost: 字段已从配置中删除，但表中还有 1 行数据',
    ]);
    expect(await columns()).toEqual(before);
    const row = (await sql<{ remark: string; cost: string }>`select remark, cost from des_plan`.execute(server.ctx.db)).rows[0];
    expect(row.remark).toHaveLength(150);
    expect(Number(row.cost)).toBe(12.5);
    // a built-in screen has no plan (a holder without the sync button: 403, see above)
    res = await admin.get('/online/cgform/api/syncPlan/wms_vehicle');
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('内置页面') });
  });
});

describe('deleting a screen with its table', () => {
  it('removes the configuration and drops the table in one transaction: a table that cannot be dropped keeps both', async () => {
    const schema = { ...maintenance(), id: 'des_drop', tableName: 'des_drop' };
    let res = await admin.post('/online/cgform/api/addAll', { schema });
    expect(res.body.success, res.body.message).toBe(true);
    await admin.post('/online/cgform/api/doDbSynch/des_drop/normal');
    await sql`create view des_drop_v as select id from des_drop`.execute(server.ctx.db);
    res = await admin.del('/online/cgform/head/delete', { id: 'des_drop' });
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('表单配置已保留') });
    expect(await readAuthored(server.ctx.db, 'des_drop')).toBeDefined();
    expect(server.ctx.screens.get('des_drop')).toBeDefined();
    await sql`drop view des_drop_v`.execute(server.ctx.db);
    res = await admin.del('/online/cgform/head/delete', { id: 'des_drop' });
    expect(res.body.success, res.body.message).toBe(true);
    expect(await readAuthored(server.ctx.db, 'des_drop')).toBeUndefined();
    const left = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_schema = current_schema() and table_name = 'des_drop'`.execute(server.ctx.db);
    expect(left.rows[0].n).toBe(0);
  });
});
