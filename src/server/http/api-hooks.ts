import fp from 'fastify-plugin';
import { clientIp } from './case.js';
import { registerSignCheck } from './sign-check.js';
import { completeSchema } from './route-schemas.js';
import { LOG_TYPE, writeLog } from '../modules/log/log-service.js';

const OPERATE_TYPE: Record<string, number> = { POST: 2, PUT: 3, DELETE: 4 };

/**
 * The hooks of every API route (needs appServices first): its schema completed (path
 * parameters, query; route-schemas.ts), the token check on every route not
 * marked public (`config.public`; the `X-Access-Token` header only), the signature check of
 * the signed dictionary paths (sign-check.ts), and the operation log of each successful
 * POST/PUT/DELETE by a signed-in user. fastify-plugin: the hooks belong to the API scope, so
 * they reach every module plugin registered after it.
 */
export const apiHooks = fp(
  async (api) => {
    const { ctx } = api;
    // every route states its path parameters and query (route-schemas.ts)
    api.addHook('onRoute', completeSchema);
    api.addHook('onRequest', async (req) => {
      if (req.routeOptions.config?.public) return;
      // the header only: a token in a URL ends up in logs, histories and Referer headers
      const header = req.headers['x-access-token'];
      req.user = await ctx.tokens.verify(typeof header === 'string' && header ? header : undefined);
    });
    registerSignCheck(api, ctx.config.signSecret);
    api.addHook('onResponse', async (req, reply) => {
      const op = OPERATE_TYPE[req.method];
      if (!op || !req.user || reply.statusCode >= 400) return;
      void writeLog(ctx.db, {
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
  },
  { name: 'api-hooks', dependencies: ['app-services'] },
);
