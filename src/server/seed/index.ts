import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/connection.js';
import type { ServerConfig } from '../config.js';
import type { ScreenRegistry } from '../online/screen-registry.js';
import { formatDateTime } from '../../shared/time.js';
import { generatePassword, hashPassword } from '../modules/auth/password.js';
import { seedDicts } from './dicts.js';
import { seedOrg } from './org.js';
import { seedUsers } from './users.js';
import { seedArea } from './area.js';
import { createRng } from './random.js';
import { seedBusinessData } from './business/index.js';
import { seedSystemOps } from './system-ops.js';
import { seedSystemData } from './system-data.js';
import { seedAnnouncements } from './announcements.js';
import { syncMenus } from './menus.js';
import { syncReports, type ReportFile } from '../online/cgreport/report-files.js';
import { grantDefaultRoles } from './role-grants.js';

export interface SeedReport {
  adminPasswordGenerated: boolean;
  users: number;
  areaRows: number;
  businessRows: Record<string, number>;
}

/**
 * Seeds a new database once (marker `seeded_at` in sys_install): dictionaries, departments,
 * users and roles, China's divisions, menus (screens' and `reports`') and grants, and demo business rows. The admin
 * password is ADMIN_PASSWORD or a generated one, printed once and written to
 * `<DATA_DIR>/admin-password.txt`. Returns null when the database was already seeded.
 */
export async function firstStartSeed(
  db: Db,
  config: ServerConfig,
  screens: ScreenRegistry,
  reports: readonly ReportFile[] = [],
): Promise<SeedReport | null> {
  const done = await db.selectFrom('sys_install').select('value').where('key', '=', 'seeded_at').executeTakeFirst();
  if (done) return null;
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await seedDicts(db);
  const departs = await seedOrg(db);
  const { users } = await seedUsers(db, { passwordHash, departs });
  await seedSystemData(db);
  const areaRows = await seedArea(db);
  await syncMenus(db, screens);
  // report screens (预警中心, 首页 …) have menus too: they exist before the roles are granted
  await syncReports(db, reports);
  await grantDefaultRoles(db);
  await seedSystemOps(db, config.seedDemo);
  const businessRows: Record<string, number> = {};
  if (config.seedDemo) {
    const baseDate = new Date();
    Object.assign(
      businessRows,
      await seedBusinessData(db, screens, { users, departs, rng: createRng(20261122), baseDate }, config.seedDemoTables),
    );
    businessRows.sys_announcement = await seedAnnouncements(db, users, baseDate);
  }
  await db.insertInto('sys_install').values({ key: 'seeded_at', value: formatDateTime() }).execute();
  if (generated) announcePassword(config.dataDir, password);
  return { adminPasswordGenerated: generated, users: users.length, areaRows, businessRows };
}

function announcePassword(dataDir: string, password: string): void {
  const file = path.join(dataDir, 'admin-password.txt');
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `admin\n${password}\n`, { mode: 0o600 });
  } catch {
    // the console line below is the record
  }
  const line = '='.repeat(64);
  console.log(
    `${line}\n 首次启动：已生成管理员 admin 的初始密码：${password}\n 所有演示账号使用同一密码；它也已写入 ${file}\n 登录后请尽快修改密码。\n${line}`,
  );
}
