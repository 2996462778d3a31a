import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { IdText, objectBody, queryOf } from '../../http/route-schemas.js';
import { newId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { formatDateTime } from '../../../shared/time.js';
import { EXECUTION_EVENTS } from '../../../shared/bpmn/process-texts.js';
import { WF_TEXT } from './texts.js';

type Row = Record<string, unknown>;
const listenerBody = objectBody({
  id: Type.Optional(IdText),
  listenername: Type.Optional(Type.String({ maxLength: 100, description: 'listener name' })),
  listenereven: Type.Optional(Type.String({ maxLength: 16, description: 'execution event: start, take or end' })),
  listenertype: Type.Optional(Type.String({ maxLength: 32, description: 'listener type: only classListener' })),
  listenervalue: Type.Optional(Type.String({ maxLength: 500, description: 'the Java class name' })),
});
const trimmed = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A global listener's columns from a request body, checked (spec 5.2: class type only, value required). */
function checked(b: Row): { listener_name: string; listener_event: string; listener_type: string; listener_value: string } {
  const name = trimmed(b.listenername);
  const event = trimmed(b.listenereven) || 'start';
  const type = trimmed(b.listenertype);
  const value = trimmed(b.listenervalue);
  if (!name) throw new BizError(WF_TEXT.listenerName);
  if (!EXECUTION_EVENTS.some((e) => e.value === event)) throw new BizError(WF_TEXT.listenerEvent);
  if (!type) throw new BizError(WF_TEXT.listenerTypeRequired);
  if (type !== 'classListener') throw new BizError(WF_TEXT.listenerClassOnly);
  if (!value) throw new BizError(WF_TEXT.listenerValueRequired);
  return { listener_name: name, listener_event: event, listener_type: type, listener_value: value };
}

/**
 * The custom global listeners stored on the server (wf_listener), the listener editor's second
 * tab (spec 2.7, 3, 5.2): list (enabled rows, optionally of one event; the row names of spec 3:
 * id, listenername, listenereven, listenertype, listenervalue, state) for whoever may open the
 * designer (`guard`); add, edit, delete need the model's edit button (`writeGuard`). Only class
 * listeners with a value are accepted; a bad input answers `success:false` with the reason.
 */
export function listenerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guard: (req: FastifyRequest) => Promise<void>,
  writeGuard: (req: FastifyRequest) => Promise<void>,
): void {
  app.get(
    '/workflow/listener/list',
    { schema: { querystring: queryOf({ listenereven: Type.Optional(Type.String({ maxLength: 16 })) }) } },
    async (req: FastifyRequest<{ Querystring: { listenereven?: string } }>) => {
      await guard(req);
      let q = ctx.db.selectFrom('wf_listener').selectAll().where('state', '=', '1');
      if (req.query.listenereven) q = q.where('listener_event', '=', req.query.listenereven);
      const rows = await q.orderBy('listener_name').orderBy('id').execute();
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
    },
  );
  app.post('/workflow/listener/add', { schema: { body: listenerBody } }, async (req: FastifyRequest<{ Body: Row }>) => {
    await writeGuard(req);
    const cols = checked(req.body);
    const id = newId();
    await ctx.db
      .insertInto('wf_listener')
      .values({ id, ...cols, state: '1', create_by: req.user.username, create_time: formatDateTime(), update_by: null, update_time: null })
      .execute();
    return ok(id, '添加成功！');
  });
  const edit = async (req: FastifyRequest<{ Body: Row }>) => {
    await writeGuard(req);
    const id = trimmed(req.body.id);
    if (!id) throw new BizError(WF_TEXT.listenerMissing);
    const cols = checked(req.body);
    await inTransaction(ctx.db, async (trx) => {
      const found = await trx.selectFrom('wf_listener').select('id').where('id', '=', id).executeTakeFirst();
      if (!found) throw new BizError(WF_TEXT.listenerMissing);
      await trx
        .updateTable('wf_listener')
        .set({ ...cols, update_by: req.user.username, update_time: formatDateTime() })
        .where('id', '=', id)
        .execute();
    });
    return okMessage('编辑成功!');
  };
  app.put('/workflow/listener/edit', { schema: { body: listenerBody } }, edit);
  app.post('/workflow/listener/edit', { schema: { body: listenerBody } }, edit);
  app.delete(
    '/workflow/listener/delete',
    { schema: { querystring: queryOf({ id: Type.Optional(IdText) }) } },
    async (req: FastifyRequest<{ Querystring: { id?: string } }>) => {
      await writeGuard(req);
      const r = await ctx.db.deleteFrom('wf_listener').where('id', '=', trimmed(req.query.id)).executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw new BizError(WF_TEXT.listenerMissing);
      return okMessage('删除成功!');
    },
  );
}
