/**
 * The online runtime routes of a JeecgBoot client (api-contract §7.4, §8): each list template's
 * component and its param route. A menu entry of an online screen or report is a route '0' item
 * at the concrete url (`/online/cgformList/{id}`); the hidden `:code` route of its component
 * serves it, so the page reads the id from the route (as JeecgBoot's own server answers).
 */
export interface OnlineRoute {
  /** Menu component (the JeecgBoot client's page). */
  component: string;
  /** Param route serving the concrete urls. */
  path: string;
  /** Title of the hidden route entry. */
  title: string;
}

export const ONLINE_ROUTES = {
  normal: { component: 'modules/online/cgform/auto/OnlCgformAutoList', path: '/online/cgformList/:code', title: 'AUTO在线表单' },
  tree: { component: 'modules/online/cgform/auto/OnlCgformTreeList', path: '/online/cgformTreeList/:code', title: 'AUTO树表单列表' },
  erp: { component: 'modules/online/cgform/auto/erp/OnlCgformErpList', path: '/online/cgformErpList/:code', title: 'AUTO在线表单ERP' },
  tab: { component: 'modules/online/cgform/auto/tab/OnlCgformTabList', path: '/online/cgformTabList/:code', title: 'AUTO在线表单TAB' },
  innerTable: {
    component: 'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList',
    path: '/online/cgformInnerTableList/:code',
    title: 'AUTO在线内嵌子表',
  },
  report: { component: 'modules/online/cgreport/auto/OnlCgreportAutoList', path: '/online/cgreport/:code', title: 'AUTO在线报表' },
} as const satisfies Record<string, OnlineRoute>;

export type OnlineTemplate = Exclude<keyof typeof ONLINE_ROUTES, 'report'>;

/** Menu component of an online screen of list template `template` (unknown → the normal list). */
export function onlineListComponent(template: string | undefined): string {
  return (ONLINE_ROUTES[template as OnlineTemplate] ?? ONLINE_ROUTES.normal).component;
}

/** True when `url` is a concrete online list or report url (`/online/cgformList/{id}` …, not a `:code` pattern). */
export function isOnlineInstanceUrl(url: string | null | undefined): boolean {
  return !!url && /^\/online\/(cgform\w*List|cgreport)\/[^/:]+$/.test(url);
}
