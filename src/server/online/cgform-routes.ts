import { listQueryOf, objectBody } from '../http/route-schemas.js';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { ok, okMessage } from '../http/envelope.js';
import { columnsModel, queryInfo } from './columns-model.js';
import { formItem } from './form-item.js';
import { screenMenuUrl, type ScreenEndpoints } from './screen-endpoints.js';
import { largeBody } from '../http/body-limits.js';

export { screenMenuUrl };

const BUTTONS = ['add', 'edit', 'delete', 'batch_delete', 'export', 'import'] as const;

/**
 * The online-form runtime API (api-contract §7.2) serving every screen schema: columns, query
 * info, form items, paged data, detail, add, edit, delete. Reads need the screen's menu;
 * each write needs its `{authPre}:{action}` button code (403 otherwise, nothing written).
 */
export function cgformRoutes(app: FastifyInstance, ctx: AppContext, endpoints: ScreenEndpoints): void {
  const base = '/online/cgform/api';
  const readable = endpoints.readable.bind(endpoints);

  app.get<{ Params: { code: string } }>(`${base}/getColumns/:code`, async (req) => {
    const loaded = await readable(req, req.params.code);
    const hidden: string[] = [];
    for (const b of BUTTONS) if (!(await ctx.perms.canButton(req.user, `${loaded.screen.authPre}:${b}`))) hidden.push(b);
    return ok(await columnsModel(loaded, ctx.dicts, hidden));
  });

  app.get<{ Params: { code: string } }>(`${base}/getQueryInfo/:code`, async (req) => ok(queryInfo(await readable(req, req.params.code))));

  app.get<{ Params: { code: string } }>(`${base}/getFormItem/:code`, async (req) => {
    const loaded = await readable(req, req.params.code);
    const disabled = await ctx.perms.disabledFields(req.user, loaded.screen.authPre);
    return ok({ ...(await formItem(loaded, ctx.dicts)), disabledFields: [...disabled] });
  });

  app.get<{ Params: { code: string }; Querystring: Record<string, unknown> }>(
    `${base}/getData/:code`,
    { schema: { querystring: listQueryOf() } },
    async (req) => ok(await endpoints.list(req, req.params.code, req.query)),
  );

  app.get<{ Params: { code: string; id: string } }>(`${base}/form/:code/:id`, async (req) =>
    ok(await endpoints.get(req, req.params.code, req.params.id)),
  );
  app.get<{ Params: { code: string; id: string } }>(`${base}/detail/:code/:id`, async (req) =>
    ok(await endpoints.get(req, req.params.code, req.params.id)),
  );

  app.post<{ Params: { code: string } }>(`${base}/form/:code`, { ...largeBody, schema: { body: objectBody() } }, async (req) =>
    ok(await endpoints.add(req, req.params.code, req.body), '添加成功！'),
  );
  app.put<{ Params: { code: string } }>(`${base}/form/:code`, { ...largeBody, schema: { body: objectBody() } }, async (req) => {
    await endpoints.edit(req, req.params.code, req.body);
    return okMessage('修改成功！');
  });

  // declared status actions of the screen's workflow (提交, 审批通过, 驳回, 作废 …)
  app.post<{ Params: { code: string; action: string } }>(`${base}/action/:code/:action`, async (req) =>
    okMessage(await endpoints.statusAction(req, req.params.code, req.params.action, req.body)),
  );

  app.delete<{ Params: { code: string; id: string } }>(`${base}/form/:code/:id`, async (req) =>
    okMessage(await endpoints.remove(req, req.params.code, req.params.id)),
  );
}
