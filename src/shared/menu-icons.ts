/**
 * The menu icon names the client draws (ant-design icon names, api-contract §3.1): the icons of
 * every seeded menu entry and the choices of the menu editor's icon picker. The client maps each
 * to its icon component (src/app/layouts/menuIcons.tsx); a seeded entry must use one of them.
 */
export const MENU_ICON_NAMES = [
  'account-book',
  'appstore',
  'audit',
  'bank',
  'bar-chart',
  'bell',
  'calendar',
  'car',
  'clock-circle',
  'cluster',
  'contacts',
  'control',
  'dashboard',
  'database',
  'deployment-unit',
  'field-number',
  'file-search',
  'file-text',
  'folder',
  'form',
  'history',
  'home',
  'idcard',
  'money-collect',
  'notification',
  'pie-chart',
  'project',
  'safety',
  'safety-certificate',
  'select',
  'setting',
  'shop',
  'shopping-cart',
  'solution',
  'table',
  'team',
  'tool',
  'user',
  'user-switch',
] as const;

/** One of {@link MENU_ICON_NAMES}. */
export type MenuIconName = (typeof MENU_ICON_NAMES)[number];
