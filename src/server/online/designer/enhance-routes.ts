import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok } from '../../http/envelope.js';
import { newId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { formatDateTime } from '../../../shared/time.js';
import type { LoadedScreen } from '../screen-registry.js';
import { DESIGNER_TEXT } from './texts.js';
import { camelRow } from './wire.js';

/** Entries of history kept per screen and type (spec 9). */
export const ENHANCE_HISTORY = 16;

interface Guards {
  canRead(req: FastifyRequest): Promise<void>;
  can(req: FastifyRequest, action: string): Promise<void>;
  authoredOf(id: string | undefined): LoadedScreen;
}

/**
 * JS enhancements of a screen (onl_cgform_enhance_js, `cgJsType` list or form): the latest is
 * served to JeecgBoot clients, every save adds an entry and the last 16 per type are kept. Our
 * client stores them for JeecgBoot clients only and never runs them. SQL and Java enhancements
 * are refused from the browser.
 */
export function enhanceRoutes(app: FastifyInstance, ctx: AppContext, g: Guards): void {
  const base = '/online/cgform/head';
  const typeOf = (t: unknown) => (t === 'list' ? 'list' : 'form');
  const entries = (id: string, type: string) =>
    ctx.db
      .selectFrom('onl_cgform_enhance_js')
      .selectAll()
      .where('cgform_head_id', '=', id)
      .where('cg_js_type', '=', type)
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc');

  app.get<{ Params: { code: string }; Querystring: { type?: string } }>(`${base}/enhanceJs/:code`, async (req) => {
    await g.canRead(req);
    const row = await entries(req.params.code, typeOf(req.query.type)).executeTakeFirst();
    return ok(row ? camelRow(row) : null);
  });
  app.get<{ Params: { code: string }; Querystring: { type?: string } }>(`${base}/enhanceJs/:code/history`, async (req) => {
    await g.canRead(req);
    return ok((await entries(req.params.code, typeOf(req.query.type)).execute()).map(camelRow));
  });
  const save = async (req: FastifyRequest<{ Params: { code: string } }>) => {
    await g.can(req, 'enhance');
    const loaded = g.authoredOf(req.params.code);
    const body = (req.body ?? {}) as { cgJs?: unknown; cgJsType?: unknown };
    if (typeof body.cgJs !== 'string') throw new BizError('请输入 JS 增强代码');
    if (body.cgJs.length > 100_000) throw new BizError('JS 增强代码不能超过 100000 个字符');
    const type = typeOf(body.cgJsType);
    await inTransaction(ctx.db, async (trx) => {
      await trx
        .insertInto('onl_cgform_enhance_js')
        .values({
          id: newId(),
          cgform_head_id: loaded.screen.id,
          cg_js_type: type,
          cg_js: body.cgJs as string,
          content: null,
          create_by: req.user.username,
          create_time: formatDateTime(),
          update_by: null,
          update_time: null,
        })
        .execute();
      const keep = await trx
        .selectFrom('onl_cgform_enhance_js')
        .select('id')
        .where('cgform_head_id', '=', loaded.screen.id)
        .where('cg_js_type', '=', type)
        .orderBy('create_time', 'desc')
        .orderBy('id', 'desc')
        .limit(ENHANCE_HISTORY)
        .execute();
      await trx
        .deleteFrom('onl_cgform_enhance_js')
        .where('cgform_head_id', '=', loaded.screen.id)
        .where('cg_js_type', '=', type)
        .where(
          'id',
          'not in',
          keep.map((k) => k.id),
        )
        .execute();
    });
    return ok(null, '保存成功！');
  };
  app.post<{ Params: { code: string } }>(`${base}/enhanceJs/:code`, save);
  app.put<{ Params: { code: string } }>(`${base}/enhanceJs/:code`, save);
  for (const kind of ['enhanceSql', 'enhanceJava'])
    for (const method of ['post', 'put'] as const)
      app[method]<{ Params: { code: string } }>(`${base}/${kind}/:code`, async (req) => {
        await g.can(req, 'enhance');
        throw new BizError(DESIGNER_TEXT.noSqlEnhance);
      });
}
