import { permissionRow } from '../modules/permission/permission-row.js';
import type { Db } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { grantToAdmin, grantToPageHolders } from '../modules/permission/admin-grant.js';
import type { SysPermission } from '../db/tables-permission.js';
import { EXTRA_SCREEN_BUTTONS, ONLINE_DEV_PAGES, SYSTEM_PAGES } from './system-menus.js';
import { WF_TASK_PAGE_URLS, WORKFLOW_PAGES } from '../modules/workflow/menus.js';
import type { ScreenRegistry } from '../online/screen-registry.js';
import { screenMenuUrl } from '../online/cgform-routes.js';
import { MENU_GROUPS } from './menu-groups.js';
import { inTransaction } from '../db/transaction.js';
import type { ScreenSchema } from '../../shared/generated/screen-schema.js';
import { ONLINE_ROUTES, isOnlineInstanceUrl, onlineListComponent } from '../../shared/online-routes.js';

export { MENU_GROUPS } from './menu-groups.js';

/** Menu component of screens at the online list route /online/cgformList/{id} (normal template). */
export const ONLINE_LIST_COMPONENT = ONLINE_ROUTES.normal.component;
/** Menu component of screens with their own route (`menu.url`): the generic list of the screen named by component_name. */
export const SCREEN_PAGE_COMPONENT = 'system/ScreenList';

/** Built-in buttons of every screen (docs/architecture.md "Permission model": `{authPre}:{action}`). */
export const SCREEN_BUTTONS = [
  { action: 'add', name: '添加' },
  { action: 'edit', name: '编辑' },
  { action: 'delete', name: '删除' },
  { action: 'batch_delete', name: '批量删除' },
  { action: 'export', name: '导出' },
  { action: 'import', name: '导入' },
] as const;

/**
 * The buttons of a screen's menu entry: the built-in ones, the schema's row actions (发布, 撤销 …),
 * its workflow's status actions (提交, 审批通过 …, by permission) and the extra buttons of its
 * authPre (EXTRA_SCREEN_BUTTONS). Codes may repeat (actions sharing a permission).
 */
export function screenButtonList(screen: Pick<ScreenSchema, 'authPre' | 'rowActions' | 'workflow'>): { action: string; name: string }[] {
  return [
    ...SCREEN_BUTTONS,
    ...(screen.rowActions ?? []).map((a) => ({ action: a.action, name: a.title })),
    ...(screen.workflow?.actions ?? []).map((a) => ({ action: a.permission, name: a.label })),
    ...(EXTRA_SCREEN_BUTTONS[screen.authPre] ?? []),
  ];
}

/** Product-variant markers (spec 1): button rows sorted first. */
export const VARIANT_MARKERS = [
  { perms: 'user:oa', name: '协同办公系统' },
  { perms: 'user:bss', name: '业务支撑系统' },
  { perms: 'user:gam', name: '仓储管理系统' },
  { perms: 'user:pm', name: '项目管理系统' },
  { perms: 'user:iee', name: '智慧工程' },
  { perms: 'user:supplier', name: '供应商管理系统' },
] as const;

/**
 * Makes sure the home page, the menu groups, every screen's menu entry and its buttons, and
 * the variant markers exist (inserting only what is missing, so an admin's edits survive); a
 * screen whose `menu.hidden` is set gets its entry hidden (an unedited existing one too).
 * Everything newly created is granted to the admin role; a new button of a workflow task page also
 * to the roles holding that page. Returns the ids created.
 */
