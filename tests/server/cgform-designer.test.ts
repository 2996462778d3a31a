import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { screenToRows } from '../../src/server/online/designer/mapping.js';
import { DesignerStore, readAuthored } from '../../src/server/online/designer/store.js';
import type { ScreenRegistry } from '../../src/server/online/screen-registry.js';
import { newId } from '../../src/server/db/ids.js';
import { client, login, startTestServer } from './harness.js';
import { createRole, createUser, permIds, roleId, signedIn, USER_PASSWORD } from './sys-admin-helpers.js';

// The online form designer (api-contract §7.1): authored screens stored as onl_cgform_* rows,
// checked by the file screens' checker, versioned, served at once by the runtime, synced to
// their table normal/force, put in the menu; every endpoint only for the designer's holders.
let server: StartedServer;
let admin: ReturnType<typeof client>;
let wms: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
  wms = client(server, await login(server, 'wms_demo'));
});
afterAll(async () => server?.close());

const maintenance = (fields: ScreenSchema['fields'] = []): ScreenSchema => ({
  id: 'wms_vehicle_maint',
  title: '车辆保养',
  tableName: 'wms_vehicle_maint',
  tableType: 'single',
  template: 'normal',
  formTemplate: 2,
  authPre: 'wms:vehicle_maint',
  fields: [
    { name: 'plateNo', title: '车牌号', widget: 'input', dbType: 'string', dbLength: 20, required: true, queryMode: 'single' },
    { name: 'maintDate', title: '保养日期', widget: 'date', dbType: 'Date', queryMode: 'range' },
    { name: 'cost', title: '费用', widget: 'inputNumber', dbType: 'BigDecimal', dbLength: 18, dbPointLength: 2, validType: 'money' },
    { name: 'remark', title: '备注', widget: 'textarea', dbType: 'string', dbLength: 200 },
    ...fields,
  ],
});

const counts = async () =>
  (
    await sql<{ h: number; f: number; p: number }>`select (select count(*)::int from onl_cgform_head) as h,
      (select count(*)::int from onl_cgform_field) as f, (select count(*)::int from sys_permission) as p`.execute(server.ctx.db)
  ).rows[0];

describe('mapping through the database', () => {
  it('every file screen stored as rows and read back is identical', async () => {
    const files = server.ctx.screens.list().filter((l) => !l.authored);
    expect(files.length).toBeGreaterThan(10);
    const db = server.ctx.db;
    for (const { screen } of files) {
      const rows = screenToRows({ ...screen, id: `rt_${screen.id}`.slice(0, 63) }, newId);
      const audit = { create_by: 't', create_time: null, update_by: null, update_time: null };
      await db
        .insertInto('onl_cgform_head')
        .values({
          ...rows.head,
          table_name: `rt_${rows.head.table_name}`,
          table_version: 1,
          is_db_synch: 'N',
          copy_type: 0,
          copy_version: null,
          physic_id: null,
          ...audit,
        })
        .execute();
      if (rows.fields.length)
        await db
          .insertInto('onl_cgform_field')
          .values(rows.fields.map((f) => ({ ...f, ...audit })))
          .execute();
      if (rows.buttons.length) await db.insertInto('onl_cgform_button').values(rows.buttons).execute();
      const back = await readAuthored(db, rows.head.id);
      expect({ ...back?.screen, id: screen.id, tableName: screen.tableName }).toStrictEqual(screen);
      for (const t of ['onl_cgform_field', 'onl_cgform_button'] as const)
        await db.deleteFrom(t).where('cgform_head_id', '=', rows.head.id).execute();
      await db.deleteFrom('onl_cgform_head').where('id', '=', rows.head.id).execute();
    }
  });
});

