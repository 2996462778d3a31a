import { objectBody } from '../../http/route-schemas.js';
import { withDescendants } from '../../util/tree.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { SysPermission } from '../../db/tables-permission.js';
import { newId } from '../../db/ids.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { formatDateTime } from '../../../shared/time.js';
import { assertRead, assertReadAny, assertWrite } from '../system/guard.js';
import { COMMON_TEXT, PERMISSION_TEXT } from '../system/texts.js';
import { splitPerms } from '../auth/permission-service.js';
import { permissionTree, treeModels } from './tree.js';
import { permissionValues } from './permission-input.js';
import { idList } from './grant-guard.js';
import { bodyOf } from '../../http/input.js';
import { inTransaction } from '../../db/transaction.js';
import { grantToAdmin } from './admin-grant.js';

type Body = Record<string, unknown>;
type Q = Record<string, string | undefined>;

/** Every live permission row (del_flag 0), in menu order. */
export function livePermissions(db: Db): Promise<SysPermission[]> {
  return db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0).orderBy('sort_no').orderBy('name').orderBy('id').execute();
}

/** The whole authorisation tree `{treeList, ids}` (api-contract §3.2 queryTreeList). */
export async function authorisationTree(db: Db): Promise<{ treeList: ReturnType<typeof treeModels>; ids: string[] }> {
  const rows = await livePermissions(db);
  return { treeList: treeModels(rows), ids: rows.map((r) => r.id) };
}

/** Keeps `is_leaf` of a parent true to its live children. */
async function refreshLeaf(db: Db, parentId: string | null | undefined): Promise<void> {
  if (!parentId) return;
  const child = await db
    .selectFrom('sys_permission')
    .select('id')
    .where('parent_id', '=', parentId)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  await db.updateTable('sys_permission').set({ is_leaf: !child }).where('id', '=', parentId).execute();
}

/**
 * Menu and permission administration (spec 7.2 "Permission", api-contract §3.2, spec 3
 * "Permission entry"): the menu tree, its editor calls (directory 0 / menu 1 / button 2 with
 * route flag, hidden, keepAlive, alwaysShow, internal or external, component, url, icon, order,
 * button codes and their status) and the authorisation tree. Reads need the 菜单管理 menu (the
 * authorisation tree also the role, department or OS screen); writes `system:permission:*`.
 * Deleting soft-deletes the entry and its subtree and drops every grant of them.
 */
