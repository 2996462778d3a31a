import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context.js';
import { AuthError, BizError, ForbiddenError } from '../http/envelope.js';
import { ONLINE_SCREEN } from '../modules/online-user/routes.js';

/** Connection figures of the database handle (pg pool, or the embedded database's one connection). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The Prometheus metrics of one app (its own registry, so several test servers in one process
 * never mix): the process defaults of prom-client (CPU, memory, event-loop lag and its
 * percentiles, GC), `http_request_duration_seconds{method,route,status_code}` (route = the
 * route's pattern, never the raw URL), `http_request_errors_total{route,kind}` (kind `user` for
 * business refusals answered 200 success:false, `auth`, `server`), and the database
 * connection gauges `db_pool_connections{state}`.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly durations: Histogram<'method' | 'route' | 'status_code'>;
  private readonly errors: Counter<'route' | 'kind'>;

  constructor(poolStats: () => PoolStats) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'API request durations by route pattern',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.errors = new Counter({
      name: 'http_request_errors_total',
      help: 'API requests that failed, by route pattern and kind (user, auth, server)',
      labelNames: ['route', 'kind'],
      registers: [this.registry],
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections by state (total, idle, waiting = requests queued for one)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }

  /** Records one finished request (`seconds` elapsed). */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.durations.observe({ method, route, status_code: String(status) }, seconds);
    if (status >= 500) this.errors.inc({ route, kind: 'server' });
  }

  /** Records a request that ended in an error handled by the wire policy (not 5xx: those count in observe). */
  error(route: string, err: unknown): void {
    if (err instanceof AuthError || err instanceof ForbiddenError) this.errors.inc({ route, kind: 'auth' });
    else if (err instanceof BizError || (err as { validation?: unknown }).validation) this.errors.inc({ route, kind: 'user' });
  }

  /** The text exposition (Content-Type `this.registry.contentType`). */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/**
 * Hooks the request metrics on the root app (every API and static request; the route label is
 * the matched pattern, `unmatched` for a 404) and serves them:
 * - `GET {base}/actuator/prometheus` for a signed-in user holding the system monitor's online
 *   users menu (admin by default), like any other API call (token header);
 * - and, when `metricsPort` is set, on a separate plain HTTP listener `GET /metrics` on that
 *   port without a token (bind it to an internal interface; `metricsHost`).
 * Returns a function that closes the separate listener.
 */
export async function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  opts: { metricsPort?: number; metricsHost: string },
): Promise<() => Promise<void>> {
  const routeOf = (req: { routeOptions: { url?: string } }) => req.routeOptions.url ?? 'unmatched';
  app.addHook('onResponse', async (req, reply) => {
    metrics.observe(req.method, routeOf(req), reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onError', async (req, _reply, err) => {
    metrics.error(routeOf(req), err);
  });
  if (opts.metricsPort === undefined) return async () => undefined;
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end('Not Found');
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end('metrics failed'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.metricsPort, opts.metricsHost, () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The API route of the metrics (see registerMetrics). */
export function metricsRoute(api: FastifyInstance, ctx: AppContext, metrics: AppMetrics): void {
  api.get('/actuator/prometheus', async (req, reply) => {
    await ctx.perms.assertMenu(req.user, ONLINE_SCREEN.menu);
    return reply.header('Content-Type', metrics.registry.contentType).send(await metrics.text());
  });
}
