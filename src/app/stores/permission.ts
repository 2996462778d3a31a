import { proxy } from 'valtio';
import { fetchPermissions } from '../api/auth';
import type { PermissionEntry, MenuEntry, PermissionResult } from '../api/types';
import { SYS_BUTTON_AUTH, USER_AUTH, getSessionItem, removeSessionItem, setSessionItem } from '../utils/storage';

/** Permission store (spec 2.2, 2.3, 6; api-contract §3.1): menu tree and button lists. */
export interface PermissionState {
  menu: MenuEntry[];
  /** buttons the user holds */
  auth: PermissionEntry[];
  /** every defined button rule */
  allAuth: PermissionEntry[];
  sysSafeMode: boolean;
  /** true once the menu has been loaded in this page life */
  loaded: boolean;
}

/** The permission store (valtio proxy; auth lists re-read from sessionStorage on load). */
export const permission = proxy<PermissionState>({
  menu: [],
  auth: getSessionItem<PermissionEntry[]>(USER_AUTH, []),
  allAuth: getSessionItem<PermissionEntry[]>(SYS_BUTTON_AUTH, []),
  sysSafeMode: false,
  loaded: false,
});

/** Exact text of spec 8 "Permission load with empty menu". */
export const EMPTY_MENU_ERROR = 'getPermissionList: permissions must be a non-null array !';

let pending: Promise<PermissionResult> | null = null;

/**
 * Loads GET /sys/permission/getUserPermissionByToken into the store and stores auth/allAuth in
 * sessionStorage (api-contract §3.1). Concurrent callers share one request.
 * Returns the permission result. Rejects with Error(EMPTY_MENU_ERROR) when the menu is empty or
 * not an array, with Error(server message) when `success` is false, or with the HTTP error.
 */
export function loadPermissions(): Promise<PermissionResult> {
  if (pending) return pending;
  pending = (async () => {
    const res = await fetchPermissions();
    if (!res.success) throw new Error(res.message || EMPTY_MENU_ERROR);
    const result = res.result;
    const menu = result?.menu;
    if (!Array.isArray(menu) || menu.length === 0) throw new Error(EMPTY_MENU_ERROR);
    const auth = Array.isArray(result.auth) ? result.auth : [];
    const allAuth = Array.isArray(result.allAuth) ? result.allAuth : [];
    setSessionItem(USER_AUTH, auth);
    setSessionItem(SYS_BUTTON_AUTH, allAuth);
    permission.menu = menu;
    permission.auth = auth;
    permission.allAuth = allAuth;
    permission.sysSafeMode = !!result.sysSafeMode;
    permission.loaded = true;
    return result;
  })().finally(() => {
    pending = null;
  });
  return pending;
}

/** Clears the menu and both button lists (store and sessionStorage), spec 4.1 logout. */
export function clearPermissions(): void {
  permission.menu = [];
  permission.auth = [];
  permission.allAuth = [];
  permission.sysSafeMode = false;
  permission.loaded = false;
  removeSessionItem(USER_AUTH);
  removeSessionItem(SYS_BUTTON_AUTH);
}
