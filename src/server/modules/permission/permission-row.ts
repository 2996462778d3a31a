import type { SysPermission } from '../../db/tables-permission.js';
import { formatDateTime } from '../../../shared/time.js';

/**
 * A sys_permission row with JeecgBoot's defaults (a visible route entry, leaf, created by admin
 * now), overridden by `p`: the one builder of the menu and button rows the seeds, the screen
 * menus and the report menus insert.
 */
export function permissionRow(p: Partial<SysPermission> & { id: string; name: string; menu_type: number }): SysPermission {
  return {
    parent_id: null,
    url: null,
    component: null,
    component_name: null,
    redirect: null,
    perms: null,
    perms_type: '1',
    sort_no: 0,
    always_show: false,
    icon: null,
    is_route: true,
    is_leaf: true,
    keep_alive: false,
    hidden: false,
    hide_tab: false,
    description: null,
    del_flag: 0,
    rule_flag: 0,
    status: '1',
    internal_or_external: false,
    create_by: 'admin',
    create_time: formatDateTime(),
    update_by: null,
    update_time: null,
    ...p,
  };
}
