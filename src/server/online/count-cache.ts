/**
 * Totals of list queries, per table and WHERE clause, dropped whenever the engine writes to
 * that table. Only used on the embedded database, where the data-folder lock makes this
 * process the only writer (with PostgreSQL other processes may write, so every count runs).
 */
export class CountCache {
  private versions = new Map<string, number>();
  private totals = new Map<string, { version: number; total: number }>();

  constructor(private readonly enabled: boolean) {}

  /** The cached total for `key` on `table`, if still valid. */
  get(table: string, key: string): number | undefined {
    if (!this.enabled) return undefined;
    const hit = this.totals.get(`${table}\u0000${key}`);
    return hit && hit.version === (this.versions.get(table) ?? 0) ? hit.total : undefined;
  }

  set(table: string, key: string, total: number): void {
    if (!this.enabled) return;
    if (this.totals.size > 5_000) this.totals.clear();
    this.totals.set(`${table}\u0000${key}`, { version: this.versions.get(table) ?? 0, total });
  }

  /** Invalidates every total of `table` (call after any insert, update or delete). */
  bump(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }
}
