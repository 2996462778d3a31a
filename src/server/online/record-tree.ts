import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { BizError } from '../http/envelope.js';
import { toColumn } from '../../shared/columns.js';
import type { LoadedScreen } from './screen-registry.js';
import { ENGINE_TEXT } from './texts.js';

type Row = Record<string, unknown>;

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
 * the rows, so a node without children shows as a leaf. All statements run in the caller's
 * transaction; identifiers come from the schema, values are bound.
 */
export const tree = {
  /** Before an insert: an empty parent becomes the root "0", the new node has no child; the parent must exist. */
  async beforeInsert(trx: Db, loaded: LoadedScreen, row: Row): Promise<void> {
    const t = treeColumns(loaded);
    if (!t) return;
    if (isRoot(row[t.pid])) row[t.pid] = TREE_ROOT;
    row[t.hasChild] = '0';
    if (row[t.pid] !== TREE_ROOT) await assertNodeExists(trx, loaded, String(row[t.pid]));
  },

  /**
   * Before an update: a parent change is checked (exists, not the node itself nor one of its
   * descendants); the has-child flag is never taken from the request.
   */
  async beforeUpdate(trx: Db, loaded: LoadedScreen, id: string, set: Row, existing: Row): Promise<void> {
    const t = treeColumns(loaded);
    if (!t) return;
    delete set[t.hasChild];
    if (!(t.pid in set)) return;
    if (isRoot(set[t.pid])) set[t.pid] = TREE_ROOT;
    const pid = String(set[t.pid]);
    if (pid === String(existing[t.pid] ?? TREE_ROOT)) return;
    if (pid === TREE_ROOT) return;
    if (pid === id) throw new BizError(ENGINE_TEXT.treeSelfParent);
    await assertNodeExists(trx, loaded, pid);
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

async function assertNodeExists(trx: Db, loaded: LoadedScreen, id: string): Promise<void> {
  const found = (await sql`select 1 from ${sql.table(loaded.screen.tableName)} where id = ${id}`.execute(trx)).rows.length;
  if (!found) throw new BizError(ENGINE_TEXT.treeParentMissing);
}

/** Every descendant id of `ids` (recursive over the parent column; cycles cannot loop). */
async function descendants(trx: Db, loaded: LoadedScreen, ids: string[]): Promise<string[]> {
  const t = treeColumns(loaded);
  if (!t || !ids.length) return [];
  const table = sql.table(loaded.screen.tableName);
  const rows = (
    await sql<{ id: string }>`with recursive d(id) as (
      select id from ${table} where ${sql.ref(t.pid)} in (${sql.join(ids)})
      union
      select c.id from ${table} c join d on c.${sql.ref(t.pid)} = d.id
    ) select id from d`.execute(trx)
  ).rows;
  return rows.map((r) => r.id);
}

/** Sets the has-child flag of each node to whether it has children now. */
async function refreshFlags(trx: Db, loaded: LoadedScreen, ids: string[]): Promise<void> {
  const t = treeColumns(loaded);
  if (!t || !ids.length) return;
  const table = sql.table(loaded.screen.tableName);
  await sql`update ${table} p set ${sql.ref(t.hasChild)} = case when exists (select 1 from ${table} c where c.${sql.ref(t.pid)} = p.id) then '1' else '0' end
    where p.id in (${sql.join(ids)})`.execute(trx);
}
