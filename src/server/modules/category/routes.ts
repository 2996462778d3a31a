import { nestTree, walkTree } from '../../util/tree.js';
import { PAGE_LIMIT, likeContains, likePrefix, pagingOf } from '../../http/list-query.js';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { SysCategory } from '../../db/tables-dict.js';
import { BizError, ok, okMessage, toPage } from '../../http/envelope.js';
import { camelRow } from '../../http/case.js';
import { assertRead } from '../system/guard.js';
import { nextChildCode } from '../system/code-scheme.js';
import { CATEGORY_TEXT, DICT_TEXT } from '../system/texts.js';
import { idList } from '../permission/grant-guard.js';

type Q = Record<string, string | undefined>;
type Row = Record<string, unknown>;

/** The screen id of 分类字典 (schemas/sys/sys_category.json). */
export const CATEGORY_SCREEN = 'sys_category';
/** pid of root categories (api-contract §5.6). */
const ROOT = '0';

/** A TreeSelectModel node of the category calls: key = value = id, title = name, code, leaf, parentId. */
interface CategoryNode {
  key: string;
  value: string;
  title: string;
  code: string;
  leaf: boolean;
  isLeaf: boolean;
  parentId: string;
  children?: CategoryNode[];
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const node = (r: SysCategory): CategoryNode => {
  const leaf = r.has_child !== '1';
  return { key: r.id, value: r.id, title: r.name, code: r.code, leaf, isLeaf: leaf, parentId: r.pid };
};

const all = (db: Db) => db.selectFrom('sys_category').selectAll().orderBy('code').execute();

/** The children of `pid` among `rows`, each with its whole subtree when `deep`. */
function childrenOf(rows: SysCategory[], pid: string, deep: boolean): CategoryNode[] {
  if (!deep) return rows.filter((r) => r.pid === pid).map(node);
  const roots = nestTree(rows, node, (r) => r.pid);
  let found: CategoryNode | undefined;
  walkTree(roots, (n) => {
    if (n.key === pid) found = n;
  });
  return found ? (found.children ?? []) : roots.filter((n) => n.parentId === pid);
}

/** The parsed `condition` JSON object of the tree calls (spec 5.6 message when it is not one). */
function conditionOf(raw: string | undefined): Row {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Row;
  } catch {
    // fall through
  }
  throw new BizError(DICT_TEXT.conditionBad);
}

/**
 * Category trees (spec 7.2 "Category", api-contract §4.5 `/sys/category`, business-screens
 * §2.2): the reads the category picker uses (loadTreeRoot, loadTreeChildren, loadTreeData,
 * loadOne, loadDictItem, loadAllData, checkCode — any signed-in user, minimal fields), the
 * admin list levels (rootList, childList — 分类字典 menu), and the hooks of the generic
 * screen: the code of a new node is generated under its parent (C01 → C01A01 …) or, when
 * given, must start with the parent's code; codes are unique.
 */
