import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { readAuthored } from '../../src/server/online/designer/store.js';
import { admin, counts, maintenance, server, useDesignerServer } from './cgform-designer-fixtures.js';

// The online form designer (api-contract §7.1): authored screens stored as onl_cgform_* rows,
// checked by the file screens' checker, versioned, served at once by the runtime, synced to
// their table normal/force, put in the menu: one authoring story, each test going on from the last.
// Permissions, reports, storage and sync: cgform-designer-*.test.ts.
useDesignerServer();

describe('authoring a screen', () => {
  it('refuses a schema failing the meta-schema, naming the field and the rule; nothing written', async () => {
    const before = await counts(server.ctx.db);
    const bad = maintenance();
    (bad.fields[1] as { widget: string }).widget = 'no_such_widget';
    let res = await admin.post('/online/cgform/api/addAll', { schema: bad });
    expect(res.body).toMatchObject({ success: false, code: 500 });
    expect(res.body.message).toContain('/fields/1/widget');
    expect(res.body.message).toContain('no_such_widget');
    const noTitle = maintenance() as unknown as { fields: Record<string, unknown>[] };
    delete noTitle.fields[0].title;
    res = await admin.post('/online/cgform/api/addAll', { schema: noTitle });
    expect(res.body.message).toMatch(/\/fields\/0 .*title/);
    res = await admin.post('/online/cgform/api/addAll', { schema: { ...maintenance(), id: 'wms_vehicle', tableName: 'x_other' } });
    expect(res.body.message).toContain('内置页面');
    expect(await counts(server.ctx.db)).toEqual(before);
  });

  it('create → unsynced → sync → menu → data → shorter column refused normally → force drops; live without restart', async () => {
    let res = await admin.post('/online/cgform/api/addAll', { schema: maintenance() });
    expect(res.body).toMatchObject({ success: true, result: { version: 1 } });
    res = await admin.get('/online/cgform/api/checkOnlyTable', { tbname: 'wms_vehicle_maint' });
    expect(res.body.result).toBe(-1);
    res = await admin.get('/online/cgform/head/list', { tableName: 'vehicle_maint' });
    expect(res.body.result.records).toMatchObject([
      { id: 'wms_vehicle_maint', tableTxt: '车辆保养', tableType: 1, tableVersion: 1, isDbSynch: 'N', isBuiltIn: false },
    ]);
    res = await admin.get('/online/cgform/field/listByHeadId', { headId: 'wms_vehicle_maint' });
    expect(res.body.result.map((f: any) => f.dbFieldName)).toEqual(['plate_no', 'maint_date', 'cost', 'remark']);
    // the runtime knows it at once, but refuses it until its table is synced
    res = await admin.get('/online/cgform/api/getColumns/wms_vehicle_maint');
    expect(res.body.message).toContain('尚未同步数据库');

    res = await admin.post('/online/cgform/api/doDbSynch/wms_vehicle_maint/normal');
    expect(res.body).toMatchObject({ success: true, message: '同步数据库成功!' });
    const group = await server.ctx.db
      .selectFrom('sys_permission')
      .select('id')
      .where('component_name', '=', 'warehouse')
      .executeTakeFirstOrThrow();
    res = await admin.post('/online/cgform/head/addMenu', { id: 'wms_vehicle_maint', parentId: group.id });
    expect(res.body.success).toBe(true);
    const buttons = await sql<{
      perms: string;
    }>`select perms from sys_permission where parent_id = ${res.body.result.menuId} order by sort_no`.execute(server.ctx.db);
    expect(buttons.rows.map((b) => b.perms)).toEqual(
      ['add', 'edit', 'delete', 'batch_delete', 'export', 'import'].map((a) => `wms:vehicle_maint:${a}`),
    );
    // the entry is drawn with an icon although the admin picked none
    const entry = await sql<{ icon: string | null }>`select icon from sys_permission where id = ${res.body.result.menuId}`.execute(
      server.ctx.db,
    );
    expect(entry.rows[0].icon).toBe('form');
    res = await admin.get('/online/cgform/head/list', { tableName: 'vehicle_maint' });
    expect(res.body.result.records[0].isDbSynch).toBe('Y');

    res = await admin.post('/online/cgform/api/form/wms_vehicle_maint', {
      plate_no: '京A·12345',
      maint_date: '2026-01-05',
      cost: '120.50',
      remark: 'x'.repeat(150),
    });
    expect(res.body.success).toBe(true);
    res = await admin.get('/online/cgform/api/getData/wms_vehicle_maint', { maint_date_begin: '2026-01-01', maint_date_end: '2026-01-31' });
    expect(res.body.result.records).toMatchObject([{ plate_no: '京A·12345', cost: expect.anything() }]);

    // a new field and a shorter remark column: saved as version 2, unsynced until synced
    const v2 = maintenance([{ name: 'mileage', title: '里程', widget: 'inputNumber', dbType: 'int' }]);
    (v2.fields[3] as { dbLength: number }).dbLength = 100;
    res = await admin.put('/online/cgform/api/editAll', { schema: v2 });
    expect(res.body).toMatchObject({ success: true, result: { version: 2 } });
    res = await admin.post('/online/cgform/api/doDbSynch/wms_vehicle_maint/normal');
    expect(res.body).toMatchObject({ success: false, code: 500 });
    expect(res.body.message).toContain('remark');
    expect(res.body.message).toContain('强制同步');
    res = await admin.post('/online/cgform/api/doDbSynch/wms_vehicle_maint/force');
    expect(res.body.success).toBe(true);
    // the list serves the new field without a restart
    res = await admin.get('/online/cgform/api/getColumns/wms_vehicle_maint');
    expect(JSON.stringify(res.body.result)).toContain('mileage');
    res = await admin.post('/online/cgform/api/form/wms_vehicle_maint', { plate_no: '京A·54321', mileage: 1200 });
    expect(res.body.success).toBe(true);
  });

  it('copies a screen as a view (copyOnline): same table and rows, its own fields; deleting the view keeps the table', async () => {
    let res = await admin.get('/online/cgform/head/copyOnline', { code: 'wms_vehicle_maint' });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body).toMatchObject({ success: true, result: { id: 'wms_vehicle_maint_v1' } });
    res = await admin.get('/online/cgform/head/list', { tableName: 'vehicle_maint' });
    expect(res.body.result.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: 'wms_vehicle_maint_v1',
          tableName: 'wms_vehicle_maint',
          copyType: 1,
          physicId: 'wms_vehicle_maint',
          isDbSynch: 'Y',
        }),
      ]),
    );
    // reading it needs its menu entry, like any screen
    const group = await server.ctx.db
      .selectFrom('sys_permission')
      .select('id')
      .where('component_name', '=', 'warehouse')
      .executeTakeFirstOrThrow();
    res = await admin.post('/online/cgform/head/addMenu', { id: 'wms_vehicle_maint_v1', parentId: group.id });
    expect(res.body.success, res.body.message).toBe(true);
    const menuId = res.body.result.menuId as string;
    res = await admin.get('/online/cgform/api/getData/wms_vehicle_maint_v1');
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result.records.map((r: any) => r.plate_no).sort()).toEqual(['京A·12345', '京A·54321']);

    // the view's own fields: a label of its own and one field left out; the owner keeps its own
    res = await admin.get('/online/cgform/head/schema', { id: 'wms_vehicle_maint_v1' });
    const view = res.body.result.schema as ScreenSchema;
    expect(view).toMatchObject({ viewOf: 'wms_vehicle_maint', tableName: 'wms_vehicle_maint', authPre: 'online:wms_vehicle_maint_v1' });
    view.fields = view.fields.filter((f) => f.name !== 'mileage').map((f) => (f.name === 'remark' ? { ...f, title: '保养说明' } : f));
    res = await admin.put('/online/cgform/api/editAll', { schema: view });
    expect(res.body).toMatchObject({ success: true, result: { version: 2 } });
    res = await admin.get('/online/cgform/api/getColumns/wms_vehicle_maint_v1');
    expect(JSON.stringify(res.body.result)).toContain('保养说明');
    expect(JSON.stringify(res.body.result)).not.toContain('mileage');
    res = await admin.get('/online/cgform/api/getColumns/wms_vehicle_maint');
    expect(JSON.stringify(res.body.result)).toContain('mileage');
    expect(JSON.stringify(res.body.result)).not.toContain('保养说明');

    // a row added through the view is the owner's row
    res = await admin.post('/online/cgform/api/form/wms_vehicle_maint_v1', { plate_no: '沪B·00001', remark: 'view' });
    expect(res.body.success, res.body.message).toBe(true);
    res = await admin.get('/online/cgform/api/getData/wms_vehicle_maint', { plate_no: '沪B·00001' });
    expect(res.body.result.records).toMatchObject([{ plate_no: '沪B·00001', remark: 'view' }]);

    // out of the menu (as 菜单管理 would), then the view goes and the table stays
    await server.ctx.db.deleteFrom('sys_permission').where('parent_id', '=', menuId).execute();
    await server.ctx.db.deleteFrom('sys_permission').where('id', '=', menuId).execute();
    res = await admin.del('/online/cgform/head/delete', { id: 'wms_vehicle_maint_v1' });
    expect(res.body.success, res.body.message).toBe(true);
    expect(server.ctx.screens.get('wms_vehicle_maint_v1')).toBeUndefined();
    res = await admin.get('/online/cgform/api/getData/wms_vehicle_maint');
    expect(res.body.result.total).toBe(3);
  });

  it('keeps every version with author and time, diffs two and rolls back as a new version', async () => {
    let res = await admin.get('/online/cgform/head/versions', { id: 'wms_vehicle_maint' });
    expect(res.body.result.map((v: any) => v.version)).toEqual([2, 1]);
    expect(res.body.result[1]).toMatchObject({ author: 'admin', fieldCount: 4 });
    expect(res.body.result[1].time).toMatch(/^\d{4}-\d\d-\d\d /);
    res = await admin.get('/online/cgform/head/versionDiff', { id: 'wms_vehicle_maint', from: 1, to: 2 });
    expect(res.body.result).toEqual(
      expect.arrayContaining([
        { target: 'remark', kind: 'changed', property: 'dbLength', from: 200, to: 100 },
        expect.objectContaining({ target: 'mileage', kind: 'added' }),
      ]),
    );
    res = await admin.post('/online/cgform/head/rollback', { id: 'wms_vehicle_maint', version: 1 });
    expect(res.body.result).toEqual({ version: 3 });
    const stored = await readAuthored(server.ctx.db, 'wms_vehicle_maint');
    expect(stored?.screen).toStrictEqual(maintenance());
    expect(stored?.synced).toBe(false);
    expect(server.ctx.screens.get('wms_vehicle_maint')?.screen.fields).toHaveLength(4);
  });

  it('refuses to delete a screen in the menu; removeRecord keeps the table, delete drops it', async () => {
    let res = await admin.del('/online/cgform/head/delete', { id: 'wms_vehicle_maint' });
    expect(res.body.message).toContain('已添加到菜单');
    res = await admin.post('/online/cgform/head/copyOnlineTable/wms_vehicle');
    expect(res.body).toMatchObject({ success: true, result: { id: 'wms_vehicle_copy1' } });
    res = await admin.get('/online/cgform/head/schema', { id: 'wms_vehicle_copy1' });
    expect(res.body.result).toMatchObject({
      isBuiltIn: false,
      schema: { tableName: 'wms_vehicle_copy1', authPre: 'online:wms_vehicle_copy1' },
    });
    await admin.post('/online/cgform/api/doDbSynch/wms_vehicle_copy1/normal');
    res = await admin.del('/online/cgform/head/removeRecord', { id: 'wms_vehicle_copy1' });
    expect(res.body.success).toBe(true);
    expect(server.ctx.screens.get('wms_vehicle_copy1')).toBeUndefined();
    const exists = async (t: string) =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = ${t}`.execute(
            server.ctx.db,
          )
        ).rows[0].n,
      );
    expect(await exists('wms_vehicle_copy1')).toBe(1);
    res = await admin.post('/online/cgform/head/copyOnlineTable/wms_vehicle', undefined);
    await admin.post('/online/cgform/api/doDbSynch/wms_vehicle_copy1/force');
    // an owner with a view is kept until its views are deleted
    res = await admin.get('/online/cgform/head/copyOnline', { code: 'wms_vehicle_copy1' });
    expect(res.body.result).toEqual({ id: 'wms_vehicle_copy1_v1' });
    res = await admin.del('/online/cgform/head/delete', { id: 'wms_vehicle_copy1' });
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('复制视图（wms_vehicle_copy1_v1）') });
    expect(await exists('wms_vehicle_copy1')).toBe(1);
    res = await admin.del('/online/cgform/head/delete', { id: 'wms_vehicle_copy1_v1' });
    expect(res.body.success).toBe(true);
    expect(await exists('wms_vehicle_copy1')).toBe(1);
    res = await admin.del('/online/cgform/head/delete', { id: 'wms_vehicle_copy1' });
    expect(res.body.success).toBe(true);
    expect(await exists('wms_vehicle_copy1')).toBe(0);
  });

  it('keeps the JS enhancements keyed by code (screen and type), the last 16 per code, and refuses SQL enhancements', async () => {
    // another screen's and the list type's entries are other codes: capped on their own, never dropped by these saves
    await admin.post('/online/cgform/api/addAll', {
      schema: { ...maintenance(), id: 'wms_enh_other', tableName: 'wms_enh_other', authPre: 'wms:enh_other' },
    });
    await admin.post('/online/cgform/head/enhanceJs/wms_enh_other', { cgJs: '// other form', cgJsType: 'form' });
    await admin.post('/online/cgform/head/enhanceJs/wms_vehicle_maint', { cgJs: '// list', cgJsType: 'list' });
    for (let i = 0; i < 18; i++)
      await admin.post('/online/cgform/head/enhanceJs/wms_vehicle_maint', { cgJs: `// v${i}`, cgJsType: 'form' });
    let res = await admin.get('/online/cgform/head/enhanceJs/wms_vehicle_maint', { type: 'form' });
    expect(res.body.result).toMatchObject({ cgJs: '// v17', cgJsType: 'form', createBy: 'admin' });
    res = await admin.get('/online/cgform/head/enhanceJs/wms_vehicle_maint/history', { type: 'form' });
    // newest first: v17 … v2; v0 and v1 dropped
    expect((res.body.result as { cgJs: string }[]).map((e) => e.cgJs)).toEqual(Array.from({ length: 16 }, (_, i) => `// v${17 - i}`));
    const stored = await sql<{
      n: number;
    }>`select count(*)::int as n from onl_cgform_enhance_js where cgform_head_id = 'wms_vehicle_maint' and cg_js_type = 'form'`.execute(
      server.ctx.db,
    );
    expect(stored.rows[0].n).toBe(16);
    res = await admin.get('/online/cgform/head/enhanceJs/wms_vehicle_maint/history', { type: 'list' });
    expect((res.body.result as { cgJs: string }[]).map((e) => e.cgJs)).toEqual(['// list']);
    res = await admin.get('/online/cgform/head/enhanceJs/wms_enh_other/history', { type: 'form' });
    expect((res.body.result as { cgJs: string }[]).map((e) => e.cgJs)).toEqual(['// other form']);
    await admin.del('/online/cgform/head/removeRecord', { id: 'wms_enh_other' });
    res = await admin.post('/online/cgform/head/enhanceSql/wms_vehicle_maint', { cgbSql: 'delete from sys_user' });
    expect(res.body).toMatchObject({ success: false, message: '出于安全考虑，不接受从浏览器提交的 SQL 或 Java 增强' });
  });
});
