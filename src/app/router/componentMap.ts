import { createElement, type ComponentType } from 'react';
import type { MenuEntry } from '../api/types';
import RouteView from '../layouts/RouteView';
import { lazyPage as lazy, type LazyPage } from './lazyPage';
import { normaliseComponent } from './menuModel';

/**
 * Component map of the dynamic menu routes (spec 2.2): menu `component` strings → React
 * components. Pages load lazily so the login page never downloads them; `lazy` here is lazyPage
 * (a chunk still loading after 120 s is reported, spec 8).
 */

/** Props every mapped page may receive: the menu entry that routed to it. */
export interface PageProps {
  entry?: MenuEntry;
  /** The screen schema a generic screen page shows (set by JEECG_SCREEN_PAGES). */
  screenId?: string;
}
export type PageComponent = ComponentType<PageProps>;

/**
 * A page that shows screen schemas: its chunk and the widget registry (withWidgets.tsx) load
 * together, and the page gets the registry through the runtime context.
 */
function screenPage(load: () => Promise<{ default: PageComponent }>): PageComponent {
  return lazy(async () => {
    const [page, widgets] = await Promise.all([load(), import('./withWidgets')]);
    return { default: widgets.withWidgets(page.default) };
  });
}

const Analysis = lazy(() => import('../pages/dashboard/Analysis'));
const OnlineListPage = screenPage(() => import('../../../renderers/list/OnlineListPage'));
const ReportListPage = lazy(() => import('../../../renderers/list/ReportListPage'));
const ScreenPage = screenPage(() => import('../../../renderers/list/ScreenPage'));
const SysUserOnlineList = lazy(() => import('../pages/system/SysUserOnlineList'));
const AddressList = lazy(() => import('../pages/system/AddressList'));
const SystemSetting = lazy(() => import('../pages/system/SystemSetting'));
const UserAnnouncementList = lazy(() => import('../pages/system/UserAnnouncementList'));
const LogList = lazy(() => import('../pages/system/LogList'));
const DataLogList = lazy(() => import('../pages/system/DataLogList'));
const RoleList = screenPage(() => import('../pages/system/RoleList'));
const PermissionList = lazy(() => import('../pages/system/PermissionList'));
const DepartList = lazy(() => import('../pages/system/DepartList'));
const OsList = lazy(() => import('../pages/system/OsList'));
const CgformList = lazy(() => import('../pages/online/CgformList'));
const CgreportList = lazy(() => import('../pages/online/CgreportList'));
const IframePageView = lazy(() => import('../pages/IframePageView'));
const ExceptionPage = lazy(() => import('../pages/exception/ExceptionPage'));
const AccountCenter = lazy(() => import('../pages/account/AccountCenter'));
const AccountSettings = lazy(() => import('../pages/account/AccountSettings'));
const ProcessModelList = lazy(() => import('../pages/workflow/ProcessModelList'));
const ProcessDesigner = lazy(() => import('../pages/workflow/ProcessDesigner'));
const TodoList = lazy(() => import('../pages/workflow/TodoList'));
const DoneList = lazy(() => import('../pages/workflow/DoneList'));
const MyProcessList = lazy(() => import('../pages/workflow/MyProcessList'));
const ResultPage = lazy(() => import('../pages/result/ResultPage'));

/**
 * JeecgBoot's page names of the system screens our generic screen list serves (the one table of
 * them): the server answers these names in the menu so a JeecgBoot client opens its own page;
 * this client opens the screen schema named here. Screens JeecgBoot does not have keep
 * `system/ScreenList` (the screen id in the menu's componentName).
 */
export const JEECG_SCREEN_PAGES: Readonly<Record<string, string>> = {
  'system/UserList': 'sys_user',
  'system/DictList': 'sys_dict',
  'system/SysCategoryList': 'sys_category',
  'system/SysPositionList': 'sys_position',
  'system/SysAnnouncementList': 'sys_announcement',
  'system/QuartzJobList': 'sys_quartz_job',
  'system/SysCheckRuleList': 'sys_check_rule',
  'system/SysFillRuleList': 'sys_fill_rule',
  'system/SysDataSourceList': 'sys_data_source',
  'system/SysGatewayRouteList': 'sys_gateway_route',
  'system/TenantList': 'sys_tenant',
};

