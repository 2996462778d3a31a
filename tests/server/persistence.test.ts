import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { prepareServer } from '../../src/server/start.js';
import { openDatabase } from '../../src/server/db/connection.js';
import { client, login } from './harness.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-persist-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// The embedded database only: a file-backed PGlite under DATA_DIR.
describe.skipIf(!!process.env.DATABASE_URL)('embedded database under DATA_DIR', () => {
  it('generates the admin password on first start, keeps records across restarts and refuses a second instance', async () => {
    const config = loadConfig({}, { dataDir, captchaEnabled: false, logLevel: 'silent', seedDemo: false, adminPassword: undefined });
    const first = await prepareServer(config);
    expect(first.seed?.adminPasswordGenerated).toBe(true);
    const file = fs.readFileSync(path.join(dataDir, 'admin-password.txt'), 'utf8').trim().split('\n');
    expect(file[0]).toBe('admin');
    const password = file[1];
    expect(password).toMatch(/^(?=.*[a-zA-Z])(?=.*\d)[A-Za-z0-9]{16}$/);
    // a second process on the same folder is refused while the first holds it
    await expect(openDatabase({ dataDir })).rejects.toThrow(/正被另一个服务进程使用/);
    const token = await login(first, 'admin', password);
    const add = await client(first, token).post('/online/cgform/api/form/wms_vehicle', {
      plate_no: '京A·12345',
      vehicle_type: '1',
      brand_model: '大众帕萨特',
      vin: 'LSVAB2BM0KN123456',
      fuel_type: '1',
      purchase_date: '2024-05-01',
      owner_dept: 'A01A05',
      insurance_expiry: '2027-05-01',
      inspection_due: '2027-05-01',
      vehicle_status: '1',
    });
    expect(add.body.success).toBe(true);
    await first.close();

    const second = await prepareServer(config);
    expect(second.seed).toBeNull();
    const token2 = await login(second, 'admin', password);
    const got = await client(second, token2).get(`/online/cgform/api/form/wms_vehicle/${add.body.result}`);
    expect(got.body.result.plate_no).toBe('京A·12345');
    // the old token's session survived the restart too (sessions live in the database)
    expect((await client(second, token).get('/sys/permission/getUserPermissionByToken')).status).toBe(200);
    await second.close();
  });
});
