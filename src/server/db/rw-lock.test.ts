import { describe, expect, it } from 'vitest';
import { LockTimeoutError, ReadWriteLock } from './rw-lock.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('ReadWriteLock', () => {
  it('lets readers share and keeps a writer alone', async () => {
    const lock = new ReadWriteLock();
    const log: string[] = [];
    await lock.shared();
    await lock.shared();
    const w = lock.exclusive().then(() => log.push('writer'));
    const r3 = lock.shared().then(() => log.push('reader3'));
    await tick();
    expect(log).toEqual([]);
    lock.releaseShared();
    await tick();
    expect(log).toEqual([]);
    lock.releaseShared();
    await w;
    expect(log).toEqual(['writer']);
    lock.releaseExclusive();
    await r3;
    expect(log).toEqual(['writer', 'reader3']);
  });

  it('serves two writers one after the other', async () => {
    const lock = new ReadWriteLock();
    const log: string[] = [];
    await lock.exclusive();
    const b = lock.exclusive().then(() => log.push('b'));
    await tick();
    expect(log).toEqual([]);
    lock.releaseExclusive();
    await b;
    expect(log).toEqual(['b']);
  });

  it('gives up a wait after the time limit and serves the next', async () => {
    const lock = new ReadWriteLock(30);
    await lock.exclusive();
    const late = lock.exclusive();
    await expect(late).rejects.toBeInstanceOf(LockTimeoutError);
    // the writer that gave up no longer holds readers back once the holder is done
    const reader = lock.shared();
    lock.releaseExclusive();
    await expect(reader).resolves.toBeUndefined();
    lock.releaseShared();
    await expect(lock.exclusive()).resolves.toBeUndefined();
  });
});
