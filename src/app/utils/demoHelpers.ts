import type { MenuEntry } from '../api/types';
import { flattenMenu } from '../router/menuModel';

/** Name of the BSS screen route the demo-login helper jumps to (spec 2.4). */
export const BSS_SCREEN_ROUTE = 'bssScreen';

/**
 * Path of the routed menu entry named `name` (route names, spec 2.2), or null when the user's
 * menu has none. Inputs: menu tree, route name.
 */
export function pathOfRouteName(menu: readonly MenuEntry[], name: string): string | null {
  const hit = flattenMenu(menu).find((f) => f.routed && f.entry.name === name && !!f.entry.path);
  return hit ? hit.entry.path : null;
}

/**
 * Demo-login helpers of spec 2.4 (not in the menu): jump to the BSS screen route (named
 * bssScreen) when the user has it, else reload the page.
 * Inputs: menu tree and the router's navigate. Returns true when it navigated.
 */
export function demoJump(
  menu: readonly MenuEntry[],
  navigate: (path: string) => void,
  reload: () => void = () => window.location.reload(),
): boolean {
  const path = pathOfRouteName(menu, BSS_SCREEN_ROUTE);
  if (path) {
    navigate(path);
    return true;
  }
  reload();
  return false;
}
