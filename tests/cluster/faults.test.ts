import { describe, expect, it } from 'vitest';
import { clusterFaults, embeddedKill } from '../../scripts/bench/faults.js';
import { postgresBinaries } from '../../scripts/bench/private-postgres.js';

// The faults of scripts/bench/faults.ts (npm run bench:faults) with a small load: a kill -9 of one
// of three processes and a PostgreSQL restart (a private server of this machine's binaries, so
// nothing else is disturbed), then a kill -9 of the embedded database's single process.
const canRunPostgres = !!postgresBinaries();

describe('faults under load', () => {
  it.skipIf(!canRunPostgres)(
    'three processes on PostgreSQL: a killed process fails only what it held; a PostgreSQL restart costs 503s only; nothing acknowledged is lost',
    async () => {
      const f = await clusterFaults({ users: 12, warmMs: 1_500, afterKillMs: 2_500, afterRestartMs: 5_000, log: (l) => console.log(l) });
      console.log(`faults on PostgreSQL: ${JSON.stringify(f)}`);
      expect(f.requests).toBeGreaterThan(100);
      // the kill: some requests were held by the killed process; no other process failed one
      expect(f.kill.failedOnKilled.inFlight + f.kill.failedOnKilled.afterKill).toBeGreaterThan(0);
      expect(f.kill.failedOnOthers).toBe(0);
      // sessions signed in on the killed process go on elsewhere
      if (f.kill.sessionsMoved.users > 0) expect(f.kill.sessionsMoved.okAfterKill).toBeGreaterThan(0);
      // the restart: the same processes answer again, having answered only ok or 503 meanwhile
      expect(f.restart.sameProcesses).toBe(true);
      expect(Object.keys(f.restart.outcomes).filter((k) => k !== 'ok' && k !== 'db-503')).toEqual([]);
      for (const ms of f.restart.reconnectMs) expect(ms).toBeGreaterThanOrEqual(0);
      expect(f.restart.busBackMs).toBeLessThan(30_000);
      expect(f.records.acknowledged).toBeGreaterThan(50);
      expect(f.records.lost).toBe(0);
    },
    400_000,
  );

  it('one process on the embedded database: every add acknowledged before a kill -9 is there after the restart', async () => {
    const f = await embeddedKill({ writers: 6, killAfterMs: 1_500 });
    console.log(`fault on the embedded database: ${JSON.stringify(f)}`);
    expect(f.records.acknowledged).toBeGreaterThan(20);
    expect(f.records.lost).toBe(0);
  }, 400_000);
});
