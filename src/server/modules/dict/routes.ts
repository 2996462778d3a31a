import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../auth/token-service.js';
import { BizError, ok } from '../../http/envelope.js';
import { tableReadScope, READ_TEXT, type ReadScope } from '../../online/read-scope.js';
import { parseTableDict } from './table-dict.js';

/**
 * The read gate's scope of a table dictionary a request names (`table,text,code`), undefined
 * for a plain code. BizError 字典Code格式不正确！ for a malformed or unreadable code, 403 when the
 * user may not read that table (online/read-scope.ts).
 */
export async function requestDictScope(ctx: AppContext, user: SessionUser, dictCode: string): Promise<ReadScope | undefined> {
  if (!dictCode.includes(',')) return undefined;
  const ref = parseTableDict(dictCode);
  if (!ref) throw new BizError(READ_TEXT.badDict);
  return tableReadScope(ctx, user, { table: ref.table, text: ref.text, code: ref.code, extra: (ref.condition ?? []).map((t) => t.column) });
}

/**
 * Dictionary reads (spec 7.2, api-contract §6.2): plain codes for any signed-in user; table
 * dictionaries only through the read gate (the table's screen menu, a field of a readable
 * screen declaring it, or an allow-listed system dictionary), rows within the caller's tenant
 * and data rules.
 */
export function dictRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { dictCode: string } }>('/sys/dict/getDictItems/:dictCode', async (req) => {
    const dictCode = req.params.dictCode.trim();
    return ok(await ctx.dicts.itemsOf(dictCode, await requestDictScope(ctx, req.user, dictCode)));
  });

  app.get<{ Params: { dictCode: string }; Querystring: { keyword?: string; pageSize?: string } }>(
    '/sys/dict/loadDict/:dictCode',
    async (req) => {
      const dictCode = req.params.dictCode.trim();
      if (!dictCode) throw new BizError('字典Code不能为空!');
      const scope = await requestDictScope(ctx, req.user, dictCode);
      if (!scope) throw new BizError(READ_TEXT.badDict);
      return ok(await ctx.dicts.search(dictCode, String(req.query.keyword ?? ''), Number(req.query.pageSize ?? 10), scope));
    },
  );

  app.get<{ Params: { dictCode: string }; Querystring: { key?: string } }>('/sys/dict/loadDictItem/:dictCode', async (req) => {
    const dictCode = req.params.dictCode.trim();
    const scope = await requestDictScope(ctx, req.user, dictCode);
    const keys = String(req.query.key ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 500);
    const texts = await ctx.dicts.translateIn(dictCode, keys, scope);
    return ok(keys.filter((k) => texts.has(k)).map((k) => texts.get(k)));
  });

  app.get('/sys/dict/queryAllDictItems', async () => ok(await ctx.dicts.allEnabledItems()));
}
