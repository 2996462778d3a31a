import type { Db } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { formatDateTime } from '../../shared/time.js';
import { permissionRow } from '../modules/permission/permission-row.js';
import { inTransaction } from '../db/transaction.js';

/** A custom page's menu (JeecgBoot's url and component) and the buttons under it. */
interface CustomMenu {
  name: string;
  url: string;
  component: string;
  icon: string;
  sortNo: number;
  buttons: { name: string; perms: string }[];
}

/**
 * The custom pages (the announcement admin screen is a schema; the user's own
 * messages page is a static route of the client, src/app/router/menuRoutes.tsx).
 */
export const NOTICE_MENUS: readonly CustomMenu[] = [
  {
    name: '日志管理',
    url: '/isystem/log',
    component: 'system/LogList',
    icon: 'file-search',
    sortNo: 70,
    buttons: [{ name: '删除日志', perms: 'system:log:delete' }],
  },
  {
    name: '数据日志',
    url: '/sys/dataLog-list',
    component: 'system/DataLogList',
    icon: 'history',
    sortNo: 71,
    buttons: [],
  },
];

/**
 * Makes sure the menus of the log and data-log pages (under 系统管理, /isystem, from menus.ts)
 * and the log's delete button exist, inserting only what is missing so an admin's edits survive,
 * and grants what it creates to the admin role. Idempotent; run at every start after the menu sync.
 */
export async function syncNoticeMenus(db: Db): Promise<void> {
  await inTransaction(db, async (trx) => {
    const group = await trx
      .selectFrom('sys_permission')
      .select('id')
      .where('url', '=', '/isystem')
      .where('menu_type', '=', 0)
      .executeTakeFirst();
    const admin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst();
    const grants: { role_id: string; permission_id: string }[] = [];
    const grant = (permissionId: string) => {
      if (admin) grants.push({ role_id: admin.id, permission_id: permissionId });
    };
    for (const m of NOTICE_MENUS) {
      let menu = await trx.selectFrom('sys_permission').select('id').where('url', '=', m.url).executeTakeFirst();
      if (!menu) {
        const parent = group?.id ?? null;
        menu = { id: newId() };
        await trx
          .insertInto('sys_permission')
          .values(
            permissionRow({
              id: menu.id,
              parent_id: parent,
              name: m.name,
              url: m.url,
              component: m.component,
              component_name: m.component.replace('system/', ''),
              menu_type: parent ? 1 : 0,
              sort_no: m.sortNo,
              icon: m.icon,
              is_leaf: m.buttons.length === 0,
            }),
          )
          .execute();
        grant(menu.id);
      }
      for (const [i, b] of m.buttons.entries()) {
        const have = await trx
          .selectFrom('sys_permission')
          .select('id')
          .where('perms', '=', b.perms)
          .where('menu_type', '=', 2)
          .executeTakeFirst();
        if (have) continue;
        const id = newId();
        await trx
          .insertInto('sys_permission')
          .values(permissionRow({ id, parent_id: menu.id, name: b.name, menu_type: 2, perms: b.perms, sort_no: i + 1 }))
          .execute();
        grant(id);
      }
    }
    if (grants.length)
      await trx
        .insertInto('sys_role_permission')
        .values(grants.map((g) => ({ id: newId(), ...g, data_rule_ids: null, operate_date: formatDateTime(), operate_ip: null })))
        .execute();
  });
}
