import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { BizError, ok, okMessage } from '../http/envelope.js';
import { columnsModel, formItem, queryInfo } from './columns-model.js';
import { RecordService } from './record-service.js';
import { CountCache } from './count-cache.js';
import type { LoadedScreen } from './screen-registry.js';

const BUTTONS = ['add', 'edit', 'delete', 'batch_delete', 'export', 'import'] as const;

/** The menu url that grants a screen's read calls (DESIGN.md permission model). */
export const screenMenuUrl = (id: string) => `/online/cgformList/${id}`;

/**
 * The online-form runtime API (api-contract §7.2) serving every screen schema: columns, query
 * info, form items, paged data, detail, add, edit, delete. Reads need the screen's menu;
 * each write needs its `{authPre}:{action}` button code (403 otherwise, nothing written).
 */
export function cgformRoutes(app: FastifyInstance, ctx: AppContext): void {
  const records = new RecordService(ctx.db, ctx.dicts, new CountCache(ctx.dbKind === 'pglite'));
  const base = '/online/cgform/api';

  const screenOf = (code: string): LoadedScreen => {
    const loaded = ctx.screens.get(code);
    if (!loaded) throw new BizError(`未找到页面配置：${code}`, 404);
    return loaded;
  };
  const readable = async (req: FastifyRequest, code: string) => {
    const loaded = screenOf(code);
    await ctx.perms.assertMenu(req.user, screenMenuUrl(loaded.screen.id));
    return loaded;
  };
  const writable = async (req: FastifyRequest, code: string, action: string) => {
    const loaded = await readable(req, code);
    await ctx.perms.assertButton(req.user, `${loaded.screen.authPre}:${action}`);
    return loaded;
  };

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
    return ok({ ...formItem(loaded), disabledFields: [...disabled] });
  });

  app.get<{ Params: { code: string }; Querystring: Record<string, unknown> }>(`${base}/getData/:code`, async (req) => {
    const loaded = await readable(req, req.params.code);
    return ok(await records.page(loaded, req.query));
  });

  app.get<{ Params: { code: string; id: string } }>(`${base}/form/:code/:id`, async (req) =>
    ok(await records.get(await readable(req, req.params.code), req.params.id)),
  );
  app.get<{ Params: { code: string; id: string } }>(`${base}/detail/:code/:id`, async (req) =>
    ok(await records.get(await readable(req, req.params.code), req.params.id)),
  );

  app.post<{ Params: { code: string }; Body: Record<string, unknown> }>(`${base}/form/:code`, async (req) => {
    const loaded = await writable(req, req.params.code, 'add');
    const body = bodyOf(req.body);
    const id = await records.add(loaded, body, req.user, await ctx.perms.disabledFields(req.user, loaded.screen.authPre));
    return ok(id, '添加成功！');
  });

  const edit = async (req: FastifyRequest<{ Params: { code: string }; Body: Record<string, unknown> }>) => {
    const loaded = await writable(req, req.params.code, 'edit');
    await records.edit(loaded, bodyOf(req.body), req.user, await ctx.perms.disabledFields(req.user, loaded.screen.authPre));
    return okMessage('修改成功！');
  };
  app.put<{ Params: { code: string }; Body: Record<string, unknown> }>(`${base}/form/:code`, edit);

  app.delete<{ Params: { code: string; id: string } }>(`${base}/form/:code/:id`, async (req) => {
    const ids = req.params.id
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const loaded = await writable(req, req.params.code, ids.length > 1 ? 'batch_delete' : 'delete');
    await records.remove(loaded, ids);
    return okMessage(ids.length > 1 ? '批量删除成功!' : '删除成功!');
  });
}

function bodyOf(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BizError('请求数据格式不正确');
  return body as Record<string, unknown>;
}
