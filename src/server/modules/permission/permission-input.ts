import type { Insertable } from 'kysely';
import type { Database } from '../../db/tables.js';
import { PERMISSION_TEXT } from '../system/texts.js';
import { splitPerms } from '../auth/permission-service.js';
import { textOf as str } from '../../http/input.js';

type PermissionRow = Insertable<Database['sys_permission']>;

const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';
const has = (body: Record<string, unknown>, k: string) => Object.prototype.hasOwnProperty.call(body, k);

/** True for an external link or a `{{ … }}` placeholder url (api-contract §3.1). */
export const isExternalUrl = (url: string) => /^https?:\/\//i.test(url) || url.startsWith('{{');

/**
 * The server-side normalisation of JeecgBoot's permission add/edit (api-contract §3.2): the
 * component loses a leading '/', 'src/views/', 'views/' and '.vue'; the url gains a leading '/'
 * unless it is an external link or a `{{ … }}` placeholder url.
 */
export function normaliseComponent(c: string): string {
  return c
    .trim()
    .replace(/^\/+/, '')
    .replace(/^src\/views\//, '')
    .replace(/^views\//, '')
    .replace(/\.vue$/, '');
}

/** See {@link normaliseComponent}: '/' prefixed unless external or a placeholder url. */
export function normaliseUrl(u: string): string {
  const url = u.trim();
  if (!url || isExternalUrl(url) || url.startsWith('/')) return url;
  return `/${url}`;
}

const INTERNAL_URL = /^\/[A-Za-z0-9_\-/:.@]*$/;
const EXTERNAL_URL = /^(https?:\/\/|\{\{)[^\s<>"'`]*$/i;
const PERMS_CODE = /^[A-Za-z0-9_:.-]+$/;
const COMPONENT = /^[A-Za-z0-9_\-/.]*$/;

/**
 * Checks and converts a menu/button body (camelCase SysPermission, api-contract §5.3) into
 * column values. `existing` is the stored row on edit (fields left out keep their value).
 * Throws Error with the first problem's message. Parent, uniqueness and cycles are checked by
 * the caller (they need the database).
 */
export function permissionValues(body: Record<string, unknown>, existing: PermissionRow | null): Partial<PermissionRow> {
  const pick = <T>(key: string, conv: (v: unknown) => T, col: keyof PermissionRow): T | undefined => {
    if (has(body, key)) return conv(body[key]);
    return existing ? (existing[col] as T) : undefined;
  };
  const menuType = Number(pick('menuType', (v) => (v === '' || v === null || v === undefined ? NaN : Number(v)), 'menu_type'));
  if (![0, 1, 2].includes(menuType)) throw new Error(PERMISSION_TEXT.typeBad);
  const name = str(pick('name', str, 'name'));
  if (!name) throw new Error(PERMISSION_TEXT.nameRequired);
  const out: Partial<PermissionRow> = { name: name.slice(0, 255), menu_type: menuType };
  const parentId = str(pick('parentId', str, 'parent_id'));
  out.parent_id = parentId || null;
  if (menuType !== 0 && !out.parent_id) throw new Error(PERMISSION_TEXT.parentRequired);
  const permsType = str(pick('permsType', str, 'perms_type')) || '1';
  if (permsType !== '1' && permsType !== '2') throw new Error(PERMISSION_TEXT.permsTypeBad);
  const status = str(pick('status', str, 'status')) || '1';
  if (status !== '1' && status !== '0') throw new Error(PERMISSION_TEXT.statusBad);
  out.perms_type = permsType;
  out.status = status;
  const perms = splitPerms(str(pick('perms', str, 'perms')));
  if (perms.some((p) => !PERMS_CODE.test(p) || p.length > 100)) throw new Error(PERMISSION_TEXT.permsBad);
  out.perms = perms.length ? perms.join(',') : null;
  const sortNo = Number(pick('sortNo', (v) => (v === '' || v === null || v === undefined ? 0 : Number(v)), 'sort_no') ?? 0);
  out.sort_no = Number.isFinite(sortNo) ? sortNo : 0;
  out.description = str(pick('description', str, 'description')).slice(0, 255) || null;
  if (menuType === 2) {
    if (!perms.length) throw new Error(PERMISSION_TEXT.permsRequired);
    Object.assign(out, { url: null, component: null, component_name: null, redirect: null, icon: null, is_route: false });
    Object.assign(out, { always_show: false, keep_alive: false, hidden: false, hide_tab: false, internal_or_external: false });
    return out;
  }
  const url = normaliseUrl(str(pick('url', str, 'url')));
  if (!url) throw new Error(PERMISSION_TEXT.urlRequired);
  if (url.length > 255 || !(isExternalUrl(url) ? EXTERNAL_URL : INTERNAL_URL).test(url)) throw new Error(PERMISSION_TEXT.urlBad);
  let component = normaliseComponent(str(pick('component', str, 'component')));
  if (!component) component = isExternalUrl(url) ? 'layouts/IframePageView' : menuType === 0 ? 'layouts/RouteView' : '';
  if (!component || !COMPONENT.test(component)) throw new Error(PERMISSION_TEXT.componentRequired);
  out.url = url;
  out.component = component.slice(0, 255);
  const componentName = str(pick('componentName', str, 'component_name'));
  if (componentName && !/^[A-Za-z0-9_\-@]+$/.test(componentName)) throw new Error(PERMISSION_TEXT.componentNameBad);
  out.component_name = componentName || null;
  out.redirect = normaliseUrl(str(pick('redirect', str, 'redirect'))) || null;
  out.icon = str(pick('icon', str, 'icon')).slice(0, 255) || null;
  out.is_route = pick('route', (v) => v === undefined || v === null || bool(v), 'is_route') ?? true;
  out.always_show = !!pick('alwaysShow', bool, 'always_show');
  out.keep_alive = !!pick('keepAlive', bool, 'keep_alive');
  out.hidden = !!pick('hidden', bool, 'hidden');
  out.hide_tab = !!pick('hideTab', bool, 'hide_tab');
  out.internal_or_external = !!pick('internalOrExternal', bool, 'internal_or_external');
  return out;
}
