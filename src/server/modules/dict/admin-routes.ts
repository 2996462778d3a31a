import type { FastifyInstance } from 'fastify';
import { likeContains } from '../../http/list-query.js';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { camelRow } from '../../http/case.js';
import { formatDateTime } from '../../../shared/time.js';
import { assertRead, assertWrite } from '../system/guard.js';
import { DICT_TEXT, COMMON_TEXT } from '../system/texts.js';
import { dataRuleConditions } from '../permission/data-rule-scope.js';
import { requestDictScope } from './routes.js';
import { tableReadScope, whereOf } from '../../online/read-scope.js';
import { inTransaction } from '../../db/transaction.js';

type Q = Record<string, string | undefined>;
type Row = Record<string, unknown>;

/** Screen ids of 数据字典 and its items (schemas/sys/sys_dict.json, sys_dict_item.json). */
export const DICT_SCREEN = 'sys_dict';
export const DICT_ITEM_SCREEN = 'sys_dict_item';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const IDENT = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Dictionary administration (spec 7.2 "Dictionary", api-contract §6.2) beyond the read calls
 * of routes.ts: the cache refresh, tree data of a table (`loadTreeData`, every identifier
 * checked like a table dictionary), item value check, the recycle bin, and the hooks of the
 * generic dict/item screens: codes checked, soft delete of dictionaries, one value per item in
 * a dictionary, the cache dropped after every write.
 */
