import { SYSTEM_AREAS } from '../modules/system/areas.js';

/** A button row of a menu: `{authPre}:{action}` named `name`. */
export interface MenuButton {
  action: string;
  name: string;
}

/** A 系统管理 entry served by a custom client page (not a screen schema). */
export interface SystemPage {
  name: string;
  url: string;
  component: string;
  icon: string;
  sortNo: number;
  authPre: string;
  buttons: readonly MenuButton[];
  /** Menu group code (MENU_GROUPS) the page sits under; default system. */
  group?: string;
}

const crud: readonly MenuButton[] = [
  { action: 'add', name: '添加' },
  { action: 'edit', name: '编辑' },
  { action: 'delete', name: '删除' },
  { action: 'batch_delete', name: '批量删除' },
];

/**
 * The 系统管理 pages that are custom components (src/app/pages/system/): the menu
 * tree editor, the department tree pane and the organisation-unit tree. syncMenus creates
 * them under the system group with their buttons (status '1', granted to the admin role).
 */
export const SYSTEM_PAGES: readonly SystemPage[] = [
  {
    name: '菜单管理',
    url: SYSTEM_AREAS.permission.menuUrl,
    component: 'system/PermissionList',
    icon: 'appstore',
    sortNo: 3,
    authPre: SYSTEM_AREAS.permission.authPre,
    buttons: [...crud, { action: 'data_rule', name: '数据规则' }],
  },
  {
    name: '部门管理',
    url: SYSTEM_AREAS.depart.menuUrl,
    component: 'system/DepartList',
    icon: 'team',
    sortNo: 4,
    authPre: SYSTEM_AREAS.depart.authPre,
    buttons: [
      ...crud,
      { action: 'authorize', name: '部门权限' },
      { action: 'role', name: '部门角色' },
      { action: 'user', name: '部门用户' },
    ],
  },
  {
    name: '组织单元',
    url: SYSTEM_AREAS.os.menuUrl,
    component: 'system/OsList',
    icon: 'cluster',
    sortNo: 5,
    authPre: SYSTEM_AREAS.os.authPre,
    buttons: [...crud, { action: 'authorize', name: '组织单元权限' }],
  },
];

/**
 * The designers under 在线开发 (spec 2.2): the online form designer and the online report
 * designer. Each designer endpoint checks its page's menu and one of these buttons, which only
 * the admin role holds (granted when created).
 */
export const ONLINE_DEV_PAGES: readonly SystemPage[] = [
  {
    name: '在线表单开发',
    url: '/online/cgform',
    component: 'online/CgformList',
    icon: 'form',
    sortNo: 1,
    authPre: 'online:form',
    group: 'online',
    buttons: [
      { action: 'add', name: '新增' },
      { action: 'edit', name: '编辑' },
      { action: 'delete', name: '删除' },
      { action: 'sync', name: '同步数据库' },
      { action: 'copy', name: '复制' },
      { action: 'menu', name: '添加菜单' },
      { action: 'import', name: '从数据库导入' },
      { action: 'enhance', name: '增强' },
      { action: 'preview', name: '预览' },
    ],
  },
  {
    name: 'Online报表配置',
    url: '/online/cgreport',
    component: 'online/CgreportList',
    icon: 'bar-chart',
    sortNo: 2,
    authPre: 'online:report',
    group: 'online',
    buttons: [
      { action: 'add', name: '新增' },
      { action: 'edit', name: '编辑' },
      { action: 'delete', name: '删除' },
      { action: 'menu', name: '添加菜单' },
      { action: 'preview', name: '预览' },
    ],
  },
];

/** Buttons of schema screens beyond the built-in ones, by the screen's authPre. */
export const EXTRA_SCREEN_BUTTONS: Readonly<Record<string, readonly MenuButton[]>> = {
  [SYSTEM_AREAS.user.authPre]: [
    { action: 'frozen', name: '冻结/解冻' },
    { action: 'password', name: '重置密码' },
  ],
  [SYSTEM_AREAS.role.authPre]: [
    { action: 'authorize', name: '授权' },
    { action: 'user', name: '角色用户' },
  ],
};
