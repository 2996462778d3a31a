import fp from 'fastify-plugin';
import { AuthError } from '../../http/envelope.js';
import { TENANT_TEXT } from './texts.js';
import { activeTenantsOfUser, tenantIdOf } from './tenant-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's tenant (`tenant-id` header), checked against the user's tenants; 0 = none. */
    tenantId: number;
  }
  interface FastifyInstance {
    /** The cached tenant lists behind the request check; `forget()` after tenants or memberships change. */
    tenantAccess: { forget(): void };
  }
}

/** How long a user's tenant list is trusted without reading it again (ms). */
const TTL_MS = 5_000;

/**
 * The tenant check of every authenticated API request (spec 7.2, api-contract §1.5): the
 * `tenant-id` header (empty or `0` = none) must name a normal tenant of the user's
 * `rel_tenant_ids`, else HTTP 401 `用户租户信息变更,请重新登陆!`; the checked id is
 * `req.tenantId` (and `req.user.tenantId`) for modules that isolate rows. Register after the
 * token check (api-hooks.ts). fastify-plugin: the hook and the `tenantAccess` decorator serve
 * every module of the API scope.
 */
export const tenantScope = fp(
  async (app) => {
    const { ctx } = app;
    const cache = new Map<string, { at: number; ids: Set<number> }>();
    // every process drops its lists when one of them changes tenants (cluster bus)
    app.decorate('tenantAccess', { forget: () => ctx.bus.publish({ type: 'tenants' }) });
    ctx.bus.subscribe((msg) => (msg.type === 'tenants' || msg.type === 'resync') && cache.clear());
    // a user's tenants change with the user row: forgotten whenever the grants are
    ctx.perms.onClear(() => cache.clear());
    app.decorateRequest('tenantId', 0);
    app.addHook('onRequest', async (req) => {
      if (req.routeOptions.config?.public || !req.user) return;
      const raw = req.headers['tenant-id'];
      const text = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
      let hit = cache.get(req.user.id);
      if (!hit || Date.now() - hit.at > TTL_MS) {
        hit = { at: Date.now(), ids: new Set((await activeTenantsOfUser(ctx.db, req.user.id)).map((t) => t.id)) };
        if (cache.size > 10_000) cache.clear();
        cache.set(req.user.id, hit);
      }
      let id: number | null;
      if (!text || text === '0' || text === 'null' || text === 'undefined') {
        // a user of some tenants never falls back to tenant 0 (rows of no tenant): the first of theirs
        const first = [...hit.ids].sort((a, b) => a - b)[0];
        if (first === undefined) return;
        id = first;
      } else {
        id = tenantIdOf(text);
        if (id === null || !hit.ids.has(id)) throw new AuthError(TENANT_TEXT.changed);
      }
      req.tenantId = id;
      // a copy: the token service caches the session object across requests
      req.user = { ...req.user, tenantId: id };
    });
  },
  { name: 'tenant-scope', dependencies: ['api-hooks'] },
);