export function dictAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const reload = () => ctx.dicts.reload();

  app.all('/sys/dict/refleshCache', async () => {
    reload();
    return okMessage(DICT_TEXT.cacheRefreshed);
  });

  app.get<{ Querystring: Q }>('/sys/dict/loadTreeData', async (req) => {
    const q = req.query;
    const table = text(q.tableName);
    const cols = { text: text(q.text), code: text(q.code), pid: text(q.pidField) || 'pid', hasChild: text(q.hasChildField) };
    const conds = [];
    const filters: [string, unknown][] = [];
    if (text(q.condition)) {
      let cond: unknown;
      try {
        cond = JSON.parse(text(q.condition));
      } catch {
        throw new BizError(DICT_TEXT.conditionBad);
      }
      if (!cond || typeof cond !== 'object' || Array.isArray(cond)) throw new BizError(DICT_TEXT.conditionBad);
      filters.push(...Object.entries(cond as Row));
    }
    const names = [cols.pid, ...(cols.hasChild ? [cols.hasChild] : []), ...filters.map(([k]) => k)];
    if (![table, cols.text, cols.code, ...names].every((c) => IDENT.test(c))) throw new BizError(DICT_TEXT.treeTableBad);
    // the one read gate: the table's screen menu, a declaring field, or an allow-listed system tree
    const scope = await tableReadScope(ctx, req.user, { table, text: cols.text, code: cols.code, extra: names }).catch((e: unknown) => {
      throw e instanceof BizError ? new BizError(DICT_TEXT.treeTableBad) : e;
    });
    const pid = text(q.pid);
    conds.push(
      pid
        ? sql`${sql.ref(cols.pid)} = ${pid}`
        : sql`(${sql.ref(cols.pid)} is null or ${sql.ref(cols.pid)} = '' or ${sql.ref(cols.pid)} = '0')`,
    );
    for (const [k, v] of filters)
      if (v !== null && v !== undefined && v !== '') conds.push(sql`${sql.ref(k)}::text like ${likeContains(String(v))}`);
    const hasChild = cols.hasChild ? sql.ref(cols.hasChild) : sql`null`;
    const rows = (
      await sql<{
        key: unknown;
        title: unknown;
        parent: unknown;
        has_child: unknown;
      }>`select ${sql.ref(cols.code)} as key, ${sql.ref(cols.text)} as title,
        ${sql.ref(cols.pid)} as parent, ${hasChild} as has_child from ${sql.table(table)} ${whereOf(scope, conds)}
        order by ${sql.ref(cols.code)} limit 2000`.execute(ctx.db)
    ).rows;
    return ok(
      rows.map((r) => {
        const leaf = String(r.has_child ?? '0') !== '1';
        return {
          key: String(r.key ?? ''),
          value: String(r.key ?? ''),
          title: String(r.title ?? ''),
          leaf,
          isLeaf: leaf,
          parentId: r.parent ?? null,
        };
      }),
    );
  });

  app.get<{ Params: { dictCode: string; key: string } }>('/sys/dict/getDictText/:dictCode/:key', async (req) => {
    const dictCode = req.params.dictCode.trim();
    const texts = await ctx.dicts.translateIn(dictCode, [req.params.key], await requestDictScope(ctx, req.user, dictCode));
    return ok(texts.get(req.params.key) ?? '');
  });

  app.get<{ Querystring: Q }>('/sys/dictItem/dictItemCheck', async (req) => {
    await assertRead(ctx, req.user, 'dict');
    let q = ctx.db
      .selectFrom('sys_dict_item')
      .select('id')
      .where('dict_id', '=', text(req.query.dictId))
      .where('item_value', '=', text(req.query.itemValue));
    if (text(req.query.id)) q = q.where('id', '<>', text(req.query.id));
    if (await q.executeTakeFirst()) throw new BizError(DICT_TEXT.itemValueTaken);
    return okMessage(DICT_TEXT.itemValueFree);
  });

  /* ---- recycle bin (logical delete, api-contract §6.2) ---- */
  app.get('/sys/dict/deleteList', async (req) => {
    await assertRead(ctx, req.user, 'dict');
    const rows = await ctx.db
      .selectFrom('sys_dict')
      .selectAll()
      .where('del_flag', '=', 1)
      .orderBy('update_time', 'desc')
      .limit(1000)
      .execute();
    return ok(rows.map((r) => camelRow(r)));
  });
  app.delete<{ Params: { id: string } }>('/sys/dict/deletePhysic/:id', async (req) => {
    await assertWrite(ctx, req.user, 'dict', 'delete');
    await inTransaction(ctx.db, async (trx) => {
      const d = await trx.selectFrom('sys_dict').select('id').where('id', '=', req.params.id).where('del_flag', '=', 1).executeTakeFirst();
      if (!d) throw new BizError(COMMON_TEXT.notFound);
      await trx.deleteFrom('sys_dict_item').where('dict_id', '=', d.id).execute();
      await trx.deleteFrom('sys_dict').where('id', '=', d.id).execute();
    });
    return okMessage(COMMON_TEXT.deleted);
  });
  app.put<{ Params: { id: string } }>('/sys/dict/back/:id', async (req) => {
    await assertWrite(ctx, req.user, 'dict', 'edit');
    const res = await ctx.db
      .updateTable('sys_dict')
      .set({ del_flag: 0 })
      .where('id', '=', req.params.id)
      .where('del_flag', '=', 1)
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw new BizError(COMMON_TEXT.notFound);
    reload();
    return okMessage(COMMON_TEXT.edited);
  });

  /* ---- hooks of the generic screens ---- */
  ctx.hooks.register(DICT_SCREEN, {
    listScope: () => [sql`del_flag = 0`],
    beforeWrite: async ({ trx, row, existing, isNew }) => {
      if (isNew || 'dict_code' in row) {
        const code = text(row.dict_code);
        if (!code) throw new BizError(DICT_TEXT.codeRequired);
        if (!/^[A-Za-z0-9_]{1,100}$/.test(code)) throw new BizError(DICT_TEXT.codeBad);
        let q = trx.selectFrom('sys_dict').select('id').where('dict_code', '=', code);
        if (!isNew) q = q.where('id', '<>', String(existing?.id));
        if (await q.executeTakeFirst()) throw new BizError(DICT_TEXT.codeTaken);
        row.dict_code = code;
      }
      if ((isNew || 'dict_name' in row) && !text(row.dict_name)) throw new BizError(DICT_TEXT.nameRequired);
      if (isNew) row.del_flag = 0;
    },
    afterWrite: () => reload(),
    beforeDelete: async ({ trx, user, ids }) => {
      const rules = await dataRuleConditions(ctx, user, ctx.screens.get(DICT_SCREEN)!);
      await sql`update sys_dict set del_flag = 1, update_by = ${user.username}, update_time = ${formatDateTime()}
        where ${sql.join([sql`id in (${sql.join(ids)})`, ...rules], sql` and `)}`.execute(trx);
      reload();
      return 'handled' as const;
    },
  });

  ctx.hooks.register(DICT_ITEM_SCREEN, {
    listScope: ({ params }) => (text(params.dictId) ? [sql`dict_id = ${text(params.dictId)}`] : []),
    beforeWrite: async ({ trx, row, existing, isNew }) => {
      const dictId = text(row.dict_id ?? existing?.dict_id);
      if (!dictId) throw new BizError(DICT_TEXT.dictRequired);
      const dict = await trx.selectFrom('sys_dict').select('id').where('id', '=', dictId).where('del_flag', '=', 0).executeTakeFirst();
      if (!dict) throw new BizError(DICT_TEXT.dictNotFound);
      if ((isNew || 'item_text' in row) && !text(row.item_text)) throw new BizError(DICT_TEXT.itemTextRequired);
      if (isNew || 'item_value' in row) {
        const value = text(row.item_value);
        if (!value) throw new BizError(DICT_TEXT.itemValueRequired);
        let q = trx.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dictId).where('item_value', '=', value);
        if (!isNew) q = q.where('id', '<>', String(existing?.id));
        if (await q.executeTakeFirst()) throw new BizError(DICT_TEXT.itemValueTaken);
        row.item_value = value;
      }
    },
    afterWrite: () => reload(),
    beforeDelete: () => reload(),
  });
}
