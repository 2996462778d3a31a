import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';

/**
 * The built-in global listeners stored on the server (wf_listener), listed for the listener
 * editor's second tab (spec 2.7, 5.2: class type only): id, listenername, listenereven,
 * listenertype, listenervalue, state — the row names of spec 3. Only enabled rows are listed.
 */
export function listenerRoutes(app: FastifyInstance, ctx: AppContext, guard: (req: FastifyRequest) => Promise<void>): void {
  app.get('/workflow/listener/list', async (req: FastifyRequest<{ Querystring: { listenereven?: string } }>) => {
    await guard(req);
    let q = ctx.db.selectFrom('wf_listener').selectAll().where('state', '=', '1');
    if (req.query.listenereven) q = q.where('listener_event', '=', req.query.listenereven);
    const rows = await q.orderBy('listener_name').execute();
    return ok(
      rows.map((r) => ({
        id: r.id,
        listenername: r.listener_name,
        listenereven: r.listener_event,
        listenertype: r.listener_type,
        listenervalue: r.listener_value,
        state: r.state,
      })),
    );
  });
}
