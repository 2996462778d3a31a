import { objectBody } from '../../http/route-schemas.js';
import { nestTree, walkTree } from '../../util/tree.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { SysOs } from '../../db/tables-org.js';
import { newId } from '../../db/ids.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { camelRow } from '../../http/case.js';
import { formatDateTime } from '../../../shared/time.js';
import { assertWrite } from '../system/guard.js';
import { SYSTEM_AREAS } from '../system/areas.js';
import { nextChildCode } from '../system/code-scheme.js';
import { COMMON_TEXT, OS_TEXT } from '../system/texts.js';
import { idList } from '../permission/grant-guard.js';
import { departsOf, userInfoOf } from '../login/user-info.js';
import { bodyOf, textOf as str } from '../../http/input.js';
import { inTransaction } from '../../db/transaction.js';

type Body = Record<string, unknown>;
type Q = Record<string, string | undefined>;

/** An OS tree node (spec 3 "OS entry": id, osCode, osName) with key/value/title/isLeaf/children. */
interface OsNode {
  id: string;
  key: string;
  value: string;
  title: string;
  osCode: string;
  osName: string;
  parentId: string | null;
  isLeaf: boolean;
  children?: OsNode[];
  [k: string]: unknown;
}

const osNode = (r: SysOs, full: boolean): OsNode => ({
  ...(full ? camelRow(r) : {}),
  id: r.id,
  key: r.id,
  value: r.id,
  title: r.os_name,
  osCode: r.os_code,
  osName: r.os_name,
  parentId: r.parent_id || null,
  isLeaf: true,
});

/**
 * Organisation units (spec 2.6 OS switcher, 7.1 getCurrentUserOss / selectOs, 7.2 "OS"): the OS
 * tree (any signed-in user; every field for holders of 组织单元), id tree, search, add/edit/
 * delete (`system:os:*`; delete refuses units with sub-units or users), the signed-in user's
 * units and the choice of the current one (only among their own, only for themselves).
 */
