import { describe, expect, it } from 'vitest';
import { ReadWriteLock } from './rw-lock.js';

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
});
