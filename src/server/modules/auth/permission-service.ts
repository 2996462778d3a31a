import type { Db } from '../../db/connection.js';
import type { SysPermission } from '../../db/tables-permission.js';
import { ForbiddenError } from '../../http/envelope.js';
import { disabledFormFields } from '../../../shared/permission.js';
import type { SessionUser } from './token-service.js';

export interface UserGrants {
  /** Permission rows (menus and buttons) the user holds through its roles. */
  rows: SysPermission[];
  /** Route urls of the menus the user holds. */
  menuUrls: Set<string>;
  /** Button codes (perms, comma lists split) the user holds with status '1'. */
  buttons: Set<string>;
  /** Ids of every permission row held (menus and buttons, any status). */
  ids: Set<string>;
  /** Data-rule ids granted with each held permission (sys_role_permission.data_rule_ids), by permission id. */
  dataRuleIds: Map<string, Set<string>>;
  /** The active (status '1') data rules among those granted, by rule id (the list scope, data-rule-scope.ts). */
  dataRules: Map<string, HeldDataRule>;
  /** Org codes of the user's departments (sys_user_depart), filling `#{sys_org_code}`-style rule values. */
  orgCodes: string[];
}

/** A data rule as the list scope applies it. */
export interface HeldDataRule {
  permission_id: string;
  rule_column: string | null;
  rule_conditions: string | null;
  rule_value: string | null;
}

export interface ButtonRule {
  action: string;
  type: string;
  status: string;
  describe: string;
}

/** How long grants and button rules are served from the cache (ms). */
export const GRANT_CACHE_TTL_MS = 5_000;

/** The tables grants, data rules and org codes are read from: a write to any of them drops the cache (app.ts). */
export const GRANT_SOURCE_TABLES: ReadonlySet<string> = new Set([
  'sys_permission',
  'sys_role',
  'sys_role_permission',
  'sys_user_role',
  'sys_depart_role',
  'sys_depart_role_permission',
  'sys_depart_role_user',
  'sys_permission_data_rule',
  'sys_depart',
  'sys_user_depart',
]);

/**
 * The permission model (docs/architecture.md), evaluated on the server: a menu grants its route and its
 * screen's read calls; a button code `{authPre}:{action}` guards each mutating call when a rule
 * for it exists with status '1'; type '2' codes `{authPre}:form:{field}` make a field read-only.
 * Grants — with the data rules and department org codes the list scope needs, so a list request
 * reads nothing of this from the database — are cached for `ttlMs` (5 s) per user; `invalidate()`
 * clears the cache, and runs on every write to the tables they are read from (app.ts,
 * db/write-watch.ts). Inside a transaction pass its handle as `db`: a cache miss then reads
 * through the transaction (and is not cached, since it may see uncommitted rows).
 */
export class PermissionService {
  private grants = new Map<string, { at: number; value: Promise<UserGrants> }>();
  private rules: { at: number; value: Promise<ButtonRule[]> } | null = null;

  private readonly ttlMs: number;
  private readonly now: () => number;

  /** `opts.ttlMs` / `opts.now`: cache lifetime and clock (tests inject them to reproduce expiry). */
  constructor(
    private readonly db: Db,
    opts: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.ttlMs = opts.ttlMs ?? GRANT_CACHE_TTL_MS;
    this.now = opts.now ?? Date.now;
  }

  private readonly clearListeners: (() => void)[] = [];

  /** Called by `invalidate()` after the local drop: tells the other server processes (cluster bus). */
  onInvalidate?: () => void;

  /** Drops cached grants (after roles or permissions change), here and in every other process. */
  invalidate(): void {
    this.clearLocal();
    this.onInvalidate?.();
  }

  /** Drops this process's cached grants only (another process announced a change). */
  clearLocal(): void {
    this.grants.clear();
    this.rules = null;
    for (const l of this.clearListeners) l();
  }

