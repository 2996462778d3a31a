import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../auth/token-service.js';
import type { HeldDataRule } from '../auth/permission-service.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import { resolveColumn, superRule } from '../../online/filters.js';
import { screenMenuUrl } from '../../online/screen-endpoints.js';
import { fillRuleValue, ruleOperator, type RuleSubject } from './data-rule-model.js';

type Cond = RawBuilder<unknown>;

/** A condition no row satisfies: what a rule that cannot be applied becomes (fail closed). */
const NOTHING: Cond = sql`1 = 0`;

/**
 * The active data rules (status '1') a user holds for the menu `menuUrl` through roles and
 * department roles, from the cached grants (PermissionService: no database read while cached).
 */
export async function heldRules(ctx: AppContext, user: SessionUser, menuUrl: string): Promise<HeldDataRule[]> {
  const grants = await ctx.perms.grantsOf(user.id);
  const menus = new Set(grants.rows.filter((r) => r.menu_type !== 2 && r.url === menuUrl).map((m) => m.id));
  const ruleIds = new Set<string>();
  for (const m of menus) for (const id of grants.dataRuleIds.get(m) ?? []) ruleIds.add(id);
  const out: HeldDataRule[] = [];
  for (const id of ruleIds) {
    const rule = grants.dataRules.get(id);
    if (rule && menus.has(rule.permission_id)) out.push(rule);
  }
  return out;
}

/** What the system variables of a user's rules are filled from (department org codes from the cached grants). */
async function subjectOf(ctx: AppContext, user: SessionUser): Promise<RuleSubject> {
  const { orgCodes } = await ctx.perms.grantsOf(user.id);
  return { username: user.username, realname: user.realname, orgCode: user.orgCode, orgCodes };
}

/**
 * Row-level permissions of a screen (docs/architecture.md "Permission model", data rules, api-contract §3.3): the AND of every
 * active rule the user holds for the screen's menu, each `column operator value` with the
 * column resolved from the screen schema, the operator from the fixed set and the value (system
 * variables filled) bound. A rule that cannot be applied (unknown column or operator, a value
 * of the wrong type, an empty value) matches nothing, so a broken rule never widens access.
 * Returns [] when the user holds no rule for that menu.
 */
export async function dataRuleConditions(ctx: AppContext, user: SessionUser, loaded: LoadedScreen): Promise<Cond[]> {
  const rules = await heldRules(ctx, user, screenMenuUrl(loaded.screen));
  if (!rules.length) return [];
  const subject = await subjectOf(ctx, user);
  return rules.map((r) => {
    const op = ruleOperator(r.rule_conditions);
    const ref = r.rule_column ? resolveColumn(loaded, r.rule_column) : undefined;
    const value = fillRuleValue(r.rule_value ?? '', subject);
    if (!op || !ref || value === null || value === '') return NOTHING;
    try {
      return superRule(ref, op, value) ?? NOTHING;
    } catch {
      return NOTHING;
    }
  });
}

/**
 * Registers the data-rule scope on every loaded screen (list, queryById, edit and delete go
 * through `listScope`, online/screen-hooks.ts), so business screens and system screens alike
 * are filtered on the server.
 */
export function registerDataRuleScopes(ctx: AppContext): void {
  for (const loaded of ctx.screens.list()) {
    ctx.hooks.register(loaded.screen.id, { listScope: ({ user }) => dataRuleConditions(ctx, user, loaded) });
  }
}
