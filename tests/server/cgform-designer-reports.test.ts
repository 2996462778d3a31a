import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, maintenance, server, useDesignerServer, wms } from './cgform-designer-fixtures.js';

// The online report designer (api-contract §7.1): SQL parsed under the report guards, saved,
// previewed through the report runtime and put in the menu.
useDesignerServer();

// the maintenance screen synced with three rows, as the authoring story leaves it (cgform-designer.test.ts)
beforeAll(async () => {
  let res = await admin.post('/online/cgform/api/addAll', { schema: maintenance() });
  expect(res.body.success, res.body.message).toBe(true);
  res = await admin.post('/online/cgform/api/doDbSynch/wms_vehicle_maint/normal');
  expect(res.body.success, res.body.message).toBe(true);
  await sql`insert into wms_vehicle_maint (id, plate_no, cost) values ('m1', '京A·12345', 120.5), ('m2', '京A·54321', null),
    ('m3', '沪B·00001', null)`.execute(server.ctx.db);
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