export function categoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/sys/category';
  const idOfCode = async (code: string) =>
    code === ROOT || !code ? ROOT : (await ctx.db.selectFrom('sys_category').select('id').where('code', '=', code).executeTakeFirst())?.id;

  app.get<{ Querystring: Q }>(`${base}/loadTreeRoot`, async (req) => {
    const pid = await idOfCode(text(req.query.pcode));
    if (!pid) return ok([]);
    return ok(childrenOf(await all(ctx.db), pid, req.query.async === 'false'));
  });

  app.get<{ Querystring: Q }>(`${base}/loadTreeChildren`, async (req) =>
    ok(childrenOf(await all(ctx.db), text(req.query.pid) || ROOT, false)),
  );

  app.get<{ Querystring: Q }>(`${base}/loadTreeData`, async (req) => {
    const condition = conditionOf(req.query.condition);
    const pid = text(req.query.pid) || (await idOfCode(text(req.query.pcode)));
    if (!pid) return ok([]);
    let nodes = childrenOf(await all(ctx.db), pid, false);
    const name = text(condition.name);
    if (name) nodes = nodes.filter((n) => n.title.includes(name));
    return ok(nodes);
  });

  app.get<{ Querystring: Q }>(`${base}/loadOne`, async (req) => {
    const field = text(req.query.field);
    if (!['id', 'code', 'name'].includes(field)) throw new BizError(CATEGORY_TEXT.fieldBad);
    const row = await ctx.db
      .selectFrom('sys_category')
      .selectAll()
      .where(field as 'id' | 'code' | 'name', '=', text(req.query.val))
      .executeTakeFirst();
    if (!row) throw new BizError(CATEGORY_TEXT.notFound);
    return ok(camelRow(row));
  });

  app.get<{ Querystring: Q }>(`${base}/loadDictItem`, async (req) => {
    const ids = idList(req.query.ids, 500);
    if (!ids.length) return ok([]);
    const rows = await ctx.db.selectFrom('sys_category').select(['id', 'name']).where('id', 'in', ids).execute();
    return ok(ids.map((id) => rows.find((r) => r.id === id)?.name ?? ''));
  });

  app.get<{ Querystring: Q }>(`${base}/loadAllData`, async (req) => {
    const rows = await all(ctx.db);
    const top = rows.find((r) => r.code === text(req.query.code));
    if (!top) return ok([]);
    const out: { value: string; text: string }[] = [];
    const walk = (pid: string) => {
      for (const r of rows.filter((x) => x.pid === pid)) {
        out.push({ value: r.id, text: r.name });
        walk(r.id);
      }
    };
    walk(top.id);
    return ok(out);
  });

  app.get<{ Querystring: Q }>(`${base}/checkCode`, async (req) => {
    const code = text(req.query.code);
    if (!code) return okMessage(CATEGORY_TEXT.codeFree);
    await checkCode(ctx.db, code, text(req.query.pid) || ROOT, text(req.query.id) || null);
    return okMessage(CATEGORY_TEXT.codeFree);
  });

  const level = async (q: Q, pid: string) => {
    const { pageNo, pageSize } = pagingOf(q, PAGE_LIMIT.log);
    let query = ctx.db.selectFrom('sys_category');
    const name = text(q.name);
    const code = text(q.code);
    // with a filter JeecgBoot's rootList searches every level
    if (name) query = query.where('name', 'like', likeContains(name));
    if (code) query = query.where('code', 'like', likePrefix(code));
    if (!name && !code) query = query.where('pid', '=', pid);
    const total = Number((await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await query
      .selectAll()
      .orderBy('code')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return toPage(
      rows.map((r) => camelRow(r)),
      total,
      pageNo,
      pageSize,
    );
  };
  app.get<{ Querystring: Q }>(`${base}/rootList`, async (req) => {
    await assertRead(ctx, req.user, 'category');
    return ok(await level(req.query, ROOT));
  });
  app.get<{ Querystring: Q }>(`${base}/childList`, async (req) => {
    await assertRead(ctx, req.user, 'category');
    const rows = await ctx.db.selectFrom('sys_category').selectAll().where('pid', '=', text(req.query.pid)).orderBy('code').execute();
    return ok(rows.map((r) => camelRow(r)));
  });

  ctx.hooks.register(CATEGORY_SCREEN, {
    beforeWrite: async ({ trx, row, existing, isNew }) => {
      const pid = text(row.pid ?? existing?.pid) || ROOT;
      if (isNew) row.pid = pid;
      if ((isNew || 'name' in row) && !text(row.name)) throw new BizError(CATEGORY_TEXT.nameRequired);
      if (isNew && !text(row.code)) {
        const parent = pid === ROOT ? null : await trx.selectFrom('sys_category').select('code').where('id', '=', pid).executeTakeFirst();
        if (pid !== ROOT && !parent) throw new BizError(CATEGORY_TEXT.parentNotFound);
        const siblings = await trx.selectFrom('sys_category').select('code').where('pid', '=', pid).execute();
        const code = nextChildCode(
          parent?.code ?? null,
          siblings.map((s) => s.code),
        );
        if (!code) throw new BizError(CATEGORY_TEXT.codeTaken);
        row.code = code;
      } else if (isNew || 'code' in row) {
        await checkCode(trx, text(row.code), pid, isNew ? null : String(existing?.id));
        row.code = text(row.code);
      }
    },
  });
}

/** Throws BizError unless `code` is well formed, starts with the parent's code and is free. */
async function checkCode(db: Db, code: string, pid: string, exceptId: string | null): Promise<void> {
  if (!/^[A-Za-z0-9]{1,100}$/.test(code)) throw new BizError(CATEGORY_TEXT.codeBad);
  if (pid !== ROOT) {
    const parent = await db.selectFrom('sys_category').select('code').where('id', '=', pid).executeTakeFirst();
    if (!parent) throw new BizError(CATEGORY_TEXT.parentNotFound);
    if (!code.startsWith(parent.code) || code === parent.code) throw new BizError(CATEGORY_TEXT.codeNotUnderParent);
  }
  let q = db.selectFrom('sys_category').select('id').where('code', '=', code);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new BizError(CATEGORY_TEXT.codeTaken);
}
