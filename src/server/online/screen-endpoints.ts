import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { BizError } from '../http/envelope.js';
import { bodyOf } from '../http/input.js';

export { bodyOf };
import type { ScreenSchema } from '../../shared/generated/screen-schema.js';
import { RecordService } from './record-service.js';
import { CountCache } from './count-cache.js';
import type { LoadedScreen } from './screen-registry.js';
import { rowToProperties } from '../../shared/row-keys.js';
import { DESIGNER_TEXT } from './designer/texts.js';
import { runStatusAction, workflowAction } from './workflow/actions.js';
import { WORKFLOW_TEXT } from './workflow/texts.js';

type Row = Record<string, unknown>;

/** The menu url of a screen (its `menu.url`, default `/online/cgformList/{id}`); holding it grants the read calls. */
export function screenMenuUrl(screen: Pick<ScreenSchema, 'id' | 'menu'> | string): string {
  if (typeof screen === 'string') return `/online/cgformList/${screen}`;
  return screen.menu?.url ?? `/online/cgformList/${screen.id}`;
}

/**
 * The generic operations of a screen with the permission model (docs/architecture.md) applied: reads
 * need the screen's menu, each write its `{authPre}:{action}` button (403 otherwise, nothing
 * written). Both the online-form API (cgform-routes.ts) and the screens' own JeecgBoot paths
 * (screen-api-routes.ts) answer through it, so they behave the same.
 */
export class ScreenEndpoints {
  readonly records: RecordService;

  constructor(private readonly ctx: AppContext) {
    this.records = new RecordService(ctx.db, ctx.dicts, new CountCache(ctx.dbKind === 'pglite'), ctx.hooks, ctx.screens);
  }

  /** The loaded screen `code`; BizError (HTTP 404 in the envelope) when unknown. */
  screenOf(code: string): LoadedScreen {
    const loaded = this.ctx.screens.get(code);
    if (!loaded) throw new BizError(`未找到页面配置：${code}`, 404);
    if (loaded.authored && !loaded.authored.synced) throw new BizError(DESIGNER_TEXT.notSynced(loaded.screen.title));
    return loaded;
  }

  /** Throws 403 unless the user holds the screen's menu (a sub table's: its main table's menu). */
  async readable(req: FastifyRequest, code: string): Promise<LoadedScreen> {
    const loaded = this.screenOf(code);
    await this.ctx.perms.assertMenu(req.user, screenMenuUrl((loaded.main?.loaded ?? loaded).screen));
    return loaded;
  }

  /**
   * Throws 403 unless the user holds the screen's menu and the button `{authPre}:{action}`; a sub
   * table's rows belong to the main document, so writing them also needs the main table's `edit`.
   */
  async writable(req: FastifyRequest, code: string, action: string): Promise<LoadedScreen> {
    const loaded = await this.readable(req, code);
    if (loaded.main) await this.ctx.perms.assertButton(req.user, `${loaded.main.loaded.screen.authPre}:edit`);
    await this.ctx.perms.assertButton(req.user, `${loaded.screen.authPre}:${action}`);
    return loaded;
  }

  /** A page of rows (spec 7.3 list fetch). */
  async list(req: FastifyRequest, code: string, params: Row) {
    return this.records.page(await this.readable(req, code), params, req.user);
  }

  /** One row by id. */
  async get(req: FastifyRequest, code: string, id: string) {
    return this.records.get(await this.readable(req, code), id, req.user);
  }

  /**
   * A page of rows shaped as JeecgBoot's system modules answer (api-contract §5: camelCase
   * properties, `<name>_dictText`), for screens served at their own paths (schema `url`).
   */
  async listProperties(req: FastifyRequest, code: string, params: Row) {
    const page = await this.list(req, code, params);
    const { screen } = this.screenOf(code);
    return { ...page, records: page.records.map((r) => rowToProperties(screen, r)) };
  }

  /** One row by id with camelCase properties (see listProperties). */
  async getProperties(req: FastifyRequest, code: string, id: string) {
    return rowToProperties(this.screenOf(code).screen, await this.get(req, code, id));
  }

  /** Adds a row from the body; returns the new id. */
  async add(req: FastifyRequest, code: string, body: unknown): Promise<string> {
    const loaded = await this.writable(req, code, 'add');
    return this.records.add(loaded, bodyOf(body), req.user, await this.ctx.perms.disabledFields(req.user, loaded.screen.authPre));
  }

  /** Edits the row named by body.id. */
  async edit(req: FastifyRequest, code: string, body: unknown): Promise<void> {
    const loaded = await this.writable(req, code, 'edit');
    await this.records.edit(loaded, bodyOf(body), req.user, await this.ctx.perms.disabledFields(req.user, loaded.screen.authPre));
  }

  /**
   * Runs the declared status action `action` of the screen's workflow (提交, 审批通过, 驳回, 作废 …) on
   * the body's `id` (or comma-joined `ids`): needs the screen's menu and the action's button
   * `{authPre}:{permission}` (403 otherwise); the state, owner and condition rules answer a
   * message (nothing written). Returns the success message.
   */
  async statusAction(req: FastifyRequest, code: string, actionCode: string, body: unknown): Promise<string> {
    const loaded = await this.readable(req, code);
    const { action } = workflowAction(loaded, actionCode);
    await this.ctx.perms.assertButton(req.user, `${loaded.screen.authPre}:${action.permission}`);
    const b = bodyOf(body);
    const raw = typeof b.ids === 'string' ? b.ids : typeof b.id === 'string' || typeof b.id === 'number' ? String(b.id) : '';
    const ids = [
      ...new Set(
        raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    await runStatusAction(this.ctx.db, this.records, loaded, action.code, ids, req.user);
    return WORKFLOW_TEXT.done(action.label);
  }

  /**
   * Deletes the rows of a comma-joined id list: one id needs `delete`, several `batch_delete`
   * (or `batch` when the caller says so). Returns the success message.
   */
  async remove(req: FastifyRequest, code: string, idList: unknown, batch = false): Promise<string> {
    const ids = (typeof idList === 'string' ? idList : '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!ids.length) throw new BizError('请选择一条记录！');
    const many = batch || ids.length > 1;
    const loaded = await this.writable(req, code, many ? 'batch_delete' : 'delete');
    await this.records.remove(loaded, ids, req.user);
    return many ? '批量删除成功!' : '删除成功!';
  }
}
