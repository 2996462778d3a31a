import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

const MUTATIONS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
/** A raw statement that writes: its text starts a write (keywords, not column names like update_time). */
const RAW_WRITE = /\b(insert\s+into|update|delete\s+from|truncate|merge\s+into)\b/i;
/** Table names written in raw SQL text (`insert into t`, `update t`, `delete from t`). */
const RAW_TABLE = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+"?([a-z_][a-z0-9_]*)/gi;

/** Every table named anywhere in an operation node (TableNode → its identifier). */
function tablesIn(node: unknown, out: Set<string>, depth = 0): void {
  if (!node || typeof node !== 'object' || depth > 40) return;
  if (Array.isArray(node)) {
    for (const n of node) tablesIn(n, out, depth + 1);
    return;
  }
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode' && n.table?.identifier?.name) out.add(n.table.identifier.name);
  for (const v of Object.values(node)) if (v && typeof v === 'object') tablesIn(v, out, depth + 1);
}

/** The tables a statement writes, or none for a read. */
function writtenTables(node: RootOperationNode): Set<string> {
  const out = new Set<string>();
  if (MUTATIONS.has(node.kind)) tablesIn(node, out);
  else if (node.kind === 'RawNode') {
    const text = node.sqlFragments.join(' ');
    if (!RAW_WRITE.test(text)) return out;
    tablesIn(node.parameters, out);
    for (const m of text.matchAll(RAW_TABLE)) out.add(m[1].toLowerCase());
  }
  return out;
}

/**
 * Kysely plugin that calls `onWrite` after a statement that wrote one of `tables` ran (query
 * builder or raw SQL, in or outside a transaction), so caches derived from those tables (the
 * permission grants and data-rule scope of PermissionService) are dropped on every write,
 * wherever it comes from. Reads pass through untouched. On the embedded database a transaction
 * holds the database exclusively (db/worker-driver.ts), so nothing can re-read the old rows
 * before the commit; explicit invalidations after commit remain where routes already do them.
 */
export class WriteWatchPlugin implements KyselyPlugin {
  private pending = new WeakMap<object, Set<string>>();

  constructor(
    /** the tables watched; null watches every table */
    private readonly tables: ReadonlySet<string> | null,
    private readonly onWrite: (tables: Set<string>) => void,
  ) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind !== 'SelectQueryNode') {
      const written = writtenTables(args.node);
      const hit = this.tables ? new Set([...written].filter((t) => this.tables?.has(t))) : written;
      if (hit.size) this.pending.set(args.queryId, hit);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const hit = this.pending.get(args.queryId);
    if (hit) {
      this.pending.delete(args.queryId);
      this.onWrite(hit);
    }
    return args.result;
  }
}
