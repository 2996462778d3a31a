import type { PermissionEntry } from '../../runtime/ports';

/** Wire shapes of the login and permission calls (spec 3, api-contract §2.2, §3.1). */

export type { PermissionEntry };

/** SysUser as the login answer carries it (api-contract §5.1; only the fields the shell reads). */
export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  orgCode?: string | null;
  /** The name of the current department (orgCode), null without one. */
  departName?: string | null;
  [key: string]: unknown;
}

/** Dictionary item of `sysAllDictItems` (api-contract §2.2). */
export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
}

export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
}

export interface Tenant {
  id: number | string;
  name: string;
}

/** `result` of POST /sys/login (api-contract §2.2). */
export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems?: Record<string, DictItem[]>;
  departs?: Depart[];
  multi_depart?: number;
  tenantList?: Tenant[];
}

/** Body of POST /sys/login (api-contract §2.1). */
export interface LoginParams {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
  remember_me?: boolean;
}

/** `meta` of a menu entry (api-contract §3.1). */
export interface MenuMeta {
  title: string;
  icon?: string;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
  url?: string;
  hideTab?: boolean;
  hideMenu?: boolean;
  /** open the item in this browsing context (e.g. "_blank"), spec 2.4 "items can open in a new target" */
  target?: string;
  permissionList?: PermissionEntry[];
}

/** One entry of the server menu tree (api-contract §3.1, spec 2.2). */
export interface MenuEntry {
  id: string;
  path: string;
  name?: string;
  component?: string | null;
  redirect?: string | null;
  route?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuEntry[];
}

/** `result` of GET /sys/permission/getUserPermissionByToken (api-contract §3.1). */
export interface PermissionResult {
  menu: MenuEntry[];
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  sysSafeMode?: boolean;
}
