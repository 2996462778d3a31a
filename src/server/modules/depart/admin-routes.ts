import { objectBody } from '../../http/route-schemas.js';
import { withDescendants } from '../../util/tree.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { SysDepart } from '../../db/tables-org.js';
import { newId } from '../../db/ids.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { camelRow } from '../../http/case.js';
import { formatDateTime } from '../../../shared/time.js';
import { assertRead, assertWrite } from '../system/guard.js';
import { SYSTEM_AREAS } from '../system/areas.js';
import { nextChildCode } from '../system/code-scheme.js';
import { COMMON_TEXT, DEPART_TEXT } from '../system/texts.js';
import { idList } from '../permission/grant-guard.js';
import { sameTenant, tenantOf } from '../tenant/tenant-scope.js';
import { buildDepartTree, departNode, liveDeparts } from './depart-tree.js';
import { bodyOf, textOf as str } from '../../http/input.js';
import { inTransaction } from '../../db/transaction.js';

type Body = Record<string, unknown>;
type Q = Record<string, string | undefined>;

/** Editable department fields (camelCase → column, max length). orgCode, orgType and parentId are the server's. */
const FIELDS: [string, keyof SysDepart, number][] = [
  ['departName', 'depart_name', 100],
  ['departNameEn', 'depart_name_en', 500],
  ['departNameAbbr', 'depart_name_abbr', 500],
  ['description', 'description', 500],
  ['mobile', 'mobile', 32],
  ['fax', 'fax', 32],
  ['address', 'address', 100],
  ['memo', 'memo', 500],
];

/** Column values of a department body; throws BizError on a bad value. */
function departValues(body: Body, isNew: boolean): Partial<SysDepart> {
  const out: Record<string, unknown> = {};
  for (const [key, col, max] of FIELDS) if (key in body) out[col] = str(body[key]).slice(0, max) || null;
  if ((isNew || 'departName' in body) && !out.depart_name) throw new BizError(DEPART_TEXT.nameRequired);
  if ('departOrder' in body) {
    const n = Number(body.departOrder);
    out.depart_order = Number.isFinite(n) ? Math.trunc(n) : 0;
  }
  if ('orgCategory' in body || isNew) {
    const c = str(body.orgCategory) || '2';
    if (!['1', '2', '3'].includes(c)) throw new BizError(DEPART_TEXT.categoryBad);
    out.org_category = c;
  }
  if ('status' in body) out.status = str(body.status) === '0' ? '0' : '1';
  return out as Partial<SysDepart>;
}

/** Ids of the departments a user heads (user_identity 2, depart_ids). */
async function headedDeparts(db: Db, userId: string): Promise<string[]> {
  const u = await db.selectFrom('sys_user').select(['user_identity', 'depart_ids']).where('id', '=', userId).executeTakeFirst();
  return u?.user_identity === 2 ? idList(u.depart_ids, 100) : [];
}

/**
 * 部门管理 (spec 7.2 "Department", api-contract §4.5 `/sys/sysDepart`): lazy tree levels, id
 * tree, search, the tree of the departments the user heads, queryById, and add/edit/delete.
 * New departments get the next orgCode under their parent (A01A02 …, code-scheme.ts) and
 * orgType = parent's + 1; delete refuses a department with sub-departments or users. Tree
 * reads are pickers (any signed-in user, minimal fields; all fields for holders of the menu);
 * writes need `system:depart:add|edit|delete|batch_delete`. Tenant-aware (docs/architecture.md "Permission model"): every
 * read, edit and delete reaches only the request's tenant's departments (no tenant: tenant 0 or
 * null, tenant/tenant-scope.ts), add stamps the request's tenant and takes a parent only from it;
 * org codes stay unique across tenants.
 */
