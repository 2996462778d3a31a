import type { FastifyInstance, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context.js';
import { ForbiddenError } from './envelope.js';
import { SYSTEM_AREAS } from '../modules/system/areas.js';

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
    // only the API, not the client's static files nor the documentation's own pages
    hideUntagged: false,
    transform: ({ schema, url }) => ({
      schema: { ...schema, hide: !url.startsWith(apiBase + '/') || url.startsWith(apiBase + API_DOCS_UI) } as never,
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
 * Publishes the OpenAPI document at `{apiBase}/v3/api-docs` (inside the API scope: the usual
 * token check) and the browsable Swagger UI at `{apiBase}/swagger-ui/` for signed-in
 * administrators only: the UI is opened with `?token=` (the page's session), which it keeps in
 * an HttpOnly cookie limited to its own path for its assets and document. Others get 401/403.
 */
export async function registerApiDocs(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = ctx.config.apiBase;
  const prefix = `${base}${API_DOCS_UI}`;
  await app.register(
    async (api) => {
      const querystring = Type.Object({ token: Type.Optional(Type.String({ maxLength: 4096 })) }, { additionalProperties: true });
      api.get('/v3/api-docs', { schema: { hide: true, querystring } }, async (req) => {
        if (!(await isAdministrator(ctx, String(req.headers['x-access-token'] ?? (req.query as { token?: string }).token ?? ''))))
          throw new ForbiddenError();
        return app.swagger();
      });
    },
    { prefix: base },
  );
  const guard = async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const fromQuery = (req.query as { token?: unknown } | undefined)?.token;
    const token = typeof fromQuery === 'string' && fromQuery ? fromQuery : req.cookies[DOCS_COOKIE];
    if (!(await isAdministrator(ctx, token))) throw new ForbiddenError();
    if (typeof fromQuery === 'string' && fromQuery)
      reply.setCookie(DOCS_COOKIE, fromQuery, { path: prefix, httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https' });
  };
  await app.register(swaggerUi, {
    routePrefix: prefix,
    uiConfig: { docExpansion: 'none', deepLinking: false },
    uiHooks: { onRequest: guard },
    staticCSP: true,
  });
}
