import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { AppContext } from './context.js';
import type { ServerConfig } from './config.js';
import type { Db } from './db/connection.js';
import { failBody } from './http/envelope.js';
import { installErrorHandler } from './http/error-handler.js';
import { appServices } from './http/app-services.js';
import { apiHooks } from './http/api-hooks.js';
import { registerApiDocs, registerOpenApi } from './http/api-docs.js';
import { schemaErrorFormatter } from './http/schema-errors.js';
import { registerCompression, serveClient } from './http/compression.js';
import { WIRE_TEXT } from '../shared/envelope.js';
import { TokenService, loadTokenSecret } from './modules/auth/token-service.js';
import { GRANT_SOURCE_TABLES, PermissionService } from './modules/auth/permission-service.js';
import { WriteWatchPlugin } from './db/write-watch.js';
import { DictService } from './modules/dict/dict-service.js';
import { CaptchaStore } from './modules/login/captcha.js';
import { loginModule } from './modules/login/plugin.js';
import { signInModule } from './modules/signin/index.js';
import { thirdAppModule } from './modules/third-app/routes.js';
import { logModule } from './modules/log/plugin.js';
import { dictModule } from './modules/dict/plugin.js';
import { userPickerModule } from './modules/user/plugin.js';
import { departPickerModule } from './modules/depart/plugin.js';
import { commonModule } from './modules/common/plugin.js';
import { announcementModule } from './modules/announcement/plugin.js';
import { dataLogModule } from './modules/datalog/plugin.js';
import { socketModule } from './ws/plugin.js';
import { CLOSE_RESTART } from './ws/socket-routes.js';
import { tenantScope } from './modules/tenant/plugin.js';
import { fileKeyHeader } from './modules/common/file-key-header.js';
import { authRateLimit } from './http/auth-rate-limit.js';
import { bodyLimits } from './http/body-limits.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { systemOpsModule } from './modules/system-ops.js';
import { systemModule } from './modules/system/plugin.js';
import { onlineModule, screenPathsModule } from './online/plugin.js';
import { cgreportModule } from './online/cgreport/plugin.js';
import { ScreenEndpoints } from './online/screen-endpoints.js';
import type { ScreenRegistry } from './online/screen-registry.js';
import { ScreenHookRegistry } from './online/screen-hooks.js';
import { DesignerStore } from './online/designer/store.js';
import { designerModule } from './online/designer/plugin.js';
import { registerFixedValueHooks } from './online/fixed-values.js';
import { dashboardModule } from './modules/dashboard/plugin.js';
import { workflowModule } from './modules/workflow/plugin.js';
import { opsRoutes, registerOps, type OpsState } from './ops/plugin.js';
import type { OpenedDatabase } from './db/connection.js';
import { openBus } from './cluster/bus.js';
import { connectCaches } from './cluster/wiring.js';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  captchas: CaptchaStore;
  /** Metrics and shutdown state of this process (ops/plugin.ts). */
  ops: OpsState;
}

/** A trust function believing the nearest `hops` proxies (TRUST_PROXY as a count). */
const hopsOf =
  (hops: number) =>
  (_address: string, index: number): boolean =>
    index < hops;

/**
 * Builds the Fastify app: the API under `config.apiBase` (token check on every route not
 * marked public, the wire policy's error handler, operation logging, answers compressed above a
 * threshold) and the built client at '/' (precompressed files) with history-mode fallback to
 * index.html.
 */
