import type { Db } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { formatDateTime } from '../../shared/time.js';
import { APPROVER_ACTIONS, MANAGER_ROLES, MENU_GROUPS, VARIANT_ROLES } from './menu-groups.js';
import { WF_TASK_PAGE_URLS } from '../modules/workflow/menus.js';

/**
 * First-start grants of the non-admin roles (business-screens.md §1.3): each variant role gets
 * the home page, its marker (user:oa …), the directories of its area with every menu under them
 * (screens and report screens) and their buttons except its denied ones and the approval buttons;
 * the managers get every business directory's menus, the approval buttons (审批通过, 驳回) of every
 * screen and their extra buttons (the general manager exports). Every other role sees the home
 * page. Reads what syncMenus and the report sync created, so run it after both.
 */
export async function grantDefaultRoles(db: Db): Promise<void> {
  const perms = await db.selectFrom('sys_permission').select(['id', 'url', 'perms', 'parent_id', 'menu_type', 'component_name']).execute();
  const roles = await db.selectFrom('sys_role').select(['id', 'role_code']).execute();
  const home = perms.find((p) => p.url === '/dashboard/analysis')?.id;
  const groupIdOf = new Map(perms.filter((p) => p.menu_type !== 2 && p.component_name).map((p) => [p.component_name as string, p.id]));
  const menusUnder = (groups: readonly string[]) => {
    const ids = groups.map((g) => groupIdOf.get(g)).filter((x): x is string => !!x);
    const parents = new Set(ids);
    return [
      ...ids,
      ...perms.filter((p) => p.menu_type !== 2 && p.parent_id && parents.has(p.parent_id) && !ids.includes(p.id)).map((p) => p.id),
    ];
  };
  const buttonsOf = (menuIds: readonly string[], keep: (action: string) => boolean) => {
    const under = new Set(menuIds);
    return perms
      .filter((p) => p.menu_type === 2 && p.parent_id && under.has(p.parent_id) && p.perms)
      .filter((p) => keep(String(p.perms).split(':').pop() ?? ''))
      .map((p) => p.id);
  };
  // the system, online-development and workflow directories are not business groups (the workflow
  // task pages are granted to everyone below; the rest belongs to the admin role only)
  const businessGroups = MENU_GROUPS.filter((g) => !['system', 'online', 'workflow'].includes(g.code)).map((g) => g.code);
  // everyone may hold a task: the 工作流 directory with 我的待办/我的已办/我发起的 and their buttons
  const taskPages = perms.filter((p) => p.menu_type !== 2 && p.url && WF_TASK_PAGE_URLS.includes(p.url)).map((p) => p.id);
  const taskGrants = [groupIdOf.get('workflow'), ...taskPages, ...buttonsOf(taskPages, () => true)];
  const plan: Record<string, (string | undefined)[]> = {};
  for (const [code, v] of Object.entries(VARIANT_ROLES)) {
    const menus = menusUnder(v.groups);
    const marker = perms.find((p) => p.menu_type === 2 && p.perms === v.marker)?.id;
    const buttons = buttonsOf(menus, (a) => !(v.deny ?? []).includes(a) && !(APPROVER_ACTIONS as readonly string[]).includes(a));
    plan[code] = [home, marker, ...menus, ...buttons];
  }
  for (const [code, m] of Object.entries(MANAGER_ROLES)) {
    const menus = menusUnder(businessGroups);
    plan[code] = [home, ...menus, ...buttonsOf(menus, (a) => (APPROVER_ACTIONS as readonly string[]).includes(a) || m.extra.includes(a))];
  }
  const rows = [];
  for (const r of roles) {
    for (const pid of new Set([...(plan[r.role_code] ?? [home]), ...(r.role_code === 'admin' ? [] : taskGrants)])) {
      if (pid)
        rows.push({
          id: newId(),
          role_id: r.id,
          permission_id: pid,
          data_rule_ids: null,
          operate_date: formatDateTime(),
          operate_ip: null,
        });
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('sys_role_permission')
      .values(rows.slice(i, i + 500))
      .execute();
}
