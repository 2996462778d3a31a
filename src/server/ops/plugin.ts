import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { failBody } from '../http/envelope.js';
import { WIRE_TEXT } from '../../shared/envelope.js';
import { healthRoutes } from './health.js';
import { AppMetrics, metricsRoute, registerMetrics, type PoolStats } from './metrics.js';

/** Seconds a client is told to wait (Retry-After) when a saturated process refuses a request. */
export const PRESSURE_RETRY_AFTER_S = 5;

/** What a process keeps about its own operation: the metrics and whether it is stopping. */
export interface OpsState {
  metrics: AppMetrics;
  isStopping(): boolean;
}

/**
 * Operations of the root app:
 * - load shedding with @fastify/under-pressure: while the event loop's mean delay exceeds
 *   `config.maxEventLoopDelayMs` (0 = off) every request except liveness is answered at once
 *   with HTTP 503, `Retry-After` and the wire envelope's busy message, instead of queueing
 *   until clients time out;
 * - request metrics (metrics.ts), and the separate metrics port when configured;
 * - graceful shutdown's first step (`preClose`): readiness turns DOWN, and requests still in
 *   flight after `config.shutdownDrainMs` have their connections closed, so the database
 *   still closes cleanly within the shutdown bound.
 * Register on the root app before the API scope; `opsRoutes` adds the routes inside it.
 */
export async function registerOps(app: FastifyInstance, ctx: AppContext, poolStats: () => PoolStats): Promise<OpsState> {
  let stopping = false;
  const { config } = ctx;
  if (config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      sampleInterval: config.pressureSampleMs,
      retryAfter: PRESSURE_RETRY_AFTER_S,
      pressureHandler: (req, reply) => {
        // liveness stays UP: restarting a busy process would only add load
        if (req.url.startsWith(config.apiBase + '/actuator/health/liveness') || req.url === config.apiBase + '/actuator/health')
          return undefined;
        reply.code(503).header('Retry-After', String(PRESSURE_RETRY_AFTER_S));
        // a value returned here is what under-pressure sends (its typing says void)
        return failBody(WIRE_TEXT.busy, 503) as unknown as void;
      },
    });
  }
  const metrics = new AppMetrics(poolStats);
  const closeMetricsPort = await registerMetrics(app, metrics, { metricsPort: config.metricsPort, metricsHost: config.metricsHost });
  let drainTimer: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    stopping = true;
    drainTimer = setTimeout(() => app.server.closeAllConnections?.(), config.shutdownDrainMs);
    drainTimer.unref?.();
  });
  app.addHook('onClose', async () => {
    if (drainTimer) clearTimeout(drainTimer);
    await closeMetricsPort();
  });
  return { metrics, isStopping: () => stopping };
}

/** The operation routes inside the API scope: health (public) and the metrics (signed-in monitor). */
export async function opsRoutes(api: FastifyInstance, opts: { ops: OpsState }): Promise<void> {
  healthRoutes(api, api.ctx, opts.ops.isStopping);
  metricsRoute(api, api.ctx, opts.ops.metrics);
}
