/**
 * The tree table's headless model (spec 3 "Tree-table rows", 4.4, 7.3, 8): rows `{ id,
 * hasChildren, children }` whose children load lazily on first expand through a configured URL
 * (`GET url?{pkey}={parentId}` plus optional condition and params; the reply's `result` is an
 * array or `result.records`); a row whose load returns nothing becomes a leaf. No React.
 */
import { EDITABLE_TABLE_TEXT as T } from '../shared/locale.js';

/** A tree-table row. */
export type TreeRow = { id: string; hasChildren?: boolean; children?: TreeRow[] } & Record<string, unknown>;

/** Where and how children load (spec 7.3). */
export interface TreeLoadConfig {
  /** The list URL (top level and, without childrenUrl, the children). */
  url: string;
  /** Optional URL for children. */
  childrenUrl?: string;
  /** The key query parameter (default parentId). */
  pkey?: string;
  /** The key's value for the top level (default '0'). */
  topValue?: string;
  /** Optional condition (sent as `condition`, JSON text). */
  condition?: Record<string, unknown> | string;
  /** Extra query parameters. */
  params?: Record<string, string | number | boolean>;
}

/** GETs a URL with query parameters and resolves the reply body (the app's api client). */
export type TreeGet = (url: string, params: Record<string, string>) => Promise<unknown>;

/**
 * The rows of a reply (spec 7.3: `result` is an array or `result.records`, the envelope may be
 * left out). Throws `Error('返回数据类型无法识别')` (spec 8 'return data type not recognised')
 * for anything else.
 */
export function rowsOfReply(reply: unknown): TreeRow[] {
  const body = reply as { result?: unknown } | unknown[] | null;
  const result = Array.isArray(body) ? body : body && typeof body === 'object' && 'result' in body ? body.result : undefined;
  const list = Array.isArray(result)
    ? result
    : result && typeof result === 'object' && Array.isArray((result as { records?: unknown }).records)
      ? (result as { records: unknown[] }).records
      : null;
  if (!list) throw new Error(T.badTreeReply);
  return list.map((r) => {
    const row = { ...(r as Record<string, unknown>) };
    return { ...row, id: String(row.id ?? '') } as TreeRow;
  });
}

/**
 * The ids `removeRows` takes (spec 8): a string (one id or ids joined by ',') or an array of
 * ids / rows. Anything else throws a TypeError.
 */
export function idsOfRemoveArg(arg: unknown): string[] {
  if (typeof arg === 'string') return arg.split(',').filter(Boolean);
  if (Array.isArray(arg)) return arg.map((x) => (x && typeof x === 'object' ? String((x as { id?: unknown }).id) : String(x)));
  throw new TypeError(T.badRemoveArg);
}

/** The tree table's rows and lazy loading. */
export class TreeTableModel {
  private top: TreeRow[] = [];
  private expanded = new Set<string>();
  private loading = new Map<string, Promise<TreeRow[]>>();
  private listeners = new Set<() => void>();

  constructor(
    private readonly config: TreeLoadConfig,
    private readonly get: TreeGet,
  ) {}

  /** Subscribe to changes; returns the unsubscribe function. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }

  private query(parentId: string): Record<string, string> {
    const c = this.config;
    const q: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.params ?? {})) q[k] = String(v);
    q[c.pkey || 'parentId'] = parentId;
    if (c.condition) q.condition = typeof c.condition === 'string' ? c.condition : JSON.stringify(c.condition);
    return q;
  }

  /** Loads the top level (replaces the rows). Rejects with the reply error. */
  async loadTop(): Promise<TreeRow[]> {
    const rows = rowsOfReply(await this.get(this.config.url, this.query(this.config.topValue ?? '0')));
    this.top = rows;
    this.expanded.clear();
    this.emit();
    return rows;
  }

  /** The top-level rows. */
  get rows(): readonly TreeRow[] {
    return this.top;
  }

  /** Finds a row anywhere in the tree. */
  find(id: string, list: readonly TreeRow[] = this.top): TreeRow | undefined {
    for (const r of list) {
      if (r.id === id) return r;
      const hit = r.children && this.find(id, r.children);
      if (hit) return hit;
    }
    return undefined;
  }

  /** True when the row is expanded. */
  isExpanded(id: string): boolean {
    return this.expanded.has(id);
  }

  /**
   * Expands a row: its children load on the first expand only (spec 4.4); a reply with no rows
   * makes it a leaf (`hasChildren` false). Resolves the children.
   */
  async expand(id: string): Promise<TreeRow[]> {
    const row = this.find(id);
    if (!row) return [];
    if (row.children) {
      this.expanded.add(id);
      this.emit();
      return row.children;
    }
    let job = this.loading.get(id);
    if (!job) {
      job = this.get(this.config.childrenUrl || this.config.url, this.query(id)).then(rowsOfReply);
      this.loading.set(id, job);
    }
    try {
      const kids = await job;
      if (kids.length) {
        row.children = kids;
        row.hasChildren = true;
        this.expanded.add(id);
      } else {
        row.hasChildren = false;
        delete row.children;
      }
      this.emit();
      return kids;
    } finally {
      this.loading.delete(id);
    }
  }

  /** Collapses a row (its children stay loaded). */
  collapse(id: string): void {
    this.expanded.delete(id);
    this.emit();
  }

  /**
   * Removes rows (spec 8): `arg` is an id, ids joined by ',' or an array of ids/rows; anything
   * else throws a TypeError. Returns the ids removed.
   */
  removeRows(arg: unknown): string[] {
    const ids = new Set(idsOfRemoveArg(arg));
    const removed: string[] = [];
    const prune = (list: TreeRow[]): TreeRow[] =>
      list.filter((r) => {
        if (ids.has(r.id)) {
          removed.push(r.id);
          return false;
        }
        if (r.children) r.children = prune(r.children);
        return true;
      });
    this.top = prune(this.top);
    if (removed.length) this.emit();
    return removed;
  }

  /** The visible rows in display order with their depth (expanded subtrees flattened). */
  visible(): Array<{ row: TreeRow; depth: number }> {
    const out: Array<{ row: TreeRow; depth: number }> = [];
    const walk = (list: readonly TreeRow[], depth: number) => {
      for (const r of list) {
        out.push({ row: r, depth });
        if (r.children && this.expanded.has(r.id)) walk(r.children, depth + 1);
      }
    };
    walk(this.top, 0);
    return out;
  }
}