/** The generic screen page bound to one screen schema (keeps the lazy page's preload). */
function screenPageOf(screenId: string): PageComponent {
  const Page = (props: PageProps) => createElement(ScreenPage, { ...props, screenId });
  Page.displayName = `ScreenPage(${screenId})`;
  return Object.assign(Page, { preload: (ScreenPage as unknown as LazyPage<PageProps>).preload });
}

const Exception403 = () => createElement(ExceptionPage, { type: '403' });
const Exception404 = () => createElement(ExceptionPage, { type: '404' });
const Exception500 = () => createElement(ExceptionPage, { type: '500' });
const ResultSuccess = () => createElement(ResultPage, { type: 'success' });
const ResultError = () => createElement(ResultPage, { type: 'error' });

/** Menu `component` string → page component (keys listed in the shell report, spec 2.2). */
export const componentMap: Readonly<Record<string, PageComponent>> = {
  'layouts/RouteView': RouteView,
  'layouts/TabLayout': RouteView,
  'layouts/PageView': RouteView,
  'layouts/BlankLayout': RouteView,
  'layouts/IframePageView': IframePageView,
  'dashboard/Analysis': Analysis,
  'modules/online/cgform/auto/OnlCgformAutoList': OnlineListPage,
  // tree, ERP, tab and inner-table lists: the same runtime, laid out by the schema's template
  'modules/online/cgform/auto/OnlCgformTreeList': OnlineListPage,
  'modules/online/cgform/auto/erp/OnlCgformErpList': OnlineListPage,
  'modules/online/cgform/auto/tab/OnlCgformTabList': OnlineListPage,
  'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList': OnlineListPage,
  'modules/online/cgreport/auto/OnlCgreportAutoList': ReportListPage,
  'system/ScreenList': ScreenPage,
  ...Object.fromEntries(Object.entries(JEECG_SCREEN_PAGES).map(([component, screenId]) => [component, screenPageOf(screenId)])),
  'system/SysUserOnlineList': SysUserOnlineList,
  'system/AddressList': AddressList,
  'system/SystemSetting': SystemSetting,
  'system/UserAnnouncementList': UserAnnouncementList,
  'system/LogList': LogList,
  'system/DataLogList': DataLogList,
  'system/RoleList': RoleList,
  'system/PermissionList': PermissionList,
  'system/DepartList': DepartList,
  'system/OsList': OsList,
  'online/CgformList': CgformList,
  'online/CgreportList': CgreportList,
  'workflow/ProcessModelList': ProcessModelList,
  'workflow/ProcessDesigner': ProcessDesigner,
  'workflow/TodoList': TodoList,
  'workflow/DoneList': DoneList,
  'workflow/MyProcessList': MyProcessList,
  'exception/403': Exception403,
  'exception/404': Exception404,
  'exception/500': Exception500,
  'account/center/Index': AccountCenter,
  'account/settings/Index': AccountSettings,
  'result/Success': ResultSuccess,
  'result/Error': ResultError,
};

/**
 * Route patterns of the components that read route params (spec 2.2 "Online form and report list
 * components"): a menu whose path is a concrete instance of the pattern (e.g.
 * /online/cgformList/fin_bank_account) is routed through the pattern, so `useParams().code` works.
 */
export const ROUTE_PATTERNS: Readonly<Record<string, string>> = {
  'modules/online/cgform/auto/OnlCgformAutoList': '/online/cgformList/:code',
  'modules/online/cgform/auto/OnlCgformTreeList': '/online/cgformTreeList/:code',
  'modules/online/cgform/auto/erp/OnlCgformErpList': '/online/cgformErpList/:code',
  'modules/online/cgform/auto/tab/OnlCgformTabList': '/online/cgformTabList/:code',
  'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList': '/online/cgformInnerTableList/:code',
  'modules/online/cgreport/auto/OnlCgreportAutoList': '/online/cgreport/:code',
};

/**
 * Starts loading the chunk of a menu component ahead of its first opening (a lazy page's
 * `preload`). Resolves when loaded, at once for an unknown or eager component; never rejects (a
 * failed preload is tried again when the page opens).
 */
export function preloadComponent(component: string | null | undefined): Promise<void> {
  const page = resolveComponent(component) as Partial<LazyPage<PageProps>> | null;
  return page?.preload
    ? page.preload().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

/**
 * Resolves a menu component string (normalised: no leading '/', '.vue' or 'views/').
 * Returns the component, or null when unknown (the caller shows MissingComponent).
 */
export function resolveComponent(component: string | null | undefined): PageComponent | null {
  return componentMap[normaliseComponent(component)] ?? null;
}
