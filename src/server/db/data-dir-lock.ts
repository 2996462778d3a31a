import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** Where the lock of a data folder lives, and the file naming its owner (pid@host). */
const LOCK_FILE = 'instance.lock';
const OWNER_FILE = 'instance.owner';

/** True when `pid` names a live process on this machine. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True when the lock on `dataDir` was left by a process of this host that no longer runs (a
 * crash or SIGKILL: the lock's mtime is still fresh for up to `stale` ms, but nobody holds it).
 */
function ownerIsGone(dataDir: string): boolean {
  try {
    const [pid, host] = fs.readFileSync(path.join(dataDir, OWNER_FILE), 'utf8').trim().split('@');
    return host === os.hostname() && Number(pid) > 0 && Number(pid) !== process.pid && !alive(Number(pid));
  } catch {
    return false;
  }
}

/**
 * Takes the exclusive lock of the embedded database's folder `dataDir` (one server process per
 * folder). A lock left by a crashed process of this machine is taken over at once; a lock held
 * by a live process throws an Error with a clear message. Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const take = () =>
    lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, LOCK_FILE),
      stale: 15_000,
      update: 5_000,
      retries: 0,
      onCompromised: (err) => console.error('data folder lock lost:', err.message),
    });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (err) {
    if ((err as { code?: string }).code !== 'ELOCKED') throw err;
    if (!ownerIsGone(dataDir)) throw new Error(`数据目录 ${dataDir} 正被另一个服务进程使用，拒绝启动第二个实例。`);
    fs.rmSync(path.join(dataDir, LOCK_FILE), { recursive: true, force: true });
    release = await take();
  }
  fs.writeFileSync(path.join(dataDir, OWNER_FILE), `${process.pid}@${os.hostname()}`);
  return release;
}
