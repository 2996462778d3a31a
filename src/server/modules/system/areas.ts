/**
 * The system-administration screens (spec 1 "System administration", docs/architecture.md "Permission model"
 * model): each one's menu route (JeecgBoot `/isystem/...` url, which grants its read calls) and
 * its permission prefix `authPre` (its button codes are `{authPre}:{action}`). The seed creates
 * these menus and buttons (src/server/seed/system-menus.ts); the routes check them.
 */
export const SYSTEM_AREAS = {
  user: { menuUrl: '/isystem/user', authPre: 'system:user' },
  role: { menuUrl: '/isystem/role', authPre: 'system:role' },
  permission: { menuUrl: '/isystem/permission', authPre: 'system:permission' },
  depart: { menuUrl: '/isystem/depart', authPre: 'system:depart' },
  os: { menuUrl: '/isystem/os', authPre: 'system:os' },
  dict: { menuUrl: '/isystem/dict', authPre: 'system:dict' },
  category: { menuUrl: '/isystem/category', authPre: 'system:category' },
  position: { menuUrl: '/isystem/position', authPre: 'system:position' },
} as const;

export type SystemArea = keyof typeof SYSTEM_AREAS;
