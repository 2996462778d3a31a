import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { projectRoot } from '../../src/server/config.js';
import { startServerProcess, type RunningServer } from '../../scripts/bench/server-process.js';

// The operations commands on real server processes: db:backup while the server runs,
// db:restore with it stopped, and db:export-to-postgres (the upgrade path; needs PostgreSQL).
const PASSWORD = 'Backup-pass-2026';
const dirs: string[] = [];
const running: RunningServer[] = [];
afterAll(async () => {
  for (const s of running) await s.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/** Runs an npm ops script (`tsx scripts/ops/NAME.ts args`) with DATA_DIR; returns exit code and output. */
function runScript(name: string, args: string[], dataDir: string): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts/ops', `${name}.ts`), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const s = await startServerProcess({
    port: 18000 + Math.floor(Math.random() * 900),
    dataDir,
    env: { ADMIN_PASSWORD: PASSWORD, CAPTCHA: 'off', SEED_DEMO: 'off', DATABASE_URL: '', ...env },
  });
  running.push(s);
  return s;
}

/** Signs in as admin over HTTP; returns a caller with the token. */
async function admin(s: RunningServer) {
  const login = await fetch(`${s.url}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  }).then((r) => r.json());
  if (!login.success) throw new Error(login.message);
  const headers = { 'x-access-token': login.result.token as string };
  return {
    post: (url: string, body: unknown) =>
      fetch(`${s.url}/jeecg-boot${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json()),
    roleCodes: async () => {
      const r = await fetch(`${s.url}/jeecg-boot/sys/role/list?pageSize=100`, { headers }).then((x) => x.json());
      return (r.result.records as { roleCode: string }[]).map((x) => x.roleCode);
    },
    upload: async (name: string, content: string) => {
      const form = new FormData();
      form.append('file', new Blob([content]), name);
      const r = await fetch(`${s.url}/jeecg-boot/sys/common/upload`, { method: 'POST', headers, body: form }).then((x) => x.json());
      return r.message as string;
    },
  };
}

describe.skipIf(!!process.env.DATABASE_URL)('db:backup and db:restore (embedded database)', () => {
  it('backs up while the server runs, refuses to restore under it, and restores exactly the backed-up state', async () => {
    const dataDir = tempDir('obo-backup-');
    const archive = path.join(tempDir('obo-archive-'), 'b.tar.gz');
    let server = await start(dataDir);
    let api = await admin(server);
    expect((await api.post('/sys/role/add', { roleCode: 'before_backup', roleName: '备份前' })).success).toBe(true);
    const uploaded = await api.upload('contract.txt', 'signed contract text');

    const backup = runScript('db-backup', [archive], dataDir);
    expect(backup.out).toContain('服务运行中');
    expect(backup.code).toBe(0);
    expect((await api.post('/sys/role/add', { roleCode: 'after_backup', roleName: '备份后' })).success).toBe(true);

    const refused = runScript('db-restore', [archive], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('正被另一个服务进程使用');

    await server.stop();
    const restore = runScript('db-restore', [archive], dataDir);
    expect(restore.out).toContain('恢复完成');
    expect(restore.code).toBe(0);
    expect(fs.readdirSync(dataDir).some((n) => n.startsWith('pgdata.before-restore-'))).toBe(true);

    server = await start(dataDir);
    api = await admin(server);
    const codes = await api.roleCodes();
    expect(codes).toContain('before_backup');
    expect(codes).not.toContain('after_backup');
    expect(fs.readFileSync(path.join(dataDir, 'upload', uploaded), 'utf8')).toBe('signed contract text');
    await server.stop();
  }, 400_000);
});

describe.skipIf(!process.env.DATABASE_URL)('db:export-to-postgres (the upgrade path)', () => {
  it('moves data, users and files to an empty PostgreSQL database, verified, and the server runs on it', async () => {
    const dataDir = tempDir('obo-export-');
    const source = await start(dataDir);
    const api = await admin(source);
    expect((await api.post('/sys/role/add', { roleCode: 'moved_role', roleName: '迁移角色' })).success).toBe(true);
    const uploaded = await api.upload('scan.txt', 'scanned invoice');
    await source.stop();

    const adminUrl = new URL(process.env.DATABASE_URL!);
    const dbName = `obo_export_${randomBytes(4).toString('hex')}`;
    const target = new URL(adminUrl);
    target.pathname = `/${dbName}`;
    const sqlAdmin = async (text: string) => {
      const c = new pg.Client({ connectionString: adminUrl.toString() });
      await c.connect();
      try {
        await c.query(text);
      } finally {
        await c.end();
      }
    };
    await sqlAdmin(`create database ${dbName}`);
    try {
      const newUploads = path.join(tempDir('obo-newdata-'), 'upload');
      const moved = runScript('db-export-to-postgres', [target.toString(), newUploads], dataDir);
      expect(moved.out).toMatch(/导入完成并已校验：\d+ 张表，\d+ 行，行数与抽样校验和一致；上传文件 1 个已复制并校验/);
      expect(moved.code).toBe(0);
      expect(fs.readFileSync(path.join(newUploads, uploaded), 'utf8')).toBe('scanned invoice');

      // a second run would overwrite: refused
      const again = runScript('db-export-to-postgres', [target.toString()], dataDir);
      expect(again.code).toBe(1);
      expect(again.out).toContain('目标数据库不是空的');

      // the same users sign in on PostgreSQL and see the moved data
      const onPg = await start(path.dirname(newUploads), { DATABASE_URL: target.toString() });
      const pgApi = await admin(onPg);
      expect(await pgApi.roleCodes()).toContain('moved_role');
      await onPg.stop();
    } finally {
      await sqlAdmin(`drop database if exists ${dbName} with (force)`);
    }
  }, 400_000);
});
