import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/db/data-dir-lock.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A data folder whose lock looks just taken (fresh mtime) by `pid` of this host. */
function lockedBy(pid: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-lock-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'instance.lock'));
  fs.writeFileSync(path.join(dir, 'instance.owner'), `${pid}@${os.hostname()}`);
  return dir;
}

// The embedded database's folder lock: one server per folder, and a crash does not block the restart.
describe('the data folder lock', () => {
  it('takes over at once a lock left by a process that no longer runs (crash, SIGKILL)', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const release = await lockDataDir(lockedBy(dead));
    await release();
  });

  it('refuses a folder whose lock owner still runs', async () => {
    await expect(lockDataDir(lockedBy(process.ppid))).rejects.toThrow(/正被另一个服务进程使用/);
  });
});
