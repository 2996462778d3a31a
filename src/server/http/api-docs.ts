import type { FastifyInstance, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppContext } from '../context.js';
import { ForbiddenError } from './envelope.js';
import { SYSTEM_AREAS } from '../modules/system/areas.js';
import { optionalObjectBody } from './route-schemas.js';

/** Where the browsable API documentation is served, under the API base. */
export const API_DOCS_UI = '/swagger-ui';
const DOCS_COOKIE = 'obo_api_docs';

/**
 * Collects the OpenAPI document of every route registered after it (register before the API
 * scope): request schemas from route-schemas.ts, the `X-Access-Token` header as the security
 * scheme.
 */
export async function registerOpenApi(app: FastifyInstance, apiBase: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: '办公管理系统 API', description: 'JeecgBoot HTTP contract (api-contract)', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
      security: [{ token: [] }],
    },
    // only the API, not the client's static files nor the documentation's own pages and document
    hideUntagged: false,
    transform: ({ schema, url }) => ({
      schema: {
        ...schema,
        hide: !url.startsWith(apiBase + '/') || url.startsWith(apiBase + API_DOCS_UI) || url === `${apiBase}/v3/api-docs`,
      } as never,
      url,
    }),
  });
}

/**
 * Whether the request's user administers the system (holds 菜单管理, the menu and permission
 * screen): only they read the API documentation. Throws AuthError (401) without a valid
 * session.
 */
async function isAdministrator(ctx: AppContext, token: string | undefined): Promise<boolean> {
  const user = await ctx.tokens.verify(token);
  return (await ctx.perms.grantsOf(user.id)).menuUrls.has(SYSTEM_AREAS.permission.menuUrl);
}

/**
 * Publishes the OpenAPI document at `{apiBase}/v3/api-docs` (the `X-Access-Token` header) and the
 * browsable Swagger UI at `{apiBase}/swagger-ui/` for signed-in administrators only. No token
 * travels in a URL: the page's session first calls `POST {apiBase}/swagger-ui/session` with its
 * header, which answers 204 and keeps the token in an HttpOnly, SameSite=Strict cookie limited to
 * the UI's own path; the UI's page, assets and document are then read with that cookie. Others
 * get 401/403.
 */
export async function registerApiDocs(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = ctx.config.apiBase;
  const prefix = `${base}${API_DOCS_UI}`;
  const header = (req: FastifyRequest) => (typeof req.headers['x-access-token'] === 'string' ? req.headers['x-access-token'] : '');
  await app.register(
    async (api) => {
      api.get('/v3/api-docs', { schema: { hide: true } }, async (req) => {
        if (!(await isAdministrator(ctx, header(req)))) throw new ForbiddenError();
        return app.swagger();
      });
      api.post(`${API_DOCS_UI}/session`, { schema: { hide: true, body: optionalObjectBody }, bodyLimit: 1024 }, async (req, reply) => {
        const token = header(req);
        if (!(await isAdministrator(ctx, token))) throw new ForbiddenError();
        reply.setCookie(DOCS_COOKIE, token, { path: prefix, httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https' });
        return reply.code(204).send();
      });
    },
    { prefix: base },
  );
  const guard = async (req: FastifyRequest) => {
    if (!(await isAdministrator(ctx, req.cookies[DOCS_COOKIE]))) throw new ForbiddenError();
  };
  await app.register(swaggerUi, {
    routePrefix: prefix,
    uiConfig: { docExpansion: 'none', deepLinking: false },
    uiHooks: { onRequest: guard },
    staticCSP: true,
  });
}
