import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { pendingMigrations } from '../db/migrate.js';

/** One checked part of readiness (Spring Boot actuator shape). */
interface Component {
  status: 'UP' | 'DOWN';
  details?: Record<string, unknown>;
}

/**
 * Readiness of this process: the database answers `select 1` within `timeoutMs` and every
 * migration this build knows is applied; `stopping` (a graceful shutdown began) makes it DOWN
 * so a load balancer stops sending new requests. Returns the actuator JSON and the HTTP status
 * (200 UP, 503 DOWN).
 */
export async function readiness(
  ctx: AppContext,
  stopping: boolean,
  timeoutMs = 3_000,
): Promise<{ status: 200 | 503; body: { status: 'UP' | 'DOWN'; components: Record<string, Component> } }> {
  const components: Record<string, Component> = {};
  const started = Date.now();
  try {
    await withTimeout(sql`select 1`.execute(ctx.db), timeoutMs);
    components.db = { status: 'UP', details: { database: ctx.dbKind, ms: Date.now() - started } };
  } catch (err) {
    components.db = { status: 'DOWN', details: { database: ctx.dbKind, error: (err as Error).message } };
  }
  if (components.db.status === 'UP') {
    try {
      const pending = await withTimeout(pendingMigrations(ctx.db), timeoutMs);
      components.migrations = pending.length ? { status: 'DOWN', details: { pending } } : { status: 'UP' };
    } catch (err) {
      components.migrations = { status: 'DOWN', details: { error: (err as Error).message } };
    }
  } else components.migrations = { status: 'DOWN', details: { error: 'database unreachable' } };
  components.process = stopping ? { status: 'DOWN', details: { shuttingDown: true } } : { status: 'UP' };
  const up = Object.values(components).every((c) => c.status === 'UP');
  return { status: up ? 200 : 503, body: { status: up ? 'UP' : 'DOWN', components } };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e as Error);
      },
    );
  });
}

/**
 * The health endpoints, public and plain JSON (no envelope: load balancers and orchestrators
 * read them), inside the API prefix:
 * - `GET {base}/actuator/health` and `{base}/actuator/health/liveness`: the process answers
 *   (200 `{"status":"UP"}`), nothing else is checked;
 * - `GET {base}/actuator/health/readiness`: `readiness()` (200 UP or 503 DOWN with the failing
 *   component).
 * `isStopping` tells whether a graceful shutdown began.
 */
export function healthRoutes(api: FastifyInstance, ctx: AppContext, isStopping: () => boolean): void {
  const live = { config: { public: true } } as const;
  const alive = async () => ({ status: 'UP' });
  api.get('/actuator/health', live, alive);
  api.get('/actuator/health/liveness', live, alive);
  api.get('/actuator/health/readiness', live, async (_req, reply) => {
    const r = await readiness(ctx, isStopping());
    return reply.code(r.status).header('Cache-Control', 'no-store').send(r.body);
  });
}
