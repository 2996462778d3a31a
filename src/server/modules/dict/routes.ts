import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';

/** Dictionary reads any signed-in user may make (spec 7.2, api-contract §6.2). */
export function dictRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { dictCode: string } }>('/sys/dict/getDictItems/:dictCode', async (req) =>
    ok(await ctx.dicts.itemsOf(req.params.dictCode.trim(), req.user.tenantId ?? 0)),
  );

  app.get<{ Params: { dictCode: string }; Querystring: { keyword?: string; pageSize?: string } }>(
    '/sys/dict/loadDict/:dictCode',
    async (req) =>
      ok(
        await ctx.dicts.search(
          req.params.dictCode.trim(),
          String(req.query.keyword ?? ''),
          Number(req.query.pageSize ?? 10),
          req.user.tenantId ?? 0,
        ),
      ),
  );

  app.get<{ Params: { dictCode: string }; Querystring: { key?: string } }>('/sys/dict/loadDictItem/:dictCode', async (req) => {
    const dictCode = req.params.dictCode.trim();
    if (dictCode.includes(',')) ctx.dicts.tableRef(dictCode);
    const keys = String(req.query.key ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 500);
    const texts = await ctx.dicts.translate(dictCode, keys);
    return ok(keys.filter((k) => texts.has(k)).map((k) => texts.get(k)));
  });

  app.get('/sys/dict/queryAllDictItems', async () => ok(await ctx.dicts.allEnabledItems()));
}