export function departAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/sys/sysDepart';
  const isAdmin = async (req: FastifyRequest) => (await ctx.perms.grantsOf(req.user.id)).menuUrls.has(SYSTEM_AREAS.depart.menuUrl);

  app.get<{ Querystring: Q }>(`${base}/queryDepartTreeSync`, async (req) => {
    const full = await isAdmin(req);
    const rows = await liveDeparts(ctx.db, req.user);
    const pid = str(req.query.pid);
    const ids = idList(req.query.ids, 200);
    const level = ids.length ? rows.filter((r) => ids.includes(r.id)) : rows.filter((r) => (pid ? r.parent_id === pid : !r.parent_id));
    return ok(
      level.map((r) => {
        const n = departNode(r, full);
        n.isLeaf = !rows.some((c) => c.parent_id === r.id);
        return n;
      }),
    );
  });

  app.get(`${base}/queryIdTree`, async (req) => {
    const strip = (nodes: ReturnType<typeof buildDepartTree>): unknown[] =>
      nodes.map((n) => ({ key: n.key, value: n.value, title: n.title, ...(n.children ? { children: strip(n.children) } : {}) }));
    return ok(strip(buildDepartTree(await liveDeparts(ctx.db, req.user), false)));
  });

  app.get<{ Querystring: Q }>(`${base}/searchBy`, async (req) => {
    const full = await isAdmin(req);
    const keyWord = str(req.query.keyWord);
    let rows = await liveDeparts(ctx.db, req.user);
    if (req.query.myDeptSearch === '1') {
      const mine = withDescendants(rows, await headedDeparts(ctx.db, req.user.id));
      rows = rows.filter((r) => mine.has(r.id));
    }
    const hits = keyWord ? rows.filter((r) => r.depart_name.includes(keyWord)) : rows;
    return ok(
      hits.slice(0, 200).map((r) => {
        const n = departNode(r, full);
        n.isLeaf = !rows.some((c) => c.parent_id === r.id);
        return n;
      }),
    );
  });

  app.get(`${base}/queryMyDeptTreeList`, async (req) => {
    const rows = await liveDeparts(ctx.db, req.user);
    const mine = withDescendants(rows, await headedDeparts(ctx.db, req.user.id));
    return ok(
      buildDepartTree(
        rows.filter((r) => mine.has(r.id)),
        await isAdmin(req),
      ),
    );
  });

  app.get<{ Querystring: Q }>(`${base}/queryById`, async (req) => {
    await assertRead(ctx, req.user, 'depart');
    const row = await ctx.db
      .selectFrom('sys_depart')
      .selectAll()
      .where('id', '=', str(req.query.id))
      .where('del_flag', '=', '0')
      .where(sameTenant(req.user))
      .executeTakeFirst();
    if (!row) throw new BizError(COMMON_TEXT.notFound);
    return ok(camelRow(row));
  });

  app.post<{ Body: unknown }>(`${base}/add`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'depart', 'add');
    const body = bodyOf(req.body);
    const values = departValues(body, true);
    const parentId = str(body.parentId) || null;
    const id = newId();
    await inTransaction(ctx.db, async (trx) => {
      let parent: SysDepart | undefined;
      if (parentId) {
        parent = await trx
          .selectFrom('sys_depart')
          .selectAll()
          .where('id', '=', parentId)
          .where('del_flag', '=', '0')
          .where(sameTenant(req.user))
          .forUpdate()
          .executeTakeFirst();
        if (!parent) throw new BizError(DEPART_TEXT.parentNotFound);
      }
      const siblings = await (
        parentId
          ? trx.selectFrom('sys_depart').select('org_code').where('parent_id', '=', parentId)
          : trx
              .selectFrom('sys_depart')
              .select('org_code')
              .where((eb) => eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', '')]))
      ).execute();
      const orgCode = nextChildCode(
        parent?.org_code ?? null,
        siblings.map((s) => s.org_code),
      );
      if (!orgCode) throw new BizError(DEPART_TEXT.codeExhausted);
      await trx
        .insertInto('sys_depart')
        .values({
          depart_order: 0,
          status: '1',
          ...values,
          id,
          parent_id: parentId,
          depart_name: values.depart_name!,
          org_code: orgCode,
          org_type: parent ? String(Number(parent.org_type || 1) + 1) : '1',
          del_flag: '0',
          tenant_id: tenantOf(req.user),
          create_by: req.user.username,
          create_time: formatDateTime(),
        })
        .execute();
    });
    ctx.dicts.reload();
    return ok(id, COMMON_TEXT.added);
  });

  const edit = async (req: FastifyRequest<{ Body: unknown }>) => {
    await assertWrite(ctx, req.user, 'depart', 'edit');
    const body = bodyOf(req.body);
    const id = str(body.id);
    if (!id) throw new BizError(COMMON_TEXT.idRequired);
    const values = departValues(body, false);
    const res = await ctx.db
      .updateTable('sys_depart')
      .set({ ...values, update_by: req.user.username, update_time: formatDateTime() })
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .where(sameTenant(req.user))
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw new BizError(COMMON_TEXT.notFound);
    ctx.dicts.reload();
    return okMessage(COMMON_TEXT.edited);
  };
  app.put<{ Body: unknown }>(`${base}/edit`, { schema: { body: objectBody() } }, edit);
  app.post<{ Body: unknown }>(`${base}/edit`, { schema: { body: objectBody() } }, edit);

  const remove = async (req: FastifyRequest<{ Querystring: Q }>, batch: boolean) => {
    const ids = idList(batch ? req.query.ids : req.query.id, 200);
    await assertWrite(ctx, req.user, 'depart', batch || ids.length > 1 ? 'batch_delete' : 'delete');
    if (!ids.length) throw new BizError(COMMON_TEXT.idsRequired);
    await inTransaction(ctx.db, async (trx) => {
      const rows = await trx
        .selectFrom('sys_depart')
        .select(['id', 'parent_id', 'depart_name', sql<boolean>`${sameTenant(req.user)}`.as('mine')])
        .where('del_flag', '=', '0')
        .execute();
      // only the request's tenant's departments are deleted; children are looked for in every tenant
      const targets = rows.filter((r) => r.mine && ids.includes(r.id));
      if (!targets.length) throw new BizError(COMMON_TEXT.notFound);
      for (const t of targets) {
        if (rows.some((r) => r.parent_id === t.id && !ids.includes(r.id))) throw new BizError(DEPART_TEXT.hasChildren(t.depart_name));
        const member = await trx
          .selectFrom('sys_user_depart as ud')
          .innerJoin('sys_user as u', 'u.id', 'ud.user_id')
          .select('u.id')
          .where('ud.dep_id', '=', t.id)
          .where('u.del_flag', '=', 0)
          .executeTakeFirst();
        if (member) throw new BizError(DEPART_TEXT.hasUsers(t.depart_name));
      }
      const del = targets.map((t) => t.id);
      const roles = trx.selectFrom('sys_depart_role').select('id').where('depart_id', 'in', del);
      await trx.deleteFrom('sys_depart_role_user').where('drole_id', 'in', roles).execute();
      await trx.deleteFrom('sys_depart_role_permission').where('depart_id', 'in', del).execute();
      await trx.deleteFrom('sys_depart_role').where('depart_id', 'in', del).execute();
      await trx.deleteFrom('sys_depart_permission').where('depart_id', 'in', del).execute();
      await trx.deleteFrom('sys_user_depart').where('dep_id', 'in', del).execute();
      await trx.deleteFrom('sys_depart').where('id', 'in', del).execute();
    });
    ctx.dicts.reload();
    ctx.perms.invalidate();
    return okMessage(batch ? COMMON_TEXT.batchDeleted : COMMON_TEXT.deleted);
  };
  app.delete<{ Querystring: Q }>(`${base}/delete`, (req) => remove(req, false));
  app.delete<{ Querystring: Q }>(`${base}/deleteBatch`, (req) => remove(req, true));
}
