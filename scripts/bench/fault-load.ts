import { randomBytes } from 'node:crypto';

const BASE = '/jeecg-boot';

/** How one request ended. */
export type Outcome = 'ok' | 'refused' | 'db-503' | 'busy-503' | 'auth' | 'server' | 'network';

/** One request of the load: which process, when (ms since epoch), how it ended; adds carry their role code. */
export interface Sample {
  /** the simulated user who sent it */
  user: number;
  target: number;
  kind: 'login' | 'add' | 'list';
  start: number;
  end: number;
  outcome: Outcome;
  code?: string;
  /** the answer's message when it was not ok */
  message?: string;
}

/**
 * Sends requests round-robin to the processes that are not marked down, as a proxy does
 * (nginx `max_fails=1`): a process whose connection is refused or cut is marked down on that
 * first failure and gets nothing more. A failed request is not sent again (an add is not
 * idempotent), so every failure shows in the figures.
 */
export class Balancer {
  private turn = 0;
  readonly down = new Set<number>();
  constructor(readonly urls: string[]) {}

  /** True when no process is left to send to. */
  allDown(): boolean {
    return this.down.size >= this.urls.length;
  }

  next(): number {
    for (let i = 0; i < this.urls.length; i++) {
      const t = this.turn++ % this.urls.length;
      if (!this.down.has(t)) return t;
    }
    throw new Error('every process is down');
  }
}

/** Sends one request to process `target` and records its outcome in `out`; returns the answer's body. */
async function send(
  lb: Balancer,
  out: Sample[],
  user: number,
  target: number,
  kind: Sample['kind'],
  path: string,
  init: RequestInit,
  code?: string,
): Promise<any> {
  const start = Date.now();
  let outcome: Outcome;
  let body: any = null;
  try {
    const res = await fetch(`${lb.urls[target]}${BASE}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
    body = await res.json().catch(() => null);
    if (res.status === 503) outcome = body?.message === '数据库暂时不可用，请稍后重试' ? 'db-503' : 'busy-503';
    else if (res.status === 401 || res.status === 403) outcome = 'auth';
    else if (res.status >= 500) outcome = 'server';
    else outcome = body?.success === true ? 'ok' : 'refused';
  } catch {
    outcome = 'network';
    lb.down.add(target);
  }
  out.push({
    user,
    target,
    kind,
    start,
    end: Date.now(),
    outcome,
    code,
    ...(outcome === 'ok' ? {} : { message: String(body?.message ?? '') }),
  });
  return body;
}

/**
 * Simulated users: each signs in as `username` (captcha off) on the next process, then until
 * `stop()` returns true (or every process is down) alternates an add (a role with a unique code `<tag>_<user>_<n>`) and a
 * list read, each on the next process. Returns at once the samples (filled as requests end),
 * which process each user signed in on, and `done` (every user stopped).
 */
export function runUsers(opts: { lb: Balancer; users: number; username: string; password: string; tag: string; stop: () => boolean }): {
  samples: Sample[];
  signedInOn: number[];
  done: Promise<void>;
} {
  const samples: Sample[] = [];
  const signedInOn: number[] = [];
  const json = { 'content-type': 'application/json' };
  const stop = () => opts.stop() || opts.lb.allDown();
  const user = async (u: number) => {
    let token: string | undefined;
    while (!token && !stop()) {
      const at = opts.lb.next();
      const body = await send(opts.lb, samples, u, at, 'login', '/sys/login', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: opts.username, password: opts.password }),
      });
      token = body?.result?.token;
      if (token) signedInOn[u] = at;
    }
    const headers = { 'x-access-token': token ?? '' };
    for (let n = 0; token && !stop(); n++) {
      const code = `${opts.tag}_${u}_${n}_${randomBytes(2).toString('hex')}`;
      await send(
        opts.lb,
        samples,
        u,
        opts.lb.next(),
        'add',
        '/sys/role/add',
        { method: 'POST', headers: { ...headers, ...json }, body: JSON.stringify({ roleCode: code, roleName: `故障${u}-${n}` }) },
        code,
      );
      if (stop()) break;
      await send(opts.lb, samples, u, opts.lb.next(), 'list', '/sys/role/list?pageNo=1&pageSize=5', { headers });
    }
  };
  const done = Promise.all(Array.from({ length: opts.users }, (_, u) => user(u))).then(() => undefined);
  return { samples, signedInOn, done };
}

/** Counts of outcomes in `samples`, e.g. `{ ok: 120, network: 3 }`. */
export function tally(samples: Sample[]): Partial<Record<Outcome, number>> {
  const t: Partial<Record<Outcome, number>> = {};
  for (const s of samples) t[s.outcome] = (t[s.outcome] ?? 0) + 1;
  return t;
}

/** Waits until `cond()` holds (checked every 100 ms) or `maxMs` passed; returns whether it held. */
export async function until(cond: () => boolean, maxMs: number): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  while (!cond()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** How many adds in `samples` were acknowledged (answered ok). */
export const acknowledged = (samples: Sample[]): number => samples.filter((s) => s.kind === 'add' && s.outcome === 'ok').length;
