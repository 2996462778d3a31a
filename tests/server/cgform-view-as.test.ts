import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startTestServer } from './harness.js';
import { createUser, permId, type Client } from './sys-admin-helpers.js';

// 按角色预览: the designer shows a screen as a chosen user gets it — buttons, columns, disabled
// fields and rows under their data rules and tenant — without signing in as them, audited.
let server: StartedServer;
let admin: Client;
let wms: Client;
const viewAs = (c: Client, query: Record<string, string | number>) => c.get('/online/cgform/head/viewAs', query);
const logLines = () =>
  server.ctx.db.selectFrom('sys_log').select(['log_content', 'userid']).where('log_content', 'like', '按角色预览%').execute();

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
  wms = client(server, await login(server, 'wms_demo'));
}, 120_000);
afterAll(async () => server?.close());

/** A data rule on wms_vehicle's menu granted to wms_demo's roles: only the rows of one vehicle type. */
async function restrictWmsToType(vehicleType: string): Promise<void> {
  const menuId = await permId(server, '/online/cgformList/wms_vehicle');
  const add = await admin.post('/sys/permission/addPermissionRule', {
    permissionId: menuId,
    ruleName: '预览范围',
    status: '1',
    ruleColumn: 'vehicleType',
    ruleConditions: '=',
    ruleValue: vehicleType,
  });
  expect(add.body.success).toBe(true);
  const roles = await server.ctx.db
    .selectFrom('sys_user_role')
    .innerJoin('sys_user', 'sys_user.id', 'sys_user_role.user_id')
    .select('sys_user_role.role_id')
    .where('sys_user.username', '=', 'wms_demo')
    .execute();
  for (const r of roles) {
    const granted = await admin.post('/sys/role/datarule', { permissionId: menuId, roleId: r.role_id, dataRuleIds: add.body.result });
    expect(granted.body.success).toBe(true);
  }
}

describe('view as (按角色预览)', () => {
  it('a non-admin is refused (403) and nothing is logged', async () => {
    const res = await viewAs(wms, { id: 'wms_vehicle', username: 'admin' });
    expect(res.status).toBe(403);
    expect(await logLines()).toEqual([]);
  });

  it('answers for wms_demo exactly what wms_demo gets when signed in: buttons, columns, disabled fields, rows under a data rule; audited', async () => {
    const types = await server.ctx.db
      .selectFrom('wms_vehicle' as never)
      .select('vehicle_type' as never)
      .execute();
    const type = String((types[0] as { vehicle_type: string }).vehicle_type);
    await restrictWmsToType(type);

    const res = await viewAs(admin, { id: 'wms_vehicle', username: 'wms_demo', pageSize: 50 });
    expect(res.body.success).toBe(true);
    const view = res.body.result;
    expect(view).toMatchObject({ readable: true, user: { username: 'wms_demo' } });

    const own = {
      columns: (await wms.get('/online/cgform/api/getColumns/wms_vehicle')).body.result,
      form: (await wms.get('/online/cgform/api/getFormItem/wms_vehicle')).body.result,
      data: (await wms.get('/online/cgform/api/getData/wms_vehicle', { pageSize: 50 })).body.result,
      auth: (await wms.get('/sys/permission/getUserPermissionByToken')).body.result.auth as { action: string }[],
    };
    expect(view.columns).toEqual(own.columns);
    expect(view.disabledFields).toEqual(own.form.disabledFields);
    expect(view.data).toEqual(own.data);
    // the data rule applies: fewer rows than the admin sees, all of the one type
    const adminTotal = (await admin.get('/online/cgform/api/getData/wms_vehicle', { pageSize: 1 })).body.result.total;
    expect(view.data.total).toBeLessThan(adminTotal);
    expect(new Set(view.data.records.map((r: { vehicle_type: string }) => r.vehicle_type))).toEqual(new Set([type]));
    // buttons: held by the signed-in user, and the list buttons not held are the hidden ones
    const held = new Set(own.auth.map((a) => a.action));
    const list = ['add', 'edit', 'delete', 'batch_delete', 'export', 'import'];
    expect(list.filter((b) => view.buttons.includes(b))).toEqual(list.filter((b) => held.has(`wms:vehicle:${b}`)));
    expect(view.buttons).toContain('add');
    expect(view.buttons).not.toContain('delete');
    expect(view.columns.hideColumns).toContain('delete');

    const lines = await logLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ userid: 'admin' });
    expect(lines[0].log_content).toContain('wms_demo');
    expect(lines[0].log_content).toContain('wms_vehicle');
  });

  it('a screen the user has no menu for is not readable (they would get 403); unknown users and tenants are refused clearly', async () => {
    const signedIn = await wms.get('/online/cgform/api/getColumns/fin_bank_account');
    expect(signedIn.status).toBe(403);
    const res = await viewAs(admin, { id: 'fin_bank_account', username: 'wms_demo' });
    expect(res.body.result).toEqual({
      user: expect.objectContaining({ username: 'wms_demo' }),
      readable: false,
      buttons: [],
    });
    expect((await viewAs(admin, { id: 'wms_vehicle', username: 'nobody_here' })).body).toMatchObject({
      success: false,
      message: '未找到用户：nobody_here',
    });
    expect((await viewAs(admin, { id: 'wms_vehicle', username: 'wms_demo', tenantId: 99999 })).body).toMatchObject({
      success: false,
      message: '用户 wms_demo 不属于该租户',
    });
  });

  it('lists the tenants of a user who has several and previews the one chosen', async () => {
    await server.ctx.db
      .insertInto('sys_tenant')
      .values([
        { id: 3101, name: '华东分公司', status: 1 },
        { id: 3102, name: '华南分公司', status: 1 },
      ] as never)
      .execute();
    await createUser(admin, 'va_two_tenants');
    await server.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: '3101,3102' }).where('username', '=', 'va_two_tenants').execute();
    let res = await viewAs(admin, { id: 'wms_vehicle', username: 'va_two_tenants' });
    expect(res.body.result.user).toMatchObject({
      tenantId: 3101,
      tenants: [
        { id: 3101, name: '华东分公司' },
        { id: 3102, name: '华南分公司' },
      ],
    });
    res = await viewAs(admin, { id: 'wms_vehicle', username: 'va_two_tenants', tenantId: 3102 });
    expect(res.body.result.user.tenantId).toBe(3102);
    // the log line is written beside the answer, not before it
    await expect
      .poll(async () => (await logLines()).map((l) => l.log_content))
      .toContainEqual(expect.stringContaining('va_two_tenants（租户 3102）'));
  });
});