export async function syncMenus(db: Db, screens: ScreenRegistry): Promise<string[]> {
  const existing = await db.selectFrom('sys_permission').select(['id', 'url', 'perms', 'component_name', 'menu_type']).execute();
  const byUrl = new Map(existing.filter((r) => r.url).map((r) => [r.url as string, r.id]));
  const byPerms = new Set(existing.filter((r) => r.menu_type === 2 && r.perms).map((r) => r.perms as string));
  const created: SysPermission[] = [];
  const ensureMenu = (p: Parameters<typeof permissionRow>[0] & { url: string }): string => {
    const have = byUrl.get(p.url);
    if (have) return have;
    const r = permissionRow(p);
    created.push(r);
    byUrl.set(p.url, r.id);
    return r.id;
  };
  ensureMenu({
    id: newId(),
    name: '首页',
    url: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    component_name: 'dashboard-analysis',
    menu_type: 0,
    sort_no: 0,
    icon: 'home',
  });
  for (const [i, m] of VARIANT_MARKERS.entries()) {
    if (!byPerms.has(m.perms)) {
      created.push(permissionRow({ id: newId(), name: m.name, menu_type: 2, perms: m.perms, sort_no: -100 + i, status: '1' }));
      byPerms.add(m.perms);
    }
  }
  const groupIds = new Map<string, string>();
  for (const g of MENU_GROUPS) {
    const parentId = g.parent ? (groupIds.get(g.parent) ?? null) : null;
    groupIds.set(
      g.code,
      ensureMenu({
        id: newId(),
        name: g.name,
        url: g.url,
        component: 'layouts/RouteView',
        component_name: g.code,
        parent_id: parentId,
        menu_type: parentId ? 1 : 0,
        sort_no: g.sortNo,
        icon: g.icon,
        is_leaf: false,
      }),
    );
  }
  // the custom pages: 系统管理 (menu tree editor, department and OS tree panes), 在线开发 and 工作流
  for (const page of [...SYSTEM_PAGES, ...ONLINE_DEV_PAGES, ...WORKFLOW_PAGES]) {
    const menuId = ensureMenu({
      id: newId(),
      name: page.name,
      url: page.url,
      component: page.component,
      parent_id: groupIds.get(page.group ?? ('parent' in page ? String(page.parent) : 'system')) ?? null,
      menu_type: 1,
      sort_no: page.sortNo,
      icon: page.icon,
      is_leaf: false,
    });
    for (const [i, b] of page.buttons.entries()) {
      const perms = `${page.authPre}:${b.action}`;
      if (byPerms.has(perms)) continue;
      created.push(permissionRow({ id: newId(), name: b.name, parent_id: menuId, menu_type: 2, perms, sort_no: i + 1 }));
      byPerms.add(perms);
    }
  }
  for (const { screen } of screens.list()) {
    if (!screen.menu) continue;
    const parentId = groupIds.get(screen.menu.parent) ?? null;
    const url = screenMenuUrl(screen);
    const menuId = ensureMenu({
      id: newId(),
      name: screen.title,
      url,
      component: screen.menu.component ?? (screen.menu.url ? SCREEN_PAGE_COMPONENT : onlineListComponent(screen.template)),
      component_name: screen.menu.url ? screen.id : null,
      // as JeecgBoot: the online url is a menu item only, served by the hidden `:code` route
      is_route: !isOnlineInstanceUrl(url),
      parent_id: parentId,
      menu_type: parentId ? 1 : 0,
      sort_no: screen.menu.sortNo,
      icon: screen.menu.icon ?? null,
      is_leaf: false,
      hidden: screen.menu.hidden === true,
      // a list keeps its query, page and scroll while the user works in another tab (spec 2.2)
      keep_alive: true,
    });
    const buttons = screenButtonList(screen);
    for (const [i, b] of buttons.entries()) {
      const perms = `${screen.authPre}:${b.action}`;
      if (byPerms.has(perms)) continue;
      created.push(permissionRow({ id: newId(), name: b.name, parent_id: menuId, menu_type: 2, perms, sort_no: i + 1 }));
      byPerms.add(perms);
    }
  }
  // an entry a schema now wants hidden is hidden on existing installs too, unless an admin edited it
  const toHide = screens
    .list()
    .filter(({ screen }) => screen.menu?.hidden)
    .map(({ screen }) => screenMenuUrl(screen));
  if (toHide.length)
    await db
      .updateTable('sys_permission')
      .set({ hidden: true })
      .where('url', 'in', toHide)
      .where('update_by', 'is', null)
      .where('hidden', '=', false)
      .execute();
  // screen lists are kept alive between tabs, on existing installs too unless an admin edited the entry
  const screenUrls = screens
    .list()
    .filter(({ screen }) => screen.menu)
    .map(({ screen }) => screenMenuUrl(screen));
  if (screenUrls.length)
    await db
      .updateTable('sys_permission')
      .set({ keep_alive: true })
      .where('url', 'in', screenUrls)
      .where('update_by', 'is', null)
      .where('keep_alive', '=', false)
      .execute();
  if (!created.length) return [];
  await inTransaction(db, async (trx) => {
    await trx.insertInto('sys_permission').values(created).execute();
    // admin gets every new menu and button, but no product-variant marker: its logo keeps the
    // platform name (a variant title belongs to the variant's own users, spec 1)
    const grantable = created.filter((p) => !(p.menu_type === 2 && VARIANT_MARKERS.some((m) => m.perms === p.perms)));
    await grantToAdmin(
      trx,
      grantable.map((p) => p.id),
    ); // a new button of a workflow task page (every role holds those) reaches the roles holding the page
    const taskPages = await trx.selectFrom('sys_permission').select('id').where('url', 'in', WF_TASK_PAGE_URLS).execute();
    const pageIds = new Set(taskPages.map((p) => p.id));
    await grantToPageHolders(
      trx,
      created.filter((p) => p.menu_type === 2 && p.parent_id && pageIds.has(p.parent_id)),
    );
  });
  return created.map((p) => p.id);
}
