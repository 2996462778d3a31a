import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { MenuEntry } from '../api/types';
import { permission } from '../stores/permission';
import { buildMenuModel, type MenuModel } from './menuRoutes';

/**
 * The MenuModel of the signed-in user's menu (spec 2.2), rebuilt when the menu changes.
 * No inputs; returns {flat, routes, lookup}.
 */
export function useMenuModel(): MenuModel {
  const { menu } = useSnapshot(permission);
  return useMemo(() => buildMenuModel(menu as readonly MenuEntry[]), [menu]);
}
