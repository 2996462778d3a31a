import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { BizError, ok, okMessage, toPage } from '../../http/envelope.js';
import { planScreenSync, syncScreenTable } from '../ddl.js';
import { screenMenuUrl } from '../screen-endpoints.js';
import type { LoadedScreen } from '../screen-registry.js';
import { DESIGNER_TEXT } from './texts.js';
import { bodyToSchema, camelRow, fieldEntities, foreignKeysOf, headEntity, indexEntities } from './wire.js';
import { addScreenMenu } from './menu.js';
import { enhanceRoutes } from './enhance-routes.js';
import { importRoutes } from './import-routes.js';
import { versionDiff } from './diff.js';
import type { ScreenSchema } from '../../../shared/generated/screen-schema.js';
import { largeBody } from '../../http/body-limits.js';

type Query = Record<string, string | undefined>;

/** The version an editor loaded (`version` beside the schema), or undefined when none was sent; BizError when malformed. */
function expectedVersionOf(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new BizError(DESIGNER_TEXT.badVersion);
  return n;
}

/** Menu url of the online form designer; holding it grants the designer's reads. */
export const CGFORM_MENU = '/online/cgform';

/**
 * The online form designer's endpoints (api-contract §7.1, JeecgBoot's shapes): head list,
 * queryById, field/index lists, addAll/editAll (JeecgBoot's `{head, fields, indexs}` or our
 * `{schema}`), checkOnlyTable, doDbSynch normal/force, delete (configuration and table),
 * removeRecord (configuration only), copyOnlineTable, add to menu, versions and rollback, the sync plan,
 * enhanceJs and buttons. Reads need the designer's menu; each write its `online:form:*` button
 * (403, nothing written). File screens are listed as built-in and are read-only.
 */
