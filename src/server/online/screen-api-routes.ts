import { idQuery, idsQuery, listQueryOf, objectBody } from '../http/route-schemas.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ok, okMessage } from '../http/envelope.js';
import type { ScreenEndpoints } from './screen-endpoints.js';
import { largeBody } from '../http/body-limits.js';

type Query = Record<string, unknown>;

/**
 * Serves every screen that declares `url` (schema head) at its own JeecgBoot paths
 * (api-contract §4.1): list (GET page), add (POST), edit (PUT and POST), delete (DELETE ?id=),
 * deleteBatch (DELETE ?ids=), queryById (GET ?id=). Same permissions as the online-form API;
 * rows are answered with camelCase properties as JeecgBoot's system modules do (api-contract §5). A key the schema leaves out is not served here, so a module may serve that
 * path itself; a path a module already serves is skipped. Register after the modules' routes.
 */
export function screenApiRoutes(app: FastifyInstance, ctx: AppContext, endpoints: ScreenEndpoints): void {
  // hasRoute does not apply the plugin's prefix: ask with the full path
  const taken = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) => app.hasRoute({ method, url: `${ctx.config.apiBase}${url}` });
  for (const { screen, subs } of ctx.screens.list()) {
    const url = screen.url;
    if (!url) continue;
    const code = screen.id;
    // a main row is saved with its sub rows (a bulk save): the large body limit; else the default
    const bodyLimit = subs?.length ? largeBody : {};
    const q = (req: FastifyRequest) => (req.query ?? {}) as Query;
    if (url.list && !taken('GET', url.list))
      app.get(url.list, { schema: { querystring: listQueryOf() } }, async (req) => ok(await endpoints.listProperties(req, code, q(req))));
    if (url.queryById && !taken('GET', url.queryById))
      app.get(url.queryById, { schema: { querystring: idQuery } }, async (req) =>
        ok(await endpoints.getProperties(req, code, String(q(req).id ?? ''))),
      );
    if (url.add && !taken('POST', url.add))
      app.post(url.add, { ...bodyLimit, schema: { body: objectBody() } }, async (req) =>
        ok(await endpoints.add(req, code, req.body), '添加成功！'),
      );
    if (url.edit) {
      const edit = async (req: FastifyRequest) => {
        await endpoints.edit(req, code, req.body);
        return okMessage('编辑成功!');
      };
      if (!taken('PUT', url.edit)) app.put(url.edit, { ...bodyLimit, schema: { body: objectBody() } }, edit);
      if (!taken('POST', url.edit)) app.post(url.edit, { ...bodyLimit, schema: { body: objectBody() } }, edit);
    }
    if (url.delete && !taken('DELETE', url.delete))
      app.delete(url.delete, { schema: { querystring: idQuery } }, async (req) => okMessage(await endpoints.remove(req, code, q(req).id)));
    if (url.deleteBatch && !taken('DELETE', url.deleteBatch))
      app.delete(url.deleteBatch, { schema: { querystring: idsQuery } }, async (req) =>
        okMessage(await endpoints.remove(req, code, q(req).ids, true)),
      );
  }
}
