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