describe('permissions', () => {
  it('a non-admin is refused every designer endpoint (403) and nothing is written', async () => {
    const before = await counts();
    const calls: [string, string, unknown?][] = [
      ['GET', '/online/cgform/head/list'],
      ['GET', '/online/cgform/head/queryById?id=wms_vehicle'],
      ['GET', '/online/cgform/head/schema?id=wms_vehicle'],
      ['GET', '/online/cgform/field/listByHeadId?headId=wms_vehicle'],
      ['GET', '/online/cgform/index/listByHeadId?headId=wms_vehicle'],
      ['GET', '/online/cgform/api/checkOnlyTable?tbname=x_y'],
      ['POST', '/online/cgform/api/addAll', { schema: maintenance() }],
      ['PUT', '/online/cgform/api/editAll', { schema: maintenance() }],
      ['POST', '/online/cgform/api/doDbSynch/wms_vehicle_maint/normal'],
      ['DELETE', '/online/cgform/head/delete?id=wms_vehicle'],
      ['DELETE', '/online/cgform/head/deleteBatch?ids=wms_vehicle'],
      ['DELETE', '/online/cgform/head/removeRecord?id=wms_vehicle'],
      ['POST', '/online/cgform/head/copyOnlineTable/wms_vehicle'],
      ['GET', '/online/cgform/head/copyOnline?code=wms_vehicle'],
      ['POST', '/online/cgform/head/addMenu', { id: 'wms_vehicle', parentId: 'x' }],
      ['GET', '/online/cgform/head/versions?id=wms_vehicle'],
      ['GET', '/online/cgform/head/versionDiff?id=wms_vehicle&from=1&to=2'],
      ['POST', '/online/cgform/head/rollback', { id: 'wms_vehicle', version: 1 }],
      ['GET', '/online/cgform/head/enhanceJs/wms_vehicle'],
      ['POST', '/online/cgform/head/enhanceJs/wms_vehicle', { cgJs: 'x', cgJsType: 'form' }],
      ['PUT', '/online/cgform/head/enhanceJs/wms_vehicle', { cgJs: 'x', cgJsType: 'form' }],
      ['GET', '/online/cgform/head/enhanceJs/wms_vehicle/history?type=form'],
      ['POST', '/online/cgform/head/enhanceSql/wms_vehicle', { cgbSql: 'select 1' }],
      ['POST', '/online/cgform/head/enhanceJava/wms_vehicle', { cgJavaValue: 'x' }],
      ['GET', '/online/cgform/head/viewAs?id=wms_vehicle&username=wms_demo'],
      ['GET', '/online/cgform/head/enhanceButton/wms_vehicle'],
      ['GET', '/online/cgform/button/list/wms_vehicle'],
      ['GET', '/online/cgreport/head/list'],
      ['GET', '/online/cgreport/head/queryById?id=rp_user_list'],
      ['POST', '/online/cgreport/head/add', { code: 'x1', name: 'x', cgrSql: 'select 1 as a' }],
      ['PUT', '/online/cgreport/head/edit', { id: 'rp_user_list', code: 'rp_user_list', name: 'x', cgrSql: 'select 1 as a' }],
      ['POST', '/online/cgreport/head/editAll', { head: { id: 'rp_user_list' } }],
      ['DELETE', '/online/cgreport/head/delete?id=rp_user_list'],
      ['DELETE', '/online/cgreport/head/deleteBatch?ids=rp_user_list'],
      ['GET', '/online/cgreport/head/parseSql?sql=select%201%20as%20a'],
      ['POST', '/online/cgreport/head/addMenu', { id: 'rp_user_list', parentId: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await wms.raw(method as 'GET', url, { body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it('only the admin role holds the designer buttons', async () => {
    const rows = await sql<{ role_code: string; perms: string }>`select r.role_code, p.perms from sys_permission p
      join sys_role_permission rp on rp.permission_id = p.id join sys_role r on r.id = rp.role_id
      where p.perms like 'online:%'`.execute(server.ctx.db);
    expect(rows.rows.length).toBeGreaterThanOrEqual(14);
    expect(new Set(rows.rows.map((r) => r.role_code))).toEqual(new Set(['admin']));
  });
});

describe('authoring a screen', () => {
  it('refuses a schema failing the meta-schema, naming the field and the rule; nothing written', async () => {
    const before = await counts();
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
    expect(await counts()).toEqual(before);
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

describe('the report designer', () => {
  it('parses SQL under the report guards, saves, previews through the runtime and goes to the menu', async () => {
    const text = "select plate_no, maint_date, cost from wms_vehicle_maint where plate_no like ${plate} || '%'";
    let res = await admin.get('/online/cgreport/head/parseSql', { sql: text });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result.fields.map((f: any) => f.fieldName)).toEqual(['plate_no', 'maint_date', 'cost']);
    expect(res.body.result.params).toMatchObject([{ paramName: 'plate' }]);
    const items = res.body.result.fields.map((f: any) => ({
      ...f,
      fieldTxt: f.fieldName === 'cost' ? '费用' : f.fieldTxt,
      isSearch: f.fieldName === 'plate_no' ? 1 : 0,
    }));
    res = await admin.post('/online/cgreport/head/add', {
      head: { code: 'rp_vehicle_maint', name: '保养费用', cgrSql: text },
      items,
      params: [{ paramName: 'plate', paramTxt: '车牌前缀', paramValue: '京' }],
    });
    expect(res.body.success, res.body.message).toBe(true);
    const id = res.body.result.id as string;
    res = await admin.get('/online/cgreport/head/list', { code: 'vehicle_maint' });
    expect(res.body.result.records).toMatchObject([{ id, code: 'rp_vehicle_maint', name: '保养费用', updateBy: 'admin' }]);
    res = await admin.get(`/online/cgreport/api/getData/${id}`, { pageNo: 1, pageSize: 10 });
    expect(res.body.result.records.map((r: any) => r.plate_no).sort()).toEqual(['京A·12345', '京A·54321']);
    res = await admin.get(`/online/cgreport/api/getParamsInfo/${id}`);
    expect(res.body.result).toMatchObject([{ paramName: 'plate', paramValue: '京' }]);
    // a duplicate code is refused
    res = await admin.post('/online/cgreport/head/add', {
      head: { code: 'rp_vehicle_maint', name: 'x', cgrSql: 'select 1 as a' },
      items: [{ fieldName: 'a' }],
    });
    expect(res.body.message).toContain('已存在');
    // into the menu: from then on reading it needs the menu
    const group = await server.ctx.db
      .selectFrom('sys_permission')
      .select('id')
      .where('component_name', '=', 'warehouse')
      .executeTakeFirstOrThrow();
    res = await admin.post('/online/cgreport/head/addMenu', { id, parentId: group.id });
    expect(res.body.success).toBe(true);
    const entry = await sql<{ icon: string | null }>`select icon from sys_permission where id = ${res.body.result.menuId}`.execute(
      server.ctx.db,
    );
    expect(entry.rows[0].icon).toBe('bar-chart');
    res = await wms.get(`/online/cgreport/api/getData/${id}`);
    expect(res.status).toBe(403);
    res = await admin.del('/online/cgreport/head/delete', { id });
    expect(res.body.message).toContain('菜单');
  });

  it('refuses from the designer what the report guards refuse', async () => {
    const refused: [string, RegExp][] = [
      ['delete from sys_log', /只能是一条查询语句/],
      ['select 1 as a; select 2 as b', /一条语句/],
      ['select username, password from sys_user', /凭据/],
      ['select * from sys_user_token', /凭据/],
      ['select pg_sleep(10) as a', /函数|不能/],
    ];
    for (const [text, why] of refused) {
      let res = await admin.get('/online/cgreport/head/parseSql', { sql: text });
      expect(res.body.success, text).toBe(false);
      expect(res.body.message, text).toMatch(why);
      res = await admin.post('/online/cgreport/head/add', {
        head: { code: 'rp_bad', name: 'x', cgrSql: text },
        items: [{ fieldName: 'a' }],
      });
      expect(res.body.success, text).toBe(false);
      expect(res.body.message, text).toMatch(why);
    }
    expect(
      await server.ctx.db.selectFrom('onl_cgreport_head').select('id').where('code', '=', 'rp_bad').executeTakeFirst(),
    ).toBeUndefined();
    // sys_user is read as a subquery of the tenant's users without the password (report-tenant.ts)
    const star = await admin.get('/online/cgreport/head/parseSql', { sql: 'select * from sys_user' });
    expect(star.body.success).toBe(true);
    const names = star.body.result.fields.map((f: { fieldName: string }) => f.fieldName);
    expect(names).toContain('username');
    expect(names).not.toContain('password');
  });
});

describe('a holder of the designer menus without their buttons', () => {
  // tables every designer write touches: their row counts must not move on a refused call
  const designerCounts = async () => {
    const tables = (
      await sql<{ t: string }>`select table_name as t from information_schema.tables where table_schema = current_schema()
        and (table_name like 'onl_cgform%' or table_name like 'onl_cgreport%' or table_name = 'sys_permission') order by 1`.execute(
        server.ctx.db,
      )
    ).rows.map((r) => r.t);
    const out: Record<string, number> = {};
    for (const t of tables)
      out[t] = Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(server.ctx.db)).rows[0].n);
    return out;
  };
  let reader: ReturnType<typeof client>;
  let reportId: string;

  beforeAll(async () => {
    const role = await createRole(admin, 'designer_reader', '设计器只读');
    const ids = await permIds(server, ['/online/cgform', '/online/cgreport']);
    const saved = await admin.post('/sys/permission/saveRolePermission', {
      roleId: role,
      permissionIds: ids.join(','),
      lastpermissionIds: '',
    });
    expect(saved.body.success, saved.body.message).toBe(true);
    await createUser(admin, 'designer_reader', { roles: [role] });
    reader = await signedIn(server, 'designer_reader', USER_PASSWORD);
    // real targets: each refused call below would write if its check were missing
    let res = await admin.post('/online/cgform/api/addAll', { schema: { ...maintenance(), id: 'des_probe', tableName: 'des_probe' } });
    expect(res.body.success, res.body.message).toBe(true);
    res = await admin.put('/online/cgform/api/editAll', {
      schema: { ...maintenance(), id: 'des_probe', tableName: 'des_probe', title: '探针' },
    });
    expect(res.body.success, res.body.message).toBe(true);
    await sql`create table des_import_probe (id varchar(32) primary key, name varchar(20))`.execute(server.ctx.db);
    res = await admin.post('/online/cgreport/head/add', {
      head: { code: 'rp_des_probe', name: '探针报表', cgrSql: 'select 1 as a' },
      items: [{ fieldName: 'a' }],
    });
    expect(res.body.success, res.body.message).toBe(true);
    reportId = res.body.result.id;
  });

  it('reads the designers but every mutating endpoint answers 403 and writes nothing', async () => {
    expect((await reader.get('/online/cgform/head/list')).body.success).toBe(true);
    expect((await reader.get('/online/cgreport/head/list')).body.success).toBe(true);
    const group = (
      await server.ctx.db.selectFrom('sys_permission').select('id').where('component_name', '=', 'warehouse').executeTakeFirstOrThrow()
    ).id;
    const probe = { ...maintenance(), id: 'des_probe', tableName: 'des_probe' };
    const before = await designerCounts();
    const calls: [string, string, unknown?][] = [
      ['POST', '/online/cgform/api/addAll', { schema: { ...probe, id: 'des_probe2', tableName: 'des_probe2' } }],
      ['PUT', '/online/cgform/api/editAll', { schema: { ...probe, title: '改' } }],
      ['POST', '/online/cgform/api/doDbSynch/des_probe/normal'],
      ['GET', '/online/cgform/api/syncPlan/des_probe'],
      ['POST', '/online/cgform/head/rollback', { id: 'des_probe', version: 1 }],
      ['DELETE', '/online/cgform/head/delete?id=des_probe'],
      ['DELETE', '/online/cgform/head/deleteBatch?ids=des_probe'],
      ['DELETE', '/online/cgform/head/removeRecord?id=des_probe'],
      ['POST', '/online/cgform/head/copyOnlineTable/des_probe'],
      ['GET', '/online/cgform/head/copyOnline?code=des_probe'],
      ['POST', '/online/cgform/head/addMenu', { id: 'des_probe', parentId: group }],
      ['POST', '/online/cgform/head/enhanceJs/des_probe', { cgJs: 'x', cgJsType: 'form' }],
      ['PUT', '/online/cgform/head/enhanceJs/des_probe', { cgJs: 'x', cgJsType: 'form' }],
      ['GET', '/online/cgform/head/queryTables'],
      ['POST', '/online/cgform/head/transTables/des_import_probe'],
      ['GET', '/online/cgform/head/viewAs?id=wms_vehicle&username=wms_demo'],
      [
        'POST',
        '/online/cgreport/head/add',
        { head: { code: 'rp_des_probe2', name: 'x', cgrSql: 'select 1 as a' }, items: [{ fieldName: 'a' }] },
      ],
      ['PUT', '/online/cgreport/head/edit', { id: reportId, code: 'rp_des_probe', name: '改', cgrSql: 'select 1 as a' }],
      [
        'POST',
        '/online/cgreport/head/editAll',
        { head: { id: reportId, code: 'rp_des_probe', name: '改', cgrSql: 'select 1 as a' }, items: [{ fieldName: 'a' }] },
      ],
      [
        'PUT',
        '/online/cgreport/head/editAll',
        { head: { id: reportId, code: 'rp_des_probe', name: '改', cgrSql: 'select 1 as a' }, items: [{ fieldName: 'a' }] },
      ],
      ['DELETE', `/online/cgreport/head/delete?id=${reportId}`],
      ['DELETE', `/online/cgreport/head/deleteBatch?ids=${reportId}`],
      ['POST', '/online/cgreport/head/addMenu', { id: reportId, parentId: group }],
      ['GET', '/online/cgreport/head/parseSql?sql=select%201%20as%20a'],
    ];
    for (const [method, url, body] of calls) {
      const res = await reader.raw(method as 'GET', url, { body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect(await designerCounts()).toEqual(before);
    expect((await reader.get('/online/cgform/head/schema', { id: 'des_probe' })).body.result.schema.title).toBe('探针');
  });

  it("previews a report only with the preview button; the report's own menu still reads it", async () => {
    let res = await reader.get(`/online/cgreport/api/getData/${reportId}`);
    expect(res.status).toBe(403);
    res = await reader.get(`/online/cgreport/api/getRpColumns/${reportId}`);
    expect(res.status).toBe(403);
    res = await admin.get(`/online/cgreport/api/getData/${reportId}`);
    expect(res.body.success, res.body.message).toBe(true);
    // granted the report's own menu, the same user reads it
    const group = (
      await server.ctx.db.selectFrom('sys_permission').select('id').where('component_name', '=', 'warehouse').executeTakeFirstOrThrow()
    ).id;
    res = await admin.post('/online/cgreport/head/addMenu', { id: reportId, parentId: group });
    expect(res.body.success, res.body.message).toBe(true);
    const role = await roleId(server, 'designer_reader');
    const ids = await permIds(server, ['/online/cgform', '/online/cgreport', `/online/cgreport/${reportId}`]);
    await admin.post('/sys/permission/saveRolePermission', { roleId: role, permissionIds: ids.join(','), lastpermissionIds: '' });
    res = await reader.get(`/online/cgreport/api/getData/${reportId}`);
    expect(res.body.success, res.body.message).toBe(true);
  });
});

describe('concurrent saves', () => {
  const race = (title: string): ScreenSchema => ({ ...maintenance(), id: 'des_race', tableName: 'des_race', title });
  const historyVersions = async () =>
    (
      await server.ctx.db
        .selectFrom('onl_cgform_head_history')
        .select('table_version')
        .where('cgform_head_id', '=', 'des_race')
        .orderBy('table_version')
        .execute()
    ).map((r) => r.table_version);

  it('two saves from the same loaded version: one succeeds, the other is refused and writes nothing', async () => {
    let res = await admin.post('/online/cgform/api/addAll', { schema: race('竞争') });
    expect(res.body.success, res.body.message).toBe(true);
    const loaded = (await admin.get('/online/cgform/head/schema', { id: 'des_race' })).body.result;
    expect(loaded.version).toBe(1);
    const answers = await Promise.all(
      ['甲', '乙'].map((t) => admin.put('/online/cgform/api/editAll', { schema: race(t), version: loaded.version })),
    );
    const won = answers.filter((a) => a.body.success);
    const lost = answers.filter((a) => !a.body.success);
    expect(won).toHaveLength(1);
    expect(won[0].body.result).toEqual({ version: 2 });
    expect(lost).toHaveLength(1);
    expect(lost[0].body).toMatchObject({ code: 500, message: '该表单已被他人修改（当前版本 2），请刷新后再保存' });
    const stored = await readAuthored(server.ctx.db, 'des_race');
    expect(stored?.version).toBe(2);
    expect(stored?.screen.title).toBe(answers.find((a) => a.body.success) === answers[0] ? '甲' : '乙');
    expect(await historyVersions()).toEqual([1]);
    // a JeecgBoot client sends no version: saved over whatever is current
    res = await admin.put('/online/cgform/api/editAll', { schema: race('丙') });
    expect(res.body.result).toEqual({ version: 3 });
    res = await admin.put('/online/cgform/api/editAll', { schema: race('丁'), version: 'x' });
    expect(res.body).toMatchObject({ success: false, message: '版本号不正确' });
  });

  it('saves without a version one after the other: history keeps distinct versions, a duplicate is refused by the index', async () => {
    const versions = await Promise.all(['戊', '己', '庚'].map((t) => server.ctx.designer.save(race(t), 'admin', { isNew: false })));
    expect([...versions].sort()).toEqual([4, 5, 6]);
    expect(await historyVersions()).toEqual([1, 2, 3, 4, 5]);
    await expect(
      sql`insert into onl_cgform_head_history (id, cgform_head_id, table_version, schema_json) values ('dup', 'des_race', 1, '{}')`.execute(
        server.ctx.db,
      ),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});

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

describe('a change from another process', () => {
  it('a reload that fails on the receiving process is reported, not swallowed', async () => {
    let deliver: (id: string) => void = () => undefined;
    const reported: [unknown, string][] = [];
    // a registry refusing what the database holds: the receiving process cannot take the change
    const refusing = { setAuthored: () => ['des_race: 表名冲突'] } as unknown as ScreenRegistry;
    new DesignerStore(server.ctx.db, refusing, {
      publish: async () => undefined,
      subscribe: (onChange) => {
        deliver = onChange;
      },
      onError: (err, headId) => reported.push([err, headId]),
    });
    deliver('des_race');
    await expect.poll(() => reported.length).toBe(1);
    expect(reported[0][1]).toBe('des_race');
    expect(String(reported[0][0])).toContain('在线表单配置加载失败');
    expect(String(reported[0][0])).toContain('des_race: 表名冲突');
  });
});
