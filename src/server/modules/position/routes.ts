import { addDictTexts } from '../dict/dict-text.js';
import { PAGE_LIMIT, likeContains, pagingOf } from '../../http/list-query.js';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { BizError, ok, toPage } from '../../http/envelope.js';
import { camelRow } from '../../http/case.js';
import type { ScreenEndpoints } from '../../online/screen-endpoints.js';
import { SYSTEM_AREAS } from '../system/areas.js';
import { POSITION_TEXT } from '../system/texts.js';

type Q = Record<string, string | undefined>;

/** The screen id of 职务管理 (schemas/sys/sys_position.json). */
export const POSITION_SCREEN = 'sys_position';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * Positions (spec 7.2 "Position", api-contract §4.5 `/sys/position`): the list is the generic
 * one for holders of 职务管理 and, for every other signed-in user, the position selector's
 * minimal page (id, code, name, postRank) filtered by name; `queryByCode`; hooks: code format
 * and uniqueness, and no delete of a position users still hold.
 */
export function positionRoutes(app: FastifyInstance, ctx: AppContext, endpoints: ScreenEndpoints): void {
  const base = '/sys/position';

  app.get<{ Querystring: Q }>(`${base}/list`, async (req) => {
    const grants = await ctx.perms.grantsOf(req.user.id);
    if (grants.menuUrls.has(SYSTEM_AREAS.position.menuUrl)) return ok(await endpoints.listProperties(req, POSITION_SCREEN, req.query));
    const { pageNo, pageSize } = pagingOf(req.query, PAGE_LIMIT.list);
    let q = ctx.db.selectFrom('sys_position');
    const name = text(req.query.name).replace(/^\*|\*$/g, '');
    if (name) q = q.where('name', 'like', likeContains(name));
    const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const records: Record<string, unknown>[] = await q
      .select(['id', 'code', 'name', 'post_rank as postRank'])
      .orderBy('code')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    await addDictTexts(ctx.dicts, records, [{ key: 'postRank', dictCode: 'position_rank' }], { isEmpty: (v) => !v, emptyText: '' });
    return ok(toPage(records, total, pageNo, pageSize));
  });

  app.get<{ Querystring: Q }>(`${base}/queryByCode`, async (req) => {
    const row = await ctx.db.selectFrom('sys_position').selectAll().where('code', '=', text(req.query.code)).executeTakeFirst();
    if (!row) throw new BizError(POSITION_TEXT.notFound);
    return ok(camelRow(row));
  });

  ctx.hooks.register(POSITION_SCREEN, {
    beforeWrite: async ({ trx, row, existing, isNew }) => {
      if (isNew || 'code' in row) {
        const code = text(row.code);
        if (!/^[A-Za-z0-9_]{1,100}$/.test(code)) throw new BizError(POSITION_TEXT.codeBad);
        let q = trx.selectFrom('sys_position').select('id').where('code', '=', code);
        if (!isNew) q = q.where('id', '<>', String(existing?.id));
        if (await q.executeTakeFirst()) throw new BizError(POSITION_TEXT.codeTaken);
        if (!isNew && existing?.code !== code) {
          const used = await trx
            .selectFrom('sys_user')
            .select('id')
            .where(sql<boolean>`',' || post || ',' like ${`%,${String(existing?.code)},%`}`)
            .where('del_flag', '=', 0)
            .executeTakeFirst();
          if (used) throw new BizError(POSITION_TEXT.inUse(String(existing?.name ?? existing?.code)));
        }
        row.code = code;
      }
    },
    beforeDelete: async ({ trx, ids }) => {
      const rows = await trx.selectFrom('sys_position').select(['code', 'name']).where('id', 'in', ids).execute();
      for (const p of rows) {
        const used = await trx
          .selectFrom('sys_user')
          .select('id')
          .where(sql<boolean>`',' || post || ',' like ${`%,${p.code},%`}`)
          .where('del_flag', '=', 0)
          .executeTakeFirst();
        if (used) throw new BizError(POSITION_TEXT.inUse(p.name));
      }
    },
  });
}