export function permissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/sys/permission';

  app.get<{ Querystring: Q }>(`${base}/list`, async (req) => {
    await assertRead(ctx, req.user, 'permission');
    const rows = await livePermissions(ctx.db);
    const name = (req.query.name ?? '').trim();
    if (!name) return ok(permissionTree(rows));
    const hits = rows.filter((r) => (r.name ?? '').includes(name));
    const keep = new Set<string>();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const h of hits)
      for (let r: SysPermission | undefined = h; r && !keep.has(r.id); r = r.parent_id ? byId.get(r.parent_id) : undefined) keep.add(r.id);
    return ok(permissionTree(rows.filter((r) => keep.has(r.id))));
  });

  app.get(`${base}/getSystemMenuList`, async (req) => {
    await assertRead(ctx, req.user, 'permission');
    const rows = await livePermissions(ctx.db);
    return ok(permissionTree(rows.filter((r) => r.menu_type === 0)).map(({ children: _c, ...n }) => (void _c, n)));
  });

  const childrenOf = (rows: SysPermission[], parentId: string) => {
    const kids = rows.filter((r) => r.parent_id === parentId);
    return permissionTree(kids).map(({ children: _c, ...n }) => {
      void _c;
      const leaf = !rows.some((r) => r.parent_id === n.id);
      return { ...n, leaf, isLeaf: leaf };
    });
  };
  app.get<{ Querystring: Q }>(`${base}/getSystemSubmenu`, async (req) => {
    await assertRead(ctx, req.user, 'permission');
    return ok(childrenOf(await livePermissions(ctx.db), String(req.query.parentId ?? '')));
  });
  app.get<{ Querystring: Q }>(`${base}/getSystemSubmenuBatch`, async (req) => {
    await assertRead(ctx, req.user, 'permission');
    const rows = await livePermissions(ctx.db);
    const out: Record<string, unknown> = {};
    for (const pid of idList(req.query.parentIds, 200)) out[pid] = childrenOf(rows, pid);
    return ok(out);
  });

  const tree = async (req: FastifyRequest) => {
    await assertReadAny(ctx, req.user, ['role', 'permission', 'depart', 'os']);
    return ok(await authorisationTree(ctx.db));
  };
  app.get(`${base}/queryTreeList`, tree);
  app.get('/sys/role/queryTreeList', tree);

  app.get<{ Querystring: Q }>(`${base}/queryListAsync`, async (req) => {
    await assertReadAny(ctx, req.user, ['role', 'permission', 'depart', 'os']);
    const rows = await livePermissions(ctx.db);
    const pid = req.query.pid ?? '';
    const level = rows.filter((r) => (pid ? r.parent_id === pid : !r.parent_id || !rows.some((p) => p.id === r.parent_id)));
    return ok(
      treeModels(level).map((n) => {
        delete n.children;
        n.isLeaf = !rows.some((r) => r.parent_id === n.key);
        return n;
      }),
    );
  });

  /** Parent, uniqueness and cycle checks that need the database; throws BizError. */
  const checkAgainstDb = async (db: Db, values: Partial<SysPermission>, id: string | null) => {
    const rows = await db
      .selectFrom('sys_permission')
      .select(['id', 'parent_id', 'url', 'perms', 'menu_type'])
      .where('del_flag', '=', 0)
      .execute();
    if (values.parent_id) {
      const parent = rows.find((r) => r.id === values.parent_id);
      if (!parent) throw new BizError(PERMISSION_TEXT.parentNotFound);
      if (parent.menu_type === 2) throw new BizError(PERMISSION_TEXT.parentIsButton);
      if (id && withDescendants(rows, [id]).has(values.parent_id)) throw new BizError(PERMISSION_TEXT.parentCycle);
    }
    if (values.menu_type !== 2 && values.url) {
      if (rows.some((r) => r.id !== id && r.menu_type !== 2 && r.url === values.url))
        throw new BizError(PERMISSION_TEXT.urlTaken(values.url));
    }
    if (values.menu_type === 2) {
      const taken = new Set(rows.filter((r) => r.id !== id && r.menu_type === 2).flatMap((r) => splitPerms(r.perms)));
      const dup = splitPerms(values.perms).find((p) => taken.has(p));
      if (dup) throw new BizError(PERMISSION_TEXT.permsTaken(dup));
    }
  };

  const valuesOf = (body: Body, existing: SysPermission | null) => {
    try {
      const v = permissionValues(body, existing);
      if (v.menu_type === 0) v.parent_id = null;
      return v;
    } catch (e) {
      throw new BizError((e as Error).message);
    }
  };

  app.post<{ Body: unknown }>(`${base}/add`, { schema: { body: objectBody() } }, async (req) => {
    await assertWrite(ctx, req.user, 'permission', 'add');
    const values = valuesOf(bodyOf(req.body), null);
    const id = newId();
    await inTransaction(ctx.db, async (trx) => {
      await checkAgainstDb(trx, values, null);
      await trx
        .insertInto('sys_permission')
        .values({
          ...values,
          id,
          menu_type: values.menu_type!,
          is_leaf: true,
          del_flag: 0,
          rule_flag: 0,
          create_by: req.user.username,
          create_time: formatDateTime(),
        })
        .execute();
      await refreshLeaf(trx, values.parent_id);
      // as syncMenus does for seeded entries: the admin role receives every new entry, so the
      // new entry can be granted onwards (nobody grants what they do not hold)
      await grantToAdmin(trx, [id]);
    });
    ctx.perms.invalidate();
    return ok(id, COMMON_TEXT.added);
  });

  const edit = async (req: FastifyRequest<{ Body: unknown }>) => {
    await assertWrite(ctx, req.user, 'permission', 'edit');
    const body = bodyOf(req.body);
    const id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : '';
    if (!id) throw new BizError(COMMON_TEXT.idRequired);
    await inTransaction(ctx.db, async (trx) => {
      const existing = await trx
        .selectFrom('sys_permission')
        .selectAll()
        .where('id', '=', id)
        .where('del_flag', '=', 0)
        .forUpdate()
        .executeTakeFirst();
      if (!existing) throw new BizError(PERMISSION_TEXT.notFound);
      const values = valuesOf(body, existing);
      await checkAgainstDb(trx, values, id);
      await trx
        .updateTable('sys_permission')
        .set({ ...values, update_by: req.user.username, update_time: formatDateTime() })
        .where('id', '=', id)
        .execute();
      if (existing.parent_id !== values.parent_id) {
        await refreshLeaf(trx, existing.parent_id);
        await refreshLeaf(trx, values.parent_id);
      }
    });
    ctx.perms.invalidate();
    return okMessage(COMMON_TEXT.edited);
  };
  app.put<{ Body: unknown }>(`${base}/edit`, { schema: { body: objectBody() } }, edit);
  app.post<{ Body: unknown }>(`${base}/edit`, { schema: { body: objectBody() } }, edit);

  const remove = async (req: FastifyRequest<{ Querystring: Q }>, batch: boolean) => {
    const ids = idList(batch ? req.query.ids : req.query.id, 500);
    await assertWrite(ctx, req.user, 'permission', batch || ids.length > 1 ? 'batch_delete' : 'delete');
    if (!ids.length) throw new BizError(COMMON_TEXT.idsRequired);
    await inTransaction(ctx.db, async (trx) => {
      const rows = await trx.selectFrom('sys_permission').select(['id', 'parent_id']).where('del_flag', '=', 0).execute();
      const known = ids.filter((id) => rows.some((r) => r.id === id));
      if (!known.length) throw new BizError(PERMISSION_TEXT.notFound);
      const all = [...withDescendants(rows, known)];
      const parents = new Set(rows.filter((r) => known.includes(r.id)).map((r) => r.parent_id));
      await trx
        .updateTable('sys_permission')
        .set({ del_flag: 1, update_by: req.user.username, update_time: formatDateTime() })
        .where('id', 'in', all)
        .execute();
      await trx.deleteFrom('sys_role_permission').where('permission_id', 'in', all).execute();
      await trx.deleteFrom('sys_depart_permission').where('permission_id', 'in', all).execute();
      await trx.deleteFrom('sys_depart_role_permission').where('permission_id', 'in', all).execute();
      await trx.deleteFrom('sys_os_permission').where('permission_id', 'in', all).execute();
      await trx.deleteFrom('sys_permission_data_rule').where('permission_id', 'in', all).execute();
      for (const p of parents) await refreshLeaf(trx, p);
    });
    ctx.perms.invalidate();
    return okMessage(batch ? COMMON_TEXT.batchDeleted : COMMON_TEXT.deleted);
  };
  app.delete<{ Querystring: Q }>(`${base}/delete`, (req) => remove(req, false));
  app.delete<{ Querystring: Q }>(`${base}/deleteBatch`, (req) => remove(req, true));
}