export async function buildApp(
  config: ServerConfig,
  db: Db,
  screens: ScreenRegistry,
  database: Pick<OpenedDatabase, 'kind' | 'poolStats' | 'url'>,
): Promise<BuiltApp> {
  const dbKind = database.kind;
  const app = Fastify({
    logger: { level: config.logLevel },
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY): otherwise anyone could
    // pick the address the login lock and the rate limits count by
    trustProxy: typeof config.trustProxy === 'number' ? hopsOf(config.trustProxy) : config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    // per-request info lines cost throughput; errors and our operation log remain
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => Math.random().toString(36).slice(2, 12),
    // a refused request's message in Chinese, naming the field (wire policy)
    schemaErrorFormatter,
  });
  // one channel to every process of this database (in-process on the embedded database)
  const bus = await openBus(db, dbKind, database.url, (err) => app.log.error({ err }, 'cluster bus'));
  app.addHook('onClose', () => bus.close());
  // a change this process acknowledges has been announced to the other processes (NOTIFY sent)
  // before the answer leaves: a client that then asks another process finds its cache dropped
  app.addHook('onSend', (_req, _reply, payload, done) => {
    const pending = bus.sent();
    if (!pending) return done(null, payload);
    pending.then(
      () => done(null, payload),
      () => done(null, payload),
    );
  });
  const perms = new PermissionService(db, { ttlMs: config.grantCacheTtlMs });
  // every write through the app to a table grants are read from drops the cached grants and
  // list scopes, so a changed role, data rule or department applies on the next request
  // a table dictionary's rows are scoped by the read gate (online/read-scope.ts), tenants included
  const dicts = new DictService(db, screens.columnsOf, dbKind === 'pglite');
  // ... and every write to a screen table drops the dictionary texts read from it
  const watched = db.withPlugin(
    new WriteWatchPlugin(null, (tables) => {
      if ([...tables].some((t) => GRANT_SOURCE_TABLES.has(t))) perms.invalidate();
      dicts.rowsWritten(tables);
      dicts.namesWritten(tables);
    }),
  );
  const ctx: AppContext = {
    db: watched,
    config,
    tokens: new TokenService(db, await loadTokenSecret(db), config.tokenIdleMinutes, config.tokenMaxHours),
    perms,
    dicts,
    screens,
    designer: new DesignerStore(watched, screens, {
      publish: async (id) => bus.publish({ type: 'screens', id }),
      subscribe: (onChange) => bus.subscribe((m, origin) => origin === 'other' && m.type === 'screens' && onChange(m.id)),
      // this process keeps serving the previous screens: visible in the log
      onError: (err, headId) => app.log.error({ err, headId }, 'online form reload after another process changed it failed'),
    }),
    hooks: new ScreenHookRegistry(),
    dbKind,
    bus,
  };
  connectCaches(bus, ctx);
  const captchas = new CaptchaStore(db);
  installErrorHandler(app, config.apiBase);
  // load shedding, request metrics and the shutdown state come first: they see every request
  const ops = await registerOps(app, ctx, database.poolStats);

  // CORS (CORS_ORIGINS; by default no other origin), security headers and cookies, Fastify's own way
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'OPTIONS', 'PUT', 'DELETE'],
    exposedHeaders: ['X-File-Key'],
    optionsSuccessStatus: 200,
    strictPreflight: false,
  });
  await registerSecurityHeaders(app);
  await app.register(cookie);
  // the OpenAPI document collects every route registered from here on
  await registerOpenApi(app, config.apiBase);
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
  });

  await app.register(
    async (api) => {
      // API answers compressed on the fly; the client's files are compressed by the build
      await registerCompression(api);
      await api.register(multipart, { limits: { fileSize: config.uploadMaxMb * 1024 * 1024, files: 10, fields: 50 } });
      await api.register(websocket, {
        options: { maxPayload: 64 * 1024 },
        // shutting down: every socket is closed with 1012 "service restart", the client's hint to
        // reconnect (it does after 5 s, to another process behind the proxy)
        preClose(this: FastifyInstance, done: () => void) {
          for (const client of this.websocketServer.clients) client.close(CLOSE_RESTART, 'server restarting, reconnect');
          this.websocketServer.close();
          done();
        },
      });
      registerFixedValueHooks(ctx.screens, ctx.hooks);
      await api.register(appServices, { ctx, endpoints: new ScreenEndpoints(ctx) });
      // every module below sees these hooks: body limits, token, signature, operation log, then the tenant
      await api.register(bodyLimits);
      await api.register(apiHooks);
      await api.register(tenantScope);
      await api.register(fileKeyHeader);
      api.decorate('authLimit', await authRateLimit(api, ctx.db, { perIp: config.authRatePerIp, perAccount: config.authRatePerAccount }));
      await api.register(opsRoutes, { ops });
      // each module is its own plugin; the order keeps custom paths ahead of the generic ones
      await api.register(loginModule, { captchas });
      await api.register(logModule);
      await api.register(dictModule);
      await api.register(userPickerModule);
      await api.register(departPickerModule);
      await api.register(commonModule);
      await api.register(signInModule);
      await api.register(thirdAppModule);
      await api.register(announcementModule);
      await api.register(dataLogModule);
      await api.register(socketModule);
      await api.register(systemOpsModule);
      await api.register(systemModule);
      await api.register(onlineModule);
      await api.register(cgreportModule);
      await api.register(designerModule);
      await api.register(dashboardModule);
      await api.register(workflowModule);
      // last: screens' own paths, skipping any a module serves itself
      await api.register(screenPathsModule);
    },
    { prefix: config.apiBase },
  );
  await registerApiDocs(app, ctx);

  const sendIndex = await serveClient(app, config.clientDir);
  if (sendIndex) app.get('/', (_req, reply) => sendIndex(reply));
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(config.apiBase + '/') || req.url === config.apiBase)
      return reply.code(404).send(failBody(WIRE_TEXT.notFound, 404));
    if (sendIndex && req.method === 'GET' && !path.extname(req.url.split('?')[0])) return sendIndex(reply, req.url.split('?')[0]);
    return reply.code(404).send('Not Found');
  });
  return { app, ctx, captchas, ops };
}
