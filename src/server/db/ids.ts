import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/** How many worker numbers an id can hold (4 decimal digits). */
export const ID_WORKERS = 10_000;
/** Ids one worker mints per millisecond (2 decimal digits); the next one waits for the next millisecond. */
const PER_MS = 100;

/**
 * Record id generator in the spirit of MyBatis-Plus ASSIGN_ID (snowflake): a 19-digit decimal
 * string of the millisecond time (13 digits), the worker number (4 digits) and a per-worker
 * sequence (2 digits). Ids of one generator are strictly increasing; ids of all generators are
 * ordered by creation millisecond. Two generators with different worker numbers never mint the
 * same id, so every server process takes its worker number from a database sequence
 * (`claimIdWorker`). Ids are strings on the wire (api-contract §1.8).
 */
export class IdGenerator {
  private lastMs = 0;
  private seq = 0;

  /** `worker`: 0 … ID_WORKERS-1; throws RangeError outside. */
  constructor(private worker: number) {
    this.setWorker(worker);
  }

  /** Changes the worker number for the ids minted from now on (time and sequence state kept). */
  setWorker(worker: number): void {
    if (!Number.isInteger(worker) || worker < 0 || worker >= ID_WORKERS) throw new RangeError(`id worker ${worker} out of range`);
    this.worker = worker;
  }

  /** The worker number in use. */
  get workerNumber(): number {
    return this.worker;
  }

  /** The next id; waits (busily, below one millisecond) when this millisecond's sequence is spent. */
  next(): string {
    let now = Date.now();
    // a clock stepping back never yields an id below one already minted
    if (now < this.lastMs) now = this.lastMs;
    if (now === this.lastMs) {
      this.seq += 1;
      if (this.seq >= PER_MS) {
        while (Date.now() <= this.lastMs) {
          // spin to the next millisecond
        }
        now = Date.now();
        this.lastMs = now;
        this.seq = 0;
      }
    } else {
      this.lastMs = now;
      this.seq = 0;
    }
    return `${now}${String(this.worker).padStart(4, '0')}${String(this.seq).padStart(2, '0')}`;
  }
}

// until the database hands out a worker number (claimIdWorker), a random one
const processIds = new IdGenerator(randomInt(0, ID_WORKERS));

/** New record id from this process's generator (see IdGenerator). */
export function newId(): string {
  return processIds.next();
}

/**
 * Draws the next record-id worker number from the database sequence `sys_id_worker_seq`
 * (migration 008), modulo ID_WORKERS: every server start gets the next one, so processes sharing
 * one database mint disjoint ids unless ID_WORKERS starts happen while one of them runs.
 */
export async function drawIdWorker(db: Kysely<any>): Promise<number> {
  const { rows } = await sql<{ n: string }>`select nextval('sys_id_worker_seq') as n`.execute(db);
  return Number(BigInt(rows[0].n) % BigInt(ID_WORKERS));
}

/** Gives this process's id generator (newId) a worker number drawn from the database; returns it. */
export async function claimIdWorker(db: Kysely<any>): Promise<number> {
  const worker = await drawIdWorker(db);
  processIds.setWorker(worker);
  return worker;
}
