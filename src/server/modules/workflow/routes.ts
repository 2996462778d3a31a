import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { screenMenuUrl, type ScreenEndpoints } from '../../online/screen-endpoints.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import type { ScreenHooks } from '../../online/screen-hooks.js';
import { BizError, ok, okMessage, toPage } from '../../http/envelope.js';
import { noticeHubOf } from '../../ws/notice-hub.js';
import { ModelService, modelOut, type ModelInput } from './model-service.js';
import { InstanceService, runningInstanceOf, boundDefinition } from './instance-service.js';
import { TaskQueries } from './task-queries.js';
import { TaskNotices } from './task-notices.js';
import { parseDiagram } from './diagram.js';
import { lintDiagram } from './lint.js';
import { listenerRoutes } from './listener-routes.js';
import { WF_MENU } from './menus.js';
import { WF_TEXT } from './texts.js';
import { largeBody } from '../../http/body-limits.js';

type Row = Record<string, unknown>;
type Body = FastifyRequest<{ Body: Row | undefined }>;
type Query = FastifyRequest<{ Querystring: Row }>;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : v === null || v === undefined ? null : String(v));
const bodyOf = (req: { body?: unknown }): Row => (req.body && typeof req.body === 'object' ? (req.body as Row) : {});

/**
 * The workflow API: process models (流程模型: list, add, edit/save design, copy, deploy, delete,
 * versions, validate), the task screens (我的待办 with claim, approve, reject, transfer, add a
 * signer; 我的已办; 我发起的 with withdraw and void) and an instance's detail. Each call needs its menu and,
 * for a write, its button (`workflow:model:*`, `workflow:task:*`, `workflow:mine:withdraw`, `workflow:mine:void`);
 * a task action also needs the task's assignee or candidate (403 otherwise, nothing written).
 * Registers the status-action hook that starts the bound process on 提交 and refuses direct
 * approvals of records a process drives, and write hooks refusing edits while an instance runs.
 */
export function workflowRoutes(app: FastifyInstance, ctx: AppContext, endpoints: ScreenEndpoints): void {
  const models = new ModelService(ctx.db, ctx.screens);
  const instances = new InstanceService(ctx.db, endpoints.records, ctx.screens, new TaskNotices(noticeHubOf(ctx)));
  const queries = new TaskQueries(
    ctx.db,
    ctx.screens,
    ctx.dicts,
    (u) => instances.rolesOf(u),
    (loaded, rows) => endpoints.records.translate(loaded, rows),
  );
  registerScreenHooks(ctx, instances);

  const menu = (req: FastifyRequest, url: string) => ctx.perms.assertMenu(req.user, url);
  const button = async (req: FastifyRequest, m: { url: string; authPre: string }, action: string) => {
    await menu(req, m.url);
    await ctx.perms.assertButton(req.user, `${m.authPre}:${action}`);
  };
  const paged = (q: Row, r: { records: Row[]; total: number }) =>
    toPage(r.records, r.total, Math.max(1, Number(q.pageNo) || 1), Math.min(200, Math.max(1, Number(q.pageSize) || 10)));
  const designer = async (req: FastifyRequest) => {
    const urls = [WF_MENU.model.url, WF_MENU.designer.url];
    await ctx.perms.assertAnyMenu(req.user, urls);
  };

  app.get('/workflow/model/list', async (req: Query) => {
    await designer(req);
    return ok(paged(req.query, await models.list(req.query)));
  });
  app.get('/workflow/model/queryById', async (req: Query) => {
    await designer(req);
    return ok(modelOut(await models.get(req.query.id), true));
  });
  app.post('/workflow/model/add', { ...largeBody }, async (req: Body) => {
    await button(req, WF_MENU.model, 'add');
    return ok(await models.add(bodyOf(req) as ModelInput, req.user), '添加成功！');
  });
  const edit = async (req: Body) => {
    await designer(req);
    await ctx.perms.assertButton(req.user, `${WF_MENU.model.authPre}:edit`);
    return ok(await models.edit(bodyOf(req) as ModelInput, req.user), '保存成功！');
  };
  app.put('/workflow/model/edit', { ...largeBody }, edit);
  app.post('/workflow/model/edit', { ...largeBody }, edit);
  app.post('/workflow/model/copy', async (req: Body) => {
    await button(req, WF_MENU.model, 'copy');
    return ok(await models.copy(bodyOf(req).id, req.user), '复制成功！');
  });
  app.post('/workflow/model/deploy', async (req: Body) => {
    await button(req, WF_MENU.model, 'deploy');
    const version = await models.deploy(bodyOf(req).id, req.user);
    return ok(version, WF_TEXT.deployed(version));
  });
  app.delete('/workflow/model/delete', async (req: Query) => {
    await button(req, WF_MENU.model, 'delete');
    await models.remove(req.query.id, req.user);
    return okMessage('删除成功!');
  });
  app.get('/workflow/model/versions', async (req: Query) => {
    await designer(req);
    return ok(await models.versions(req.query.id));
  });
  app.get('/workflow/model/screens', async (req) => {
    await designer(req);
    return ok(models.bindableScreens());
  });
  app.post('/workflow/model/validate', { ...largeBody }, async (req: Body) => {
    await designer(req);
    const xml = text(bodyOf(req).xml);
    if (!xml) throw new BizError(WF_TEXT.xmlRequired);
    return ok(await lintDiagram(await parseDiagram(xml)));
  });
  listenerRoutes(app, ctx, designer, async (req) => {
    await designer(req);
    await ctx.perms.assertButton(req.user, `${WF_MENU.model.authPre}:edit`);
  });

  app.get('/workflow/task/todo', async (req: Query) => {
    await menu(req, WF_MENU.todo.url);
    return ok(paged(req.query, await queries.todo(req.user, req.query)));
  });
  app.get('/workflow/task/done', async (req: Query) => {
    await menu(req, WF_MENU.done.url);
    return ok(paged(req.query, await queries.done(req.user, req.query)));
  });
  app.get('/workflow/instance/mine', async (req: Query) => {
    await menu(req, WF_MENU.mine.url);
    return ok(paged(req.query, await queries.mine(req.user, req.query)));
  });
  app.get('/workflow/instance/detail', async (req: Query) => {
    const canSeeAll = await ctx.perms.assertMenu(req.user, WF_MENU.model.url).then(
      () => true,
      () => false,
    );
    // 打开单据 leads to the screen's list: offered only to holders of the screen's menu
    const recordLink = (loaded: LoadedScreen) => {
      const url = screenMenuUrl(loaded.screen);
      return ctx.perms.assertMenu(req.user, url).then(
        () => url,
        () => null,
      );
    };
    return ok(await queries.detail(req.query.id, req.user, canSeeAll, recordLink));
  });
  const task = (action: string, run: (b: Row, req: FastifyRequest) => Promise<void>, message: string) =>
    app.post(`/workflow/task/${action}`, async (req: Body) => {
      await button(req, WF_MENU.todo, action === 'addSign' ? 'add_sign' : action);
      await run(bodyOf(req), req);
      return okMessage(message);
    });
  task('approve', (b, req) => instances.approve(b.taskId, text(b.comment), req.user), '审批成功！');
  task('reject', (b, req) => instances.reject(b.taskId, text(b.comment), req.user), '驳回成功！');
  task('claim', (b, req) => instances.claim(b.taskId, req.user), '签收成功！');
  task('transfer', (b, req) => instances.transfer(b.taskId, b.username, text(b.comment), req.user), '转办成功！');
  task('addSign', (b, req) => instances.addSigner(b.taskId, b.username, text(b.comment), req.user), '加签成功！');
  app.post('/workflow/instance/withdraw', async (req: Body) => {
    await button(req, WF_MENU.mine, 'withdraw');
    await instances.withdraw(bodyOf(req).id, req.user);
    return okMessage('撤回成功！');
  });
  app.post('/workflow/instance/void', async (req: Body) => {
    await button(req, WF_MENU.mine, 'void');
    await instances.void(bodyOf(req).id, req.user);
    return okMessage('作废成功！');
  });
}

