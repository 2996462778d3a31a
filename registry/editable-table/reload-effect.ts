/**
 * The editable table's reload effect (spec 9 "reload-effect in table cells 1400 ms"; JVxeTable
 * `reloadEffect`): a cell whose value was replaced from outside the user's own edit — rows pushed
 * by another page over the table websocket, or `setValues` — is marked for 1400 ms, so the grid
 * can show the change (the `editable-table-reload` class). Headless: the owner passes a callback
 * run once the last mark of a batch has expired, to repaint.
 */

/** Spec 9: how long a reloaded cell shows its effect, in ms. */
export const RELOAD_EFFECT_MS = 1400;

/** Marks of reloaded cells with their expiry. */
export class ReloadEffects {
  private until = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * @param onExpire called after marks expired (the grid repaints)
   * @param now clock in ms (tests)
   */
  constructor(
    private readonly onExpire: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Marks cells (row id + column key) as reloaded now, for {@link RELOAD_EFFECT_MS}. */
  mark(cells: ReadonlyArray<readonly [rowId: string, key: string]>): void {
    if (!cells.length) return;
    const end = this.now() + RELOAD_EFFECT_MS;
    for (const [rowId, key] of cells) this.until.set(cellKey(rowId, key), end);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.expire(), RELOAD_EFFECT_MS);
  }

  /** True while a cell shows its reload effect. */
  isActive(rowId: string, key: string): boolean {
    const end = this.until.get(cellKey(rowId, key));
    return end !== undefined && end > this.now();
  }

  /** The number of cells currently marked. */
  get size(): number {
    return this.until.size;
  }

  /** Drops every mark (a fresh load, a destroyed table). */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.until.clear();
  }

  private expire(): void {
    this.timer = null;
    const t = this.now();
    for (const [k, end] of this.until) if (end <= t) this.until.delete(k);
    this.onExpire();
  }
}

function cellKey(rowId: string, key: string): string {
  return `${rowId}\u0000${key}`;
}