  /** Runs `listener` whenever cached grants are dropped, here or announced by another process (caches of other user facts, e.g. a user's tenants). */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }

  /**
   * Everything the user holds, through user → role → permission (del_flag 0), ordered by sort_no.
   * `db`: the open transaction's handle when called inside one.
   */
  grantsOf(userId: string, db?: Db): Promise<UserGrants> {
    const hit = this.grants.get(userId);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    if (db?.isTransaction) return this.loadGrants(db, userId);
    const value = this.loadGrants(this.db, userId);
    this.grants.set(userId, { at: this.now(), value });
    value.catch(() => this.grants.delete(userId));
    return value;
  }

  private async loadGrants(db: Db, userId: string): Promise<UserGrants> {
    // through the user's roles and, as JeecgBoot's queryByUser, through department roles
    const links = await db
      .selectFrom('sys_role_permission as rp')
      .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
      .select(['rp.permission_id', 'rp.data_rule_ids'])
      .where('ur.user_id', '=', userId)
      .unionAll(
        db
          .selectFrom('sys_depart_role_permission as drp')
          .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
          .select(['drp.permission_id', 'drp.data_rule_ids'])
          .where('dru.user_id', '=', userId),
      )
      .execute();
    const dataRuleIds = new Map<string, Set<string>>();
    for (const l of links) {
      const set = dataRuleIds.get(l.permission_id) ?? new Set<string>();
      for (const r of splitPerms(l.data_rule_ids)) set.add(r);
      dataRuleIds.set(l.permission_id, set);
    }
    const held = [...dataRuleIds.keys()];
    const rows = held.length
      ? await db
          .selectFrom('sys_permission as p')
          .selectAll('p')
          .where('p.del_flag', '=', 0)
          .where('p.id', 'in', held)
          .orderBy('p.sort_no')
          .execute()
      : [];
    const ids = new Set(rows.map((r) => r.id));
    const menuUrls = new Set<string>();
    const buttons = new Set<string>();
    for (const r of rows) {
      if (r.menu_type === 2) {
        if (r.status === '1') for (const code of splitPerms(r.perms)) buttons.add(code);
      } else if (r.url) menuUrls.add(r.url);
    }
    const ruleIds = new Set<string>();
    for (const set of dataRuleIds.values()) for (const id of set) ruleIds.add(id);
    const dataRules = new Map<string, HeldDataRule>();
    if (ruleIds.size) {
      const found = await db
        .selectFrom('sys_permission_data_rule')
        .select(['id', 'permission_id', 'rule_column', 'rule_conditions', 'rule_value'])
        .where('id', 'in', [...ruleIds])
        .where('status', '=', '1')
        .execute();
      for (const { id, ...rule } of found) dataRules.set(id, rule);
    }
    const departs = await db
      .selectFrom('sys_depart as d')
      .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
      .select('d.org_code')
      .where('ud.user_id', '=', userId)
      .execute();
    return { rows, menuUrls, buttons, ids, dataRuleIds, dataRules, orgCodes: departs.map((d) => d.org_code) };
  }

  /** Every button rule defined in the system (the allAuth list). `db`: an open transaction's handle. */
  allRules(db?: Db): Promise<ButtonRule[]> {
    if (this.rules && this.now() - this.rules.at < this.ttlMs) return this.rules.value;
    const value = (db ?? this.db)
      .selectFrom('sys_permission')
      .select(['perms', 'perms_type', 'status', 'name'])
      .where('menu_type', '=', 2)
      .where('del_flag', '=', 0)
      .orderBy('sort_no')
      .execute()
      .then((rows) =>
        rows.flatMap((r) =>
          splitPerms(r.perms).map((action) => ({ action, type: r.perms_type ?? '1', status: r.status ?? '1', describe: r.name ?? '' })),
        ),
      );
    if (!db?.isTransaction) this.rules = { at: this.now(), value };
    return value;
  }

  /** Throws ForbiddenError unless the user holds a menu whose url is `url`. */
  async assertMenu(user: SessionUser, url: string, db?: Db): Promise<void> {
    const g = await this.grantsOf(user.id, db);
    if (!g.menuUrls.has(url)) throw new ForbiddenError();
  }

  /** Throws ForbiddenError unless the user holds a menu whose url is one of `urls`. */
  async assertAnyMenu(user: SessionUser, urls: readonly string[]): Promise<void> {
    const g = await this.grantsOf(user.id);
    if (!urls.some((u) => g.menuUrls.has(u.trim()))) throw new ForbiddenError();
  }

  /** True when the button `code` is not controlled (no active rule) or the user holds it. */
  async canButton(user: SessionUser, code: string, db?: Db): Promise<boolean> {
    const rules = await this.allRules(db);
    const controlled = rules.some((r) => r.action === code && r.status === '1' && r.type !== '2');
    if (!controlled) return true;
    return (await this.grantsOf(user.id, db)).buttons.has(code);
  }

  /** Throws ForbiddenError (HTTP 403) when the user may not use button `code`. */
  async assertButton(user: SessionUser, code: string, db?: Db): Promise<void> {
    if (!(await this.canButton(user, code, db))) throw new ForbiddenError();
  }

  /** Field names (or columns) the user may not edit on screen `authPre`: active type '2' rules not held. */
  async disabledFields(user: SessionUser, authPre: string, db?: Db): Promise<Set<string>> {
    const g = await this.grantsOf(user.id, db);
    return disabledFormFields(authPre, { auth: [...g.buttons].map((action) => ({ action })), allAuth: await this.allRules(db) });
  }
}

/** Splits a perms value ('a:add,a:edit') into codes. */
export function splitPerms(perms: string | null | undefined): string[] {
  return (perms ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
