import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.js';
import { BizError } from '../http/envelope.js';
import { toColumn } from '../../shared/columns.js';
import type { LoadedScreen } from './screen-registry.js';
import { ENGINE_TEXT } from './texts.js';
import { hasTenant } from './compute/aggregate-sql.js';

type Row = Record<string, unknown>;
/** Row conditions of the writer's list scope (tenant, data rules, live rows), unqualified column names. */
type Scope = readonly RawBuilder<unknown>[];

/**
 * `and <child>.tenant_id = <parent>.tenant_id` on a table with tenants: a node's children are
 * those of its own tenant, so a row of another tenant naming it as parent (old data) neither
 * flags it nor moves or deletes with it.
 */
const sameTenantAs = (loaded: LoadedScreen, child: string, parent: string) =>
  hasTenant(loaded) ? sql` and ${sql.ref(`${child}.tenant_id`)} = ${sql.ref(`${parent}.tenant_id`)}` : sql``;

/** Parent id of a root node of a tree table (JeecgBoot: "0"). */
export const TREE_ROOT = '0';

/** Columns of a tree screen: parent id, has-child flag and node text (undefined when not a tree). */
export function treeColumns(loaded: LoadedScreen): { pid: string; hasChild: string; text?: string } | undefined {
  const t = loaded.screen.tree;
  if (!t) return undefined;
  return { pid: toColumn(t.pidField), hasChild: toColumn(t.hasChildField), text: t.textField ? toColumn(t.textField) : undefined };
}

const isRoot = (v: unknown) => v === undefined || v === null || v === '' || v === TREE_ROOT;

/**
 * Tree tables (api-contract §7.2 getTreeData, §7.4): the engine keeps the has-child flag true to
 * the rows, so a node without children shows as a leaf. A new or moved node's parent must be a
 * row of the writer's list scope (`scope`: tenant, data rules, live rows; else the message of a
 * missing parent, so another tenant's ids are no oracle), and children count within their
 * parent's tenant. All statements run in the caller's transaction; identifiers come from the
 * schema, values are bound.
 */
export const tree = {
  /** Before an insert: an empty parent becomes the root "0", the new node has no child; the parent must exist. */
  async beforeInsert(trx: Db, loaded: LoadedScreen, row: Row, scope: Scope): Promise<void> {
    const t = treeColumns(loaded);
    if (!t) return;
    if (isRoot(row[t.pid])) row[t.pid] = TREE_ROOT;
    row[t.hasChild] = '0';
    if (row[t.pid] !== TREE_ROOT) await assertNodeExists(trx, loaded, String(row[t.pid]), scope);
  },

  /**
   * Before an update: a parent change is checked (exists, not the node itself nor one of its
   * descendants); the has-child flag is never taken from the request.
   */
  async beforeUpdate(trx: Db, loaded: LoadedScreen, id: string, set: Row, existing: Row, scope: Scope): Promise<void> {
    const t = treeColumns(loaded);
    if (!t) return;
    delete set[t.hasChild];
    if (!(t.pid in set)) return;
    if (isRoot(set[t.pid])) set[t.pid] = TREE_ROOT;
    const pid = String(set[t.pid]);
    if (pid === String(existing[t.pid] ?? TREE_ROOT)) return;
    if (pid === TREE_ROOT) return;
    if (pid === id) throw new BizError(ENGINE_TEXT.treeSelfParent);
    await assertNodeExists(trx, loaded, pid, scope);
    const below = await descendants(trx, loaded, [id]);
    if (below.includes(pid)) throw new BizError(ENGINE_TEXT.treeSelfParent);
  },

  /** After a write: the new parent has a child; the old parent keeps its flag only if it still has one. */
  async afterWrite(trx: Db, loaded: LoadedScreen, newPid: unknown, oldPid?: unknown): Promise<void> {
    const t = treeColumns(loaded);
    if (!t) return;
    const touched = [newPid, oldPid].filter((p) => !isRoot(p)).map(String);
    await refreshFlags(trx, loaded, [...new Set(touched)]);
  },

  /** The ids plus every descendant of them (deleting a node deletes its subtree, api-contract §7.2). */
  async expand(trx: Db, loaded: LoadedScreen, ids: string[]): Promise<string[]> {
    if (!treeColumns(loaded)) return ids;
    return [...new Set([...ids, ...(await descendants(trx, loaded, ids))])];
  },

  /** The parent ids of the given nodes (to refresh after a delete). */
  async parentsOf(trx: Db, loaded: LoadedScreen, ids: string[]): Promise<string[]> {
    const t = treeColumns(loaded);
    if (!t || !ids.length) return [];
    const rows = (
      await sql<{
        p: string;
      }>`select distinct ${sql.ref(t.pid)} as p from ${sql.table(loaded.screen.tableName)} where id in (${sql.join(ids)})`.execute(trx)
    ).rows;
    return rows.map((r) => r.p).filter((p) => !isRoot(p) && !ids.includes(p));
  },

  refreshFlags,
};

/** Throws 树形父节点不存在 unless `id` names a row within `scope` (the writer's list scope). */
async function assertNodeExists(trx: Db, loaded: LoadedScreen, id: string, scope: Scope): Promise<void> {
  const where = sql.join([sql`id = ${id}`, ...scope], sql` and `);
  const found = (await sql`select 1 from ${sql.table(loaded.screen.tableName)} where ${where}`.execute(trx)).rows.length;
  if (!found) throw new BizError(ENGINE_TEXT.treeParentMissing);
}

/** Every descendant id of `ids` within each node's tenant (recursive over the parent column; cycles cannot loop). */
async function descendants(trx: Db, loaded: LoadedScreen, ids: string[]): Promise<string[]> {
  const t = treeColumns(loaded);
  if (!t || !ids.length) return [];
  const table = sql.table(loaded.screen.tableName);
  const rows = (
    await sql<{ id: string }>`with recursive d(id) as (
      select c.id from ${table} c join ${table} p on c.${sql.ref(t.pid)} = p.id${sameTenantAs(loaded, 'c', 'p')} where p.id in (${sql.join(ids)})
      union
      select c.id from ${table} c join d on c.${sql.ref(t.pid)} = d.id join ${table} p on p.id = d.id${sameTenantAs(loaded, 'c', 'p')}
    ) select id from d`.execute(trx)
  ).rows;
  return rows.map((r) => r.id);
}

/** Sets the has-child flag of each node to whether it has children (of its tenant) now. */
async function refreshFlags(trx: Db, loaded: LoadedScreen, ids: string[]): Promise<void> {
  const t = treeColumns(loaded);
  if (!t || !ids.length) return;
  const table = sql.table(loaded.screen.tableName);
  await sql`update ${table} p set ${sql.ref(t.hasChild)} = case when exists (select 1 from ${table} c where c.${sql.ref(t.pid)} = p.id${sameTenantAs(loaded, 'c', 'p')}) then '1' else '0' end
    where p.id in (${sql.join(ids)})`.execute(trx);
}
