import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import type { Db } from '../../src/server/db/connection.js';
import { client, login, startTestServer } from './harness.js';
import type { Client } from './sys-admin-helpers.js';

/**
 * Shared setup of the online form designer tests (cgform-designer*.test.ts): a test server with
 * the admin and wms_demo (no designer rights) signed in, the maintenance screen they author, and
 * the row counts a refused call must leave alone.
 */
export let server: StartedServer;
export let admin: Client;
export let wms: Client;

/** Starts `server` (signing in `admin` and `wms`) before the file's tests and closes it after them. */
export function useDesignerServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    admin = client(server, await login(server, 'admin'));
    wms = client(server, await login(server, 'wms_demo'));
  });
  afterAll(async () => server?.close());
}

/** The authored 车辆保养 screen (wms_vehicle_maint), with `fields` added after its four. */
export const maintenance = (fields: ScreenSchema['fields'] = []): ScreenSchema => ({
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

/** Row counts of the form heads, their fields and the menu. */
export const counts = async (db: Db) =>
  (
    await sql<{ h: number; f: number; p: number }>`select (select count(*)::int from onl_cgform_head) as h,
      (select count(*)::int from onl_cgform_field) as f, (select count(*)::int from sys_permission) as p`.execute(db)
  ).rows[0];
