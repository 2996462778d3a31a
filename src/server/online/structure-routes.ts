import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { BizError, ok, okMessage } from '../http/envelope.js';
import { columnsModel } from './columns-model.js';
import { formItem } from './form-item.js';
import type { ScreenEndpoints } from './screen-endpoints.js';
import type { LoadedScreen } from './screen-registry.js';
import { TREE_ROOT, treeColumns } from './record-tree.js';
import { loadSubRows } from './sub-tables.js';
import { duplicateCheckRoutes } from './duplicate-check.js';

type Query = Record<string, unknown>;
const BUTTONS = ['add', 'edit', 'delete', 'batch_delete', 'export', 'import'] as const;

/**
 * The tree and master/sub calls of the online-form API (api-contract §7.2, §7.4):
 * getTreeData (roots with `hasQuery=false`, children by `<pidField>=<id>`, else the filtered
 * rows), subform/list and subform (a main row's sub rows by sub table name), getErpColumns
 * (main and sub list configs), and form/table_name, formByCode, getFormItemBytbname (the form
 * calls by table name). Reads need the main screen's menu, as every read. Also the
 * forms' duplicate check /sys/duplicate/check over screen tables (duplicate-check.ts).
 */
export function structureRoutes(app: FastifyInstance, ctx: AppContext, endpoints: ScreenEndpoints): void {
  const base = '/online/cgform/api';
  duplicateCheckRoutes(app, ctx);

  app.get<{ Params: { code: string }; Querystring: Query }>(`${base}/getTreeData/:code`, async (req) => {
    const loaded = endpoints.screenOf(req.params.code);
    const t = treeColumns(loaded);
    if (!t) throw new BizError(`${loaded.screen.title}不是树形表`);
    const params: Query = { ...req.query };
    const pidField = loaded.screen.tree?.pidField ?? '';
    const pid = params[t.pid] ?? params[pidField];
    if (pid !== undefined && pid !== '') {
      // the children of one node, all of them (api-contract §7.2)
      params.pageSize = -521;
    } else if (String(params.hasQuery) === 'false') {
      delete params[pidField];
      params[t.pid] = TREE_ROOT;
    }
    return ok(await endpoints.list(req, loaded.screen.id, params));
  });

  const subOf = (tableName: string): LoadedScreen => {
    const sub = ctx.screens.byTableName(tableName) ?? ctx.screens.get(tableName);
    if (!sub?.main) throw new BizError(`未找到子表：${tableName}`);
    return sub;
  };

  app.get<{ Params: { table: string; mainId: string } }>(`${base}/subform/list/:table/:mainId`, async (req) => {
    const sub = subOf(req.params.table);
    await endpoints.readable(req, sub.screen.id);
    const rows = await loadSubRows(ctx.db, sub, req.params.mainId, await endpoints.records.scope(sub, req.user, {}));
    await endpoints.records.translate(sub, rows);
    return ok(rows);
  });

  app.get<{ Params: { table: string; mainId: string } }>(`${base}/subform/:table/:mainId`, async (req) => {
    const sub = subOf(req.params.table);
    await endpoints.readable(req, sub.screen.id);
    const rows = await loadSubRows(ctx.db, sub, req.params.mainId, await endpoints.records.scope(sub, req.user, {}));
    await endpoints.records.translate(sub, rows);
    return ok(rows[0] ?? {});
  });

  // the same calls addressed by table name (api-contract §7.2)
  const byTable = (tableName: string): string => {
    const loaded = ctx.screens.byTableName(tableName);
    if (!loaded) throw new BizError(`未找到页面配置：${tableName}`, 404);
    return loaded.screen.id;
  };
  app.get<{ Params: { table: string; id: string } }>(`${base}/form/table_name/:table/:id`, async (req) =>
    ok(await endpoints.get(req, byTable(req.params.table), req.params.id)),
  );
  app.delete<{ Params: { table: string; id: string } }>(`${base}/formByCode/:table/:id`, async (req) =>
    okMessage(await endpoints.remove(req, byTable(req.params.table), req.params.id)),
  );
  app.get<{ Params: { table: string } }>(`${base}/getFormItemBytbname/:table`, async (req) => {
    const loaded = await endpoints.readable(req, byTable(req.params.table));
    const disabled = await ctx.perms.disabledFields(req.user, loaded.screen.authPre);
    return ok({ ...(await formItem(loaded, ctx.dicts)), disabledFields: [...disabled] });
  });

  app.get<{ Params: { code: string } }>(`${base}/getErpColumns/:code`, async (req) => {
    const loaded = await endpoints.readable(req, req.params.code);
    const model = async (l: LoadedScreen) => {
      const hidden: string[] = [];
      for (const b of BUTTONS) if (!(await ctx.perms.canButton(req.user, `${l.screen.authPre}:${b}`))) hidden.push(b);
      return columnsModel(l, ctx.dicts, hidden);
    };
    const main = await model(loaded);
    const subList = [];
    for (const { loaded: sub } of loaded.subs ?? []) subList.push(await model(sub));
    return ok(subList.length ? { main, subList } : { main });
  });
}
