import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { AppContext } from './context.js';
import type { ServerConfig } from './config.js';
import type { Db } from './db/connection.js';
import { failBody } from './http/envelope.js';
import { installErrorHandler } from './http/error-handler.js';
import { registerCompression, serveClient } from './http/compression.js';
import { registerSignCheck } from './http/sign-check.js';
import { clientIp } from './http/case.js';
import { WIRE_TEXT } from '../shared/envelope.js';
import { TokenService, loadTokenSecret } from './modules/auth/token-service.js';
import { GRANT_SOURCE_TABLES, PermissionService } from './modules/auth/permission-service.js';
import { WriteWatchPlugin } from './db/write-watch.js';
import { DictService } from './modules/dict/dict-service.js';
import { CaptchaStore } from './modules/login/captcha.js';
import { loginRoutes } from './modules/login/routes.js';
import { departSelectRoutes } from './modules/login/depart-routes.js';
import { signInRoutes } from './modules/signin/index.js';
import { statsRoutes } from './modules/log/stats-routes.js';
import { LOG_TYPE, writeLog } from './modules/log/log-service.js';
import { dictRoutes } from './modules/dict/routes.js';
import { userPickerRoutes } from './modules/user/picker-routes.js';
import { departPickerRoutes } from './modules/depart/picker-routes.js';
import { linkDownRoutes } from './online/link-down-routes.js';
import { commonRoutes } from './modules/common/routes.js';
import { UploadStore } from './modules/common/upload-store.js';
import { systemOpsRoutes } from './modules/system-ops.js';
import { cgformRoutes } from './online/cgform-routes.js';
import { ScreenEndpoints } from './online/screen-endpoints.js';
import { screenApiRoutes } from './online/screen-api-routes.js';
import { systemAdminRoutes } from './modules/system/routes.js';
import { structureRoutes } from './online/structure-routes.js';
import { excelRoutes } from './online/excel-routes.js';
import { cgreportRoutes } from './online/cgreport/routes.js';
import type { ScreenRegistry } from './online/screen-registry.js';
import { ScreenHookRegistry } from './online/screen-hooks.js';
import { announcementRoutes } from './modules/announcement/routes.js';
import { logRoutes } from './modules/log/log-routes.js';
import { dataLogRoutes } from './modules/datalog/routes.js';
import { socketRoutes } from './ws/socket-routes.js';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  captchas: CaptchaStore;
}

const OPERATE_TYPE: Record<string, number> = { POST: 2, PUT: 3, DELETE: 4 };

/**
 * Builds the Fastify app: the API under `config.apiBase` (token check on every route not
 * marked public, the wire policy's error handler, operation logging, answers compressed above a
 * threshold) and the built client at '/' (precompressed files) with history-mode fallback to
 * index.html.
 */
export async function buildApp(config: ServerConfig, db: Db, screens: ScreenRegistry, dbKind: 'pglite' | 'postgres'): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 10 * 1024 * 1024,
    // per-request info lines cost throughput; errors and our operation log remain
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => Math.random().toString(36).slice(2, 12),
  });
  const perms = new PermissionService(db, { ttlMs: config.grantCacheTtlMs });
  // every write through the app to a table grants are read from drops the cached grants and
  // list scopes, so a changed role, data rule or department applies on the next request
  const watched = db.withPlugin(new WriteWatchPlugin(GRANT_SOURCE_TABLES, () => perms.invalidate()));
  const ctx: AppContext = {
    db: watched,
    config,
    tokens: new TokenService(db, await loadTokenSecret(db), config.tokenIdleMinutes),
    perms,
    dicts: new DictService(db, screens.columnsOf),
    screens,
    hooks: new ScreenHookRegistry(),
    dbKind,
  };
  const captchas = new CaptchaStore();
  installErrorHandler(app, config.apiBase);

  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (origin) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Credentials', 'true');
      reply.header('Vary', 'Origin');
    }
    reply.header('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET,POST,OPTIONS,PUT,DELETE');
      reply.header('Access-Control-Allow-Headers', String(req.headers['access-control-request-headers'] ?? '*'));
      return reply.code(200).send();
    }
  });

  await app.register(
    async (api) => {
      // API answers compressed on the fly; the client's files are compressed by the build
      await registerCompression(api);
      await api.register(multipart, { limits: { fileSize: config.uploadMaxMb * 1024 * 1024, files: 10, fields: 50 } });
      await api.register(websocket, { options: { maxPayload: 64 * 1024 } });
      api.addHook('onRequest', async (req) => {
        if (req.routeOptions.config?.public) return;
        const header = req.headers['x-access-token'];
        const token =
          typeof header === 'string' && header
            ? header
            : typeof (req.query as Record<string, unknown>)?.token === 'string'
              ? String((req.query as Record<string, unknown>).token)
              : undefined;
        req.user = await ctx.tokens.verify(token);
      });
      registerSignCheck(api, config.signSecret);
      api.addHook('onResponse', async (req, reply) => {
        const op = OPERATE_TYPE[req.method];
        if (!op || !req.user || reply.statusCode >= 400) return;
        void writeLog(db, {
          logType: LOG_TYPE.operation,
          operateType: op,
          content: `${req.method} ${req.routeOptions.url ?? req.url}`,
          username: req.user.username,
          realname: req.user.realname,
          ip: clientIp(req),
          requestUrl: req.url.split('?')[0],
          requestType: req.method,
          costTime: Math.round(reply.elapsedTime),
        });
      });
      loginRoutes(api, ctx, captchas);
      departSelectRoutes(api, ctx);
      statsRoutes(api, ctx);
      dictRoutes(api, ctx);
      userPickerRoutes(api, ctx);
      departPickerRoutes(api, ctx);
      linkDownRoutes(api, ctx);
      commonRoutes(api, new UploadStore(path.join(config.dataDir, 'upload')));
      signInRoutes(api, ctx);
      announcementRoutes(api, ctx);
      logRoutes(api, ctx);
      dataLogRoutes(api, ctx);
      socketRoutes(api, ctx);
      systemOpsRoutes(api, ctx);
      const endpoints = new ScreenEndpoints(ctx);
      systemAdminRoutes(api, ctx, endpoints);
      cgformRoutes(api, ctx, endpoints);
      structureRoutes(api, ctx, endpoints);
      cgreportRoutes(api, ctx);
      // last: screens' own paths, skipping any a module serves itself
      screenApiRoutes(api, ctx, endpoints);
      excelRoutes(api, ctx, endpoints);
    },
    { prefix: config.apiBase },
  );

  const sendIndex = await serveClient(app, config.clientDir);
  if (sendIndex) app.get('/', (_req, reply) => sendIndex(reply));
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(config.apiBase + '/') || req.url === config.apiBase)
      return reply.code(404).send(failBody(WIRE_TEXT.notFound, 404));
    if (sendIndex && req.method === 'GET' && !path.extname(req.url.split('?')[0])) return sendIndex(reply);
    return reply.code(404).send('Not Found');
  });
  return { app, ctx, captchas };
}
