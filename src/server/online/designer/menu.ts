import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { formatDateTime } from '../../../shared/time.js';
import type { ScreenSchema } from '../../../shared/generated/screen-schema.js';
import { BizError } from '../../http/envelope.js';
import { ONLINE_LIST_COMPONENT, SCREEN_BUTTONS } from '../../seed/menus.js';
import { permissionRow } from '../../modules/permission/permission-row.js';
import { screenMenuUrl } from '../screen-endpoints.js';
import { DESIGNER_TEXT } from './texts.js';

/** The icon of a menu entry the form designer adds when the admin picks none (a MENU_ICON_NAMES name). */
const FORM_MENU_ICON = 'form';
/** The icon of a menu entry the report designer adds (a MENU_ICON_NAMES name). */
const REPORT_MENU_ICON = 'bar-chart';
import { REPORT_LIST_COMPONENT, reportMenuUrl } from '../cgreport/report-files.js';

/**
 * Adds a screen to the menu under the menu `parentId` (a directory or menu of sys_permission):
 * the entry at /online/cgformList/{id} and its six buttons `{authPre}:{add,edit,delete,
 * batch_delete,export,import}` (those missing), granted to the admin role, in one transaction.
 * Returns the menu id; BizError when the parent is unknown or the entry exists.
 */
export async function addScreenMenu(
  db: Db,
  screen: ScreenSchema,
  parentId: string,
  opts: { sortNo?: number; icon?: string } = {},
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const parent = await trx
      .selectFrom('sys_permission')
      .select(['id', 'menu_type'])
      .where('id', '=', parentId)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!parent || parent.menu_type === 2) throw new BizError(DESIGNER_TEXT.parentMenuMissing);
    const url = screenMenuUrl(screen);
    if (await trx.selectFrom('sys_permission').select('id').where('url', '=', url).where('del_flag', '=', 0).executeTakeFirst())
      throw new BizError(DESIGNER_TEXT.menuExists(screen.title));
    const menu = permissionRow({
      id: newId(),
      name: screen.title,
      url,
      component: ONLINE_LIST_COMPONENT,
      parent_id: parentId,
      menu_type: 1,
      sort_no: opts.sortNo ?? 1,
      icon: opts.icon ?? FORM_MENU_ICON,
      is_leaf: false,
    });
    const have = new Set(
      (
        await trx
          .selectFrom('sys_permission')
          .select('perms')
          .where('menu_type', '=', 2)
          .where('perms', 'like', `${screen.authPre}:%`)
          .execute()
      ).map((r) => r.perms),
    );
    const buttons = SCREEN_BUTTONS.filter((b) => !have.has(`${screen.authPre}:${b.action}`)).map((b, i) =>
      permissionRow({
        id: newId(),
        name: b.name,
        parent_id: menu.id,
        menu_type: 2,
        perms: `${screen.authPre}:${b.action}`,
        sort_no: i + 1,
      }),
    );
    await trx
      .insertInto('sys_permission')
      .values([menu, ...buttons])
      .execute();
    await trx.updateTable('sys_permission').set({ is_leaf: false }).where('id', '=', parentId).execute();
    const admin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst();
    if (admin)
      await trx
        .insertInto('sys_role_permission')
        .values(
          [menu, ...buttons].map((p) => ({
            id: newId(),
            role_id: admin.id,
            permission_id: p.id,
            data_rule_ids: null,
            operate_date: formatDateTime(),
            operate_ip: null,
          })),
        )
        .execute();
    return menu.id;
  });
}

/**
 * Adds a report to the menu under `parentId`: the entry at /online/cgreport/{id} (the report
 * list page), granted to the admin role; from then on reading the report needs that menu
 * (the head's `perms`). Returns the menu id; BizError when the parent is unknown or the
 * entry exists.
 */
export async function addReportMenu(db: Db, report: { id: string; name: string }, parentId: string): Promise<string> {
  return inTransaction(db, async (trx) => {
    const parent = await trx
      .selectFrom('sys_permission')
      .select(['id', 'menu_type'])
      .where('id', '=', parentId)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!parent || parent.menu_type === 2) throw new BizError(DESIGNER_TEXT.parentMenuMissing);
    const url = reportMenuUrl(report.id);
    if (await trx.selectFrom('sys_permission').select('id').where('url', '=', url).where('del_flag', '=', 0).executeTakeFirst())
      throw new BizError(DESIGNER_TEXT.menuExists(report.name));
    const menu = permissionRow({
      id: newId(),
      name: report.name,
      url,
      component: REPORT_LIST_COMPONENT,
      parent_id: parentId,
      menu_type: 1,
      sort_no: 1,
      icon: REPORT_MENU_ICON,
    });
    await trx.insertInto('sys_permission').values(menu).execute();
    await trx.updateTable('sys_permission').set({ is_leaf: false }).where('id', '=', parentId).execute();
    await trx.updateTable('onl_cgreport_head').set({ perms: url }).where('id', '=', report.id).execute();
    const admin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst();
    if (admin)
      await trx
        .insertInto('sys_role_permission')
        .values({
          id: newId(),
          role_id: admin.id,
          permission_id: menu.id,
          data_rule_ids: null,
          operate_date: formatDateTime(),
          operate_ip: null,
        })
        .execute();
    return menu.id;
  });
}