export function osRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/sys/sysOs';
  const live = () => ctx.db.selectFrom('sys_os').selectAll().where('del_flag', '=', '0').orderBy('os_order').orderBy('os_code').execute();
  const isAdmin = async (req: FastifyRequest) => (await ctx.perms.grantsOf(req.user.id)).menuUrls.has(SYSTEM_AREAS.os.menuUrl);
  const tree = (rows: SysOs[], full: boolean) => {
    const roots = nestTree(rows, (r) => osNode(r, full));
    walkTree(roots, (n) => {
      if (n.children) n.isLeaf = false;
    });
    return roots;
  };

  app.get(`${base}/queryTreeList`, async (req) => ok(tree(await live(), await isAdmin(req))));

  app.get(`${base}/queryIdTree`, async () => {
    const strip = (nodes: OsNode[]): unknown[] =>
      nodes.map((n) => ({ key: n.key, value: n.value, title: n.title, ...(n.children ? { children: strip(n.children) } : {}) }));
    return ok(strip(tree(await live(), false)));
  });

  app.get<{ Querystring: Q }>(`${base}/searchBy`, async (req) => {
    const full = await isAdmin(req);
    const rows = await live();
    const kw = str(req.query.keyWord);
    return ok(
      rows
        .filter((r) => !kw || r.os_name.includes(kw) || r.os_code.includes(kw))
        .slice(0, 200)
        .map((r) => ({ ...osNode(r, full), isLeaf: !rows.some((c) => c.parent_id === r.id) })),
    );
  });

  const values = (body: Body, isNew: boolean) => {
    const out: Partial<SysOs> = {};
    if (isNew || 'osName' in body) {
      const name = str(body.osName);
      if (!name) throw new BizError(OS_TEXT.nameRequired);
      out.os_name = name.slice(0, 100);
    }
    if ('description' in body) out.description = str(body.description).slice(0, 500) || null;
    if ('osOrder' in body) out.os_order = Math.trunc(Number(body.osOrder)) || 0;
    if ('status' in body) out.status = str(body.status) === '0' ? '0' : '1';
    return out;
  };

  app.post<{ Body: unknown }>(`${base}/add`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'os', 'add');
    const body = bodyOf(req.body);
    const v = values(body, true);
    const parentId = str(body.parentId) || null;
    const id = newId();
    await inTransaction(ctx.db, async (trx) => {
      let parentCode: string | null = null;
      if (parentId) {
        const parent = await trx
          .selectFrom('sys_os')
          .select('os_code')
          .where('id', '=', parentId)
          .where('del_flag', '=', '0')
          .forUpdate()
          .executeTakeFirst();
        if (!parent) throw new BizError(OS_TEXT.parentNotFound);
        parentCode = parent.os_code;
      }
      const siblings = await trx.selectFrom('sys_os').select('os_code').execute();
      const code = nextChildCode(
        parentCode,
        siblings.map((s) => s.os_code),
      );
      if (!code) throw new BizError(OS_TEXT.codeExhausted);
      await trx
        .insertInto('sys_os')
        .values({
          os_order: 0,
          status: '1',
          ...v,
          id,
          os_name: v.os_name!,
          os_code: code,
          parent_id: parentId,
          del_flag: '0',
          create_by: req.user.username,
          create_time: formatDateTime(),
        })
        .execute();
    });
    return ok(id, COMMON_TEXT.added);
  });

  const edit = async (req: FastifyRequest<{ Body: unknown }>) => {
    await assertWrite(ctx, req.user, 'os', 'edit');
    const body = bodyOf(req.body);
    const res = await ctx.db
      .updateTable('sys_os')
      .set({ ...values(body, false), update_by: req.user.username, update_time: formatDateTime() })
      .where('id', '=', str(body.id))
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw new BizError(COMMON_TEXT.notFound);
    return okMessage(COMMON_TEXT.edited);
  };
  app.put<{ Body: unknown }>(`${base}/edit`, { schema: { body: objectBody() } }, edit);
  app.post<{ Body: unknown }>(`${base}/edit`, { schema: { body: objectBody() } }, edit);

  const remove = async (req: FastifyRequest<{ Querystring: Q }>, ids: string[], batch: boolean) => {
    await assertWrite(ctx, req.user, 'os', batch ? 'batch_delete' : 'delete');
    if (!ids.length) throw new BizError(COMMON_TEXT.idsRequired);
    await inTransaction(ctx.db, async (trx) => {
      const rows = await trx.selectFrom('sys_os').select(['id', 'parent_id', 'os_name']).where('del_flag', '=', '0').execute();
      const targets = rows.filter((r) => ids.includes(r.id));
      if (!targets.length) throw new BizError(COMMON_TEXT.notFound);
      for (const t of targets) {
        if (rows.some((r) => r.parent_id === t.id && !ids.includes(r.id))) throw new BizError(OS_TEXT.hasChildren(t.os_name));
        const member = await trx
          .selectFrom('sys_user_os as uo')
          .innerJoin('sys_user as u', 'u.id', 'uo.user_id')
          .select('u.id')
          .where('uo.os_id', '=', t.id)
          .where('u.del_flag', '=', 0)
          .executeTakeFirst();
        if (member) throw new BizError(OS_TEXT.hasUsers(t.os_name));
      }
      const del = targets.map((t) => t.id);
      await trx.deleteFrom('sys_os_permission').where('os_id', 'in', del).execute();
      await trx.deleteFrom('sys_user_os').where('os_id', 'in', del).execute();
      await trx.deleteFrom('sys_os').where('id', 'in', del).execute();
    });
    return okMessage(batch ? COMMON_TEXT.batchDeleted : COMMON_TEXT.deleted);
  };
  app.delete<{ Querystring: Q }>(`${base}/delete`, (req) => remove(req, idList(req.query.id, 1), false));
  app.delete<{ Querystring: Q }>(`${base}/deleteBatch`, (req) => remove(req, idList(req.query.ids, 200), true));

  /* ---- the signed-in user's units (spec 7.1) ---- */
  const myOss = (userId: string) =>
    ctx.db
      .selectFrom('sys_os as o')
      .innerJoin('sys_user_os as uo', 'uo.os_id', 'o.id')
      .select(['o.id', 'o.os_code as osCode', 'o.os_name as osName'])
      .where('uo.user_id', '=', userId)
      .where('o.del_flag', '=', '0')
      .orderBy('o.os_code')
      .execute();

  app.get('/sys/user/getCurrentUserOss', async (req) => {
    const list = await myOss(req.user.id);
    const me = await ctx.db.selectFrom('sys_user').select('os_code').where('id', '=', req.user.id).executeTakeFirst();
    return ok({ list, osCode: me?.os_code ?? null });
  });

  const select = async (req: FastifyRequest<{ Body: unknown }>) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Body;
    if (body.username !== undefined && str(body.username) !== req.user.username) throw new BizError(OS_TEXT.onlyOwn);
    const osCode = str(body.osCode);
    if (!osCode || !(await myOss(req.user.id)).some((o) => o.osCode === osCode)) throw new BizError(OS_TEXT.notMember);
    await ctx.db.updateTable('sys_user').set({ os_code: osCode }).where('id', '=', req.user.id).execute();
    const user = await ctx.db.selectFrom('sys_user').selectAll().where('id', '=', req.user.id).executeTakeFirstOrThrow();
    return ok({ userInfo: userInfoOf(user, await departsOf(ctx.db, user.id)) });
  };
  app.put<{ Body: unknown }>('/sys/selectOs', select);
  app.post<{ Body: unknown }>('/sys/selectOs', select);
}
