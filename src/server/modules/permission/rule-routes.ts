import { objectBody } from '../../http/route-schemas.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { camelRow } from '../../http/case.js';
import { formatDateTime } from '../../../shared/time.js';
import { resolveColumn } from '../../online/filters.js';
import { screenMenuUrl } from '../../online/screen-endpoints.js';
import { assertReadAny, assertWrite } from '../system/guard.js';
import { COMMON_TEXT, DATA_RULE_TEXT, PERMISSION_TEXT } from '../system/texts.js';
import { checkRule, RULE_OPERATORS, RULE_VARIABLES } from './data-rule-model.js';
import { bodyOf } from '../../http/input.js';
import { inTransaction } from '../../db/transaction.js';

type Body = Record<string, unknown>;
type Q = Record<string, string | undefined>;

/** Keeps rule_flag of a menu true to whether it has data rules. */
async function refreshRuleFlag(db: Db, permissionId: string): Promise<void> {
  const one = await db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', permissionId).executeTakeFirst();
  await db
    .updateTable('sys_permission')
    .set({ rule_flag: one ? 1 : 0 })
    .where('id', '=', permissionId)
    .execute();
}

/**
 * Data rules per menu (spec 7.2 getPermRuleListByPermId / queryPermissionRule, api-contract
 * §3.2–3.3): rule CRUD with the fixed operator set and system variables only (checked by
 * data-rule-model.ts); the rule column must be a column of the menu's screen when the menu
 * opens a screen. Reads need the menu, role or department screen; writes `system:permission:data_rule`.
 */
export function permissionRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/sys/permission';
  const readers = ['permission', 'role', 'depart'] as const;

  const menuOf = async (db: Db, permissionId: string) => {
    if (!permissionId) throw new BizError(DATA_RULE_TEXT.permissionRequired);
    const p = await db
      .selectFrom('sys_permission')
      .select(['id', 'url', 'menu_type'])
      .where('id', '=', permissionId)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!p) throw new BizError(PERMISSION_TEXT.notFound);
    if (p.menu_type === 2) throw new BizError(DATA_RULE_TEXT.menuOnly);
    return p;
  };
  /** A column test for the menu: the columns of the screen it opens, else any well-formed name. */
  const columnTest = (url: string | null) => {
    const loaded = ctx.screens.list().find((l) => screenMenuUrl(l.screen) === url);
    return (column: string) => !loaded || !!resolveColumn(loaded, column);
  };
  const checked = (body: Body, url: string | null) => {
    try {
      return checkRule(body, columnTest(url));
    } catch (e) {
      throw new BizError((e as Error).message);
    }
  };
  const rulesWhere = (q: Q) => {
    let query = ctx.db.selectFrom('sys_permission_data_rule').selectAll();
    if (q.permissionId) query = query.where('permission_id', '=', q.permissionId);
    if (q.ruleName) query = query.where('rule_name', '=', q.ruleName);
    if (q.ruleColumn) query = query.where('rule_column', '=', q.ruleColumn);
    if (q.ruleValue) query = query.where('rule_value', '=', q.ruleValue);
    if (q.status) query = query.where('status', '=', q.status);
    return query.orderBy('create_time').orderBy('id');
  };

  app.get<{ Querystring: Q }>(`${base}/getPermRuleListByPermId`, async (req) => {
    await assertReadAny(ctx, req.user, readers);
    if (!req.query.permissionId) throw new BizError(DATA_RULE_TEXT.permissionRequired);
    const rows = await rulesWhere({ permissionId: req.query.permissionId }).execute();
    return ok(rows.map((r) => camelRow(r)));
  });

  app.get<{ Querystring: Q }>(`${base}/queryPermissionRule`, async (req) => {
    await assertReadAny(ctx, req.user, readers);
    const rows = await rulesWhere(req.query).limit(1000).execute();
    return ok(rows.map((r) => camelRow(r)));
  });

  /** The editor's choices: the fixed operators and system variables. */
  app.get(`${base}/dataRuleOptions`, async (req) => {
    await assertReadAny(ctx, req.user, readers);
    return ok({ operators: RULE_OPERATORS, variables: RULE_VARIABLES.map((v) => `#{${v}}`) });
  });

  app.post<{ Body: unknown }>(`${base}/addPermissionRule`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'permission', 'data_rule');
    const body = bodyOf(req.body);
    const id = newId();
    await inTransaction(ctx.db, async (trx) => {
      const menu = await menuOf(trx, String(body.permissionId ?? ''));
      const values = checked(body, menu.url);
      await trx
        .insertInto('sys_permission_data_rule')
        .values({
          id,
          permission_id: menu.id,
          ...values,
          create_by: req.user.username,
          create_time: formatDateTime(),
          update_by: null,
          update_time: null,
        })
        .execute();
      await refreshRuleFlag(trx, menu.id);
    });
    ctx.perms.invalidate();
    return ok(id, COMMON_TEXT.added);
  });

  const edit = async (req: FastifyRequest<{ Body: unknown }>) => {
    await assertWrite(ctx, req.user, 'permission', 'data_rule');
    const body = bodyOf(req.body);
    const id = typeof body.id === 'string' ? body.id : '';
    if (!id) throw new BizError(COMMON_TEXT.idRequired);
    await inTransaction(ctx.db, async (trx) => {
      const rule = await trx.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!rule) throw new BizError(COMMON_TEXT.notFound);
      const menu = await menuOf(trx, rule.permission_id);
      const merged = {
        ruleName: body.ruleName ?? rule.rule_name,
        ruleColumn: body.ruleColumn ?? rule.rule_column,
        ruleConditions: body.ruleConditions ?? rule.rule_conditions,
        ruleValue: body.ruleValue ?? rule.rule_value,
        status: body.status ?? rule.status,
      };
      await trx
        .updateTable('sys_permission_data_rule')
        .set({ ...checked(merged, menu.url), update_by: req.user.username, update_time: formatDateTime() })
        .where('id', '=', id)
        .execute();
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.edited);
  };
  app.put<{ Body: unknown }>(`${base}/editPermissionRule`, { schema: { body: objectBody() } }, edit);
  app.post<{ Body: unknown }>(`${base}/editPermissionRule`, { schema: { body: objectBody() } }, edit);

  app.delete<{ Querystring: Q }>(`${base}/deletePermissionRule`, async (req) => {
    await assertWrite(ctx, req.user, 'permission', 'data_rule');
    const id = String(req.query.id ?? '');
    if (!id) throw new BizError(COMMON_TEXT.idRequired);
    await inTransaction(ctx.db, async (trx) => {
      const rule = await trx.selectFrom('sys_permission_data_rule').select(['permission_id']).where('id', '=', id).executeTakeFirst();
      if (!rule) throw new BizError(COMMON_TEXT.notFound);
      await trx.deleteFrom('sys_permission_data_rule').where('id', '=', id).execute();
      await refreshRuleFlag(trx, rule.permission_id);
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.deleted);
  });
}
