import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, counts, maintenance, server, useDesignerServer, wms } from './cgform-designer-fixtures.js';
import { createRole, createUser, permIds, roleId, signedIn, USER_PASSWORD, type Client } from './sys-admin-helpers.js';

// Who may use the online designers (api-contract §7.1): the admin role alone holds their buttons;
// a holder of their menus without the buttons reads them and is refused every write.
useDesignerServer();

describe('permissions', () => {
  it('a non-admin is refused every designer endpoint (403) and nothing is written', async () => {
    const before = await counts(server.ctx.db);
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
    expect(await counts(server.ctx.db)).toEqual(before);
  });

  it('only the admin role holds the designer buttons', async () => {
    const rows = await sql<{ role_code: string; perms: string }>`select r.role_code, p.perms from sys_permission p
      join sys_role_permission rp on rp.permission_id = p.id join sys_role r on r.id = rp.role_id
      where p.perms like 'online:%'`.execute(server.ctx.db);
    expect(rows.rows.length).toBeGreaterThanOrEqual(14);
    expect(new Set(rows.rows.map((r) => r.role_code))).toEqual(new Set(['admin']));
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
  let reader: Client;
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