export function designerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/online/cgform';
  const store = ctx.designer;
  const canRead = (req: FastifyRequest) => ctx.perms.assertMenu(req.user, CGFORM_MENU);
  const can = async (req: FastifyRequest, action: string) => {
    await canRead(req);
    await ctx.perms.assertButton(req.user, `online:form:${action}`);
  };
  const screenOf = (id: string | undefined): LoadedScreen => {
    const loaded = id ? ctx.screens.get(id) : undefined;
    if (!loaded) throw new BizError(DESIGNER_TEXT.notFound(id ?? ''));
    return loaded;
  };
  const authoredOf = (id: string | undefined): LoadedScreen => {
    const loaded = screenOf(id);
    if (!loaded.authored) throw new BizError(DESIGNER_TEXT.builtIn(loaded.screen.id));
    return loaded;
  };
  const storedHeads = async () =>
    new Map((await ctx.db.selectFrom('onl_cgform_head').selectAll().execute()).map((h) => [h.id, h as unknown as Record<string, unknown>]));

  app.get<{ Querystring: Query }>(`${base}/head/list`, async (req) => {
    await canRead(req);
    const q = req.query;
    const heads = await storedHeads();
    const viewOwners = new Set(ctx.screens.list().flatMap((l) => (l.screen.viewOf ? [l.screen.viewOf] : [])));
    const like = (v: unknown, want: string | undefined) => !want || String(v ?? '').includes(want.replace(/\*/g, ''));
    const all = ctx.screens
      .list()
      .map((l): Record<string, unknown> => ({ ...headEntity(l, heads.get(l.screen.id)), hascopy: viewOwners.has(l.screen.id) ? 1 : 0 }))
      .filter((h) => like(h.tableName, q.tableName) && like(h.tableTxt, q.tableTxt))
      .filter((h) => !q.tableType || String(h.tableType) === q.tableType)
      .filter((h) => q.isBuiltIn === undefined || String(h.isBuiltIn) === q.isBuiltIn)
      // JeecgBoot's copy list: copyType 0 the physical forms, 1 the views; physicId a form's views
      .filter((h) => q.copyType === undefined || String(h.copyType ?? 0) === q.copyType)
      .filter((h) => !q.physicId || h.physicId === q.physicId)
      .sort((a, b) => Number(a.isBuiltIn) - Number(b.isBuiltIn) || String(b.createTime ?? '').localeCompare(String(a.createTime ?? '')));
    const pageNo = Math.max(1, Number(q.pageNo) || 1);
    const pageSize = Math.min(Math.max(1, Number(q.pageSize) || 10), 1000);
    return ok(toPage(all.slice((pageNo - 1) * pageSize, pageNo * pageSize), all.length, pageNo, pageSize));
  });

  app.get<{ Querystring: Query }>(`${base}/head/queryById`, async (req) => {
    await canRead(req);
    const loaded = screenOf(req.query.id);
    return ok(headEntity(loaded, (await storedHeads()).get(loaded.screen.id)));
  });

  // ours: the screen schema itself (the designer edits it; a JeecgBoot client uses the rows)
  app.get<{ Querystring: Query }>(`${base}/head/schema`, async (req) => {
    await canRead(req);
    const loaded = screenOf(req.query.id);
    return ok({
      schema: loaded.screen,
      isBuiltIn: !loaded.authored,
      version: loaded.authored?.version ?? 1,
      // 外键: the main screens naming this sub screen in their subTables
      foreignKeys: loaded.screen.tableType === 'sub' ? foreignKeysOf(ctx.screens.list(), loaded.screen.id) : [],
    });
  });

  app.get<{ Querystring: Query }>(`${base}/field/listByHeadId`, async (req) => {
    await canRead(req);
    return ok(fieldEntities(screenOf(req.query.headId)));
  });
  app.get<{ Querystring: Query }>(`${base}/index/listByHeadId`, async (req) => {
    await canRead(req);
    return ok(indexEntities(screenOf(req.query.headId).screen));
  });

  app.get<{ Querystring: Query }>(`${base}/api/checkOnlyTable`, async (req) => {
    await canRead(req);
    const table = String(req.query.tbname ?? '');
    const taken = ctx.screens.byTableName(table);
    const physical = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_schema = current_schema() and table_name = ${table}`.execute(ctx.db);
    const free = (!taken || taken.screen.id === req.query.id) && (taken || !Number(physical.rows[0]?.n));
    return free ? ok(1, DESIGNER_TEXT.tableOnly) : { ...ok(-1, DESIGNER_TEXT.tableTaken(table)), success: true };
  });

  app.post(`${base}/api/addAll`, { ...largeBody }, async (req) => {
    await can(req, 'add');
    const version = await store.save(bodyToSchema(req.body), req.user.username, { isNew: true });
    return ok({ version }, '添加成功！');
  });

  app.put(`${base}/api/editAll`, { ...largeBody }, async (req) => {
    await can(req, 'edit');
    const raw = req.body as { schema?: { id?: string }; head?: { id?: string }; version?: unknown } | null;
    const id = raw?.schema?.id ?? raw?.head?.id;
    const current = authoredOf(id);
    const version = await store.save(bodyToSchema(req.body, current.screen), req.user.username, {
      isNew: false,
      expectedVersion: expectedVersionOf(raw?.version),
    });
    return ok({ version }, '修改成功！');
  });

  app.post<{ Params: { code: string; mode: string } }>(`${base}/api/doDbSynch/:code/:mode`, async (req) => {
    await can(req, 'sync');
    const loaded = authoredOf(req.params.code);
    const force = req.params.mode === 'force';
    if (!force && req.params.mode !== 'normal') throw new BizError('同步方式只能是 normal 或 force');
    try {
      const res = await syncScreenTable(ctx.db, loaded, { force });
      await store.markSynced(loaded.screen.id);
      return ok(res, DESIGNER_TEXT.syncedOk);
    } catch (e) {
      if (e instanceof BizError) throw e;
      const msg = (e as Error).message;
      const detail = /（(.*)），已拒绝同步/.exec(msg)?.[1];
      if (detail) throw new BizError(DESIGNER_TEXT.destructive(loaded.screen.title, detail));
      throw e;
    }
  });

  // ours: what a sync would do, applied to nothing (the force confirmation lists `destructive`)
  app.get<{ Params: { code: string } }>(`${base}/api/syncPlan/:code`, async (req) => {
    await can(req, 'sync');
    return ok(await planScreenSync(ctx.db, authoredOf(req.params.code)));
  });

  // ours: versions (current first), a field-by-field diff of two, rollback as a new version
  app.get<{ Querystring: Query }>(`${base}/head/versions`, async (req) => {
    await canRead(req);
    const list = await store.history(authoredOf(req.query.id).screen.id);
    return ok(list.map((v) => ({ version: v.version, author: v.author, time: v.time, fieldCount: v.schema.fields.length })));
  });
  app.get<{ Querystring: Query }>(`${base}/head/versionDiff`, async (req) => {
    await canRead(req);
    const list = await store.history(authoredOf(req.query.id).screen.id);
    const pick = (v: string | undefined): ScreenSchema => {
      const found = list.find((x) => x.version === Number(v));
      if (!found) throw new BizError(DESIGNER_TEXT.versionNotFound(Number(v)));
      return found.schema;
    };
    return ok(versionDiff(pick(req.query.from), pick(req.query.to)));
  });
  app.post<{ Body: { id?: string; version?: number } }>(`${base}/head/rollback`, async (req) => {
    await can(req, 'edit');
    const loaded = authoredOf(req.body?.id);
    const version = await store.rollback(loaded.screen.id, Number(req.body?.version), req.user.username);
    return ok({ version }, '回滚成功！');
  });

  const remove = async (id: string | undefined, dropTable: boolean) => {
    const loaded = authoredOf(id);
    const menu = await ctx.db
      .selectFrom('sys_permission')
      .select('id')
      .where('url', '=', screenMenuUrl(loaded.screen))
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (menu) throw new BizError(DESIGNER_TEXT.menuInUse(loaded.screen.title));
    if (loaded.subs?.length || loaded.main) throw new BizError(`表单「${loaded.screen.title}」有主子表关系，请先解除后再删除`);
    const views = ctx.screens.list().filter((l) => l.screen.viewOf === loaded.screen.id);
    if (views.length) throw new BizError(DESIGNER_TEXT.hasViews(loaded.screen.title, views.map((v) => v.screen.id).join('、')));
    // one transaction: configuration and table go together; a view shares its owner's table and never drops it
    await store.remove(loaded.screen.id, { dropTable: dropTable && !loaded.screen.viewOf ? loaded.screen.tableName : undefined });
  };
  app.delete<{ Querystring: Query }>(`${base}/head/delete`, async (req) => {
    await can(req, 'delete');
    await remove(req.query.id, true);
    return okMessage('删除成功!');
  });
  app.delete<{ Querystring: Query }>(`${base}/head/deleteBatch`, async (req) => {
    await can(req, 'delete');
    for (const id of String(req.query.ids ?? '')
      .split(',')
      .filter(Boolean))
      await remove(id, true);
    return okMessage('删除成功!');
  });
  app.delete<{ Querystring: Query }>(`${base}/head/removeRecord`, async (req) => {
    await can(req, 'delete');
    await remove(req.query.id, false);
    return okMessage('移除成功!');
  });

  // copy table: a new authored screen (and table) from any screen, built-in ones included
  app.post<{ Params: { id: string }; Querystring: Query }>(`${base}/head/copyOnlineTable/:id`, async (req) => {
    await can(req, 'copy');
    const src = screenOf(req.params.id).screen;
    let table = req.query.tableName;
    for (let n = 1; !table && n < 100; n++) if (!ctx.screens.byTableName(`${src.tableName}_copy${n}`)) table = `${src.tableName}_copy${n}`;
    const { menu: _menu, url: _url, tableSource: _ts, subTables: _st, rowActions: _ra, forceSync: _fs, ...rest } = src;
    const copy: ScreenSchema = {
      ...rest,
      id: String(table),
      tableName: String(table),
      tableType: src.tableType === 'main' ? 'single' : src.tableType === 'sub' ? 'single' : src.tableType,
      title: `${src.title}（复制）`,
      authPre: `online:${table}`,
      fields: src.fields.filter((f) => f.persist !== false),
    };
    await store.save(copy, req.user.username, { isNew: true });
    return ok({ id: copy.id }, DESIGNER_TEXT.copyOk);
  });

  // copy as a view (JeecgBoot's copyOnline, GET ?code=): an authored screen `{id}_v{n}` over the
  // same table and rows (viewOf), with its own fields' visibility and widgets; a view of a view
  // is a view of its owner. Ready at once when the owner's table is.
  app.get<{ Querystring: Query }>(`${base}/head/copyOnline`, async (req) => {
    await can(req, 'copy');
    const picked = screenOf(req.query.code ?? req.query.id);
    const owner = picked.screen.viewOf ? screenOf(picked.screen.viewOf) : picked;
    let id = '';
    for (let n = 1; !id && n < 100; n++) if (!ctx.screens.get(`${owner.screen.id}_v${n}`)) id = `${owner.screen.id}_v${n}`;
    const src = picked.screen;
    const { menu: _menu, url: _url, tableSource: _ts, subTables: _st, rowActions: _ra, forceSync: _fs, workflow: _wf, ...rest } = src;
    const view: ScreenSchema = {
      ...rest,
      id,
      viewOf: owner.screen.id,
      tableName: owner.screen.tableName,
      tableType: 'single',
      title: `${src.title}（视图）`,
      authPre: `online:${id}`,
      fields: src.fields.filter((f) => f.persist !== false),
    };
    await store.save(view, req.user.username, { isNew: true });
    if (!owner.authored || owner.authored.synced) await store.markSynced(id);
    return ok({ id }, DESIGNER_TEXT.copyOk);
  });

  // ours: put the screen in the menu (/online/cgformList/{id} and its six buttons), admin granted
  app.post<{ Body: { id?: string; parentId?: string; sortNo?: number; icon?: string } }>(`${base}/head/addMenu`, async (req) => {
    await can(req, 'menu');
    const loaded = screenOf(req.body?.id);
    if (!req.body?.parentId) throw new BizError(DESIGNER_TEXT.parentMenuMissing);
    const menuId = await addScreenMenu(ctx.db, loaded.screen, req.body.parentId, { sortNo: req.body.sortNo, icon: req.body.icon });
    ctx.perms.invalidate();
    return ok({ menuId }, DESIGNER_TEXT.menuAdded);
  });

  app.get<{ Params: { formId: string } }>(`${base}/head/enhanceButton/:formId`, async (req) => {
    await canRead(req);
    const rows = await ctx.db
      .selectFrom('onl_cgform_button')
      .selectAll()
      .where('cgform_head_id', '=', screenOf(req.params.formId).screen.id)
      .orderBy('order_num')
      .execute();
    return ok(rows.map(camelRow));
  });
  app.get<{ Params: { code: string } }>(`${base}/button/list/:code`, async (req) => {
    await canRead(req);
    const rows = await ctx.db
      .selectFrom('onl_cgform_button')
      .selectAll()
      .where('cgform_head_id', '=', screenOf(req.params.code).screen.id)
      .orderBy('order_num')
      .execute();
    return ok({ records: rows.map(camelRow), total: rows.length });
  });

  enhanceRoutes(app, ctx, { canRead, can, authoredOf });
  importRoutes(app, ctx, { can, store });
}