/**
 * Hooks of every screen with a declared approval status: 提交 starts the bound process (when one
 * is deployed), 审批通过/驳回 are refused while a process drives the record, and edits and deletes
 * are refused while its instance runs. A provider, not a list made at start: a screen authored
 * or given its approval status later gets the hooks at once, on every process (each reloads the
 * screen registry on a change); the binding itself is read from the database on each call.
 */
function registerScreenHooks(ctx: AppContext, instances: InstanceService): void {
  // one hooks object per loaded screen: an authored screen saved again is a new LoadedScreen
  const made = new WeakMap<LoadedScreen, ScreenHooks>();
  ctx.hooks.registerProvider((screenId) => {
    const loaded = ctx.screens.get(screenId);
    if (!loaded?.screen.workflow || loaded.screen.viewOf) return undefined;
    let hooks = made.get(loaded);
    if (!hooks) made.set(loaded, (hooks = screenHooks(loaded, instances)));
    return hooks;
  });
}

/** The workflow hooks of one screen with a declared approval status. */
function screenHooks(loaded: LoadedScreen, instances: InstanceService): ScreenHooks {
  const screenId = loaded.screen.id;
  const locked = loaded.screen.workflow?.lockedMessage ?? '当前状态的单据不能修改或删除';
  return {
    async statusAction({ trx, user, action, row, afterCommit }) {
      const id = String(row.id);
      if (action.code === 'submit') {
        if (await boundDefinition(trx, screenId)) {
          const notices = instances.notices.batch();
          await instances.start(trx, loaded, id, user, notices);
          afterCommit(() => notices.send());
        }
        return;
      }
      if ((action.code === 'approve' || action.code === 'reject') && (await runningInstanceOf(trx, screenId, id)))
        throw new BizError(WF_TEXT.directActionRefused(action.label));
    },
    async beforeWrite({ trx, existing }) {
      if (existing && (await runningInstanceOf(trx, screenId, String(existing.id)))) throw new BizError(locked);
    },
    async beforeDelete({ trx, ids }) {
      for (const id of ids) if (await runningInstanceOf(trx, screenId, id)) throw new BizError(locked);
    },
  };
}
