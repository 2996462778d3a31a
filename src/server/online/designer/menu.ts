import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { formatDateTime } from '../../../shared/time.js';
import type { ScreenSchema } from '../../../shared/generated/screen-schema.js';
import { BizError } from '../../http/envelope.js';
import { ONLINE_LIST_COMPONENT, screenButtonList } from '../../seed/menus.js';
import { permissionRow } from '../../modules/permission/permission-row.js';
import { grantToAdmin } from '../../modules/permission/admin-grant.js';
import { screenMenuUrl } from '../screen-endpoints.js';
import { DESIGNER_TEXT } from './texts.js';

/** The icon of a menu entry the form designer adds when the admin picks none (a MENU_ICON_NAMES name). */
const FORM_MENU_ICON = 'form';
/** The icon of a menu entry the report designer adds (a MENU_ICON_NAMES name). */
const REPORT_MENU_ICON = 'bar-chart';
import { REPORT_LIST_COMPONENT, reportMenuUrl } from '../cgreport/report-files.js';

/**
 * Adds a screen to the menu under the menu `parentId` (a directory or menu of sys_permission):
 * the entry at /online/cgformList/{id} and its buttons (those missing: the six built-in
 * `{authPre}:{add,edit,delete,batch_delete,export,import}`, its row actions and the permissions
 * of its status actions), granted to the admin role, in one transaction.
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
    const buttons = await missingButtons(trx, screen, menu.id);
    await trx
      .insertInto('sys_permission')
      .values([menu, ...buttons])
      .execute();
    await trx.updateTable('sys_permission').set({ is_leaf: false }).where('id', '=', parentId).execute();
    await grantToAdmin(trx, [menu.id, ...buttons.map((b) => b.id)]);
    return menu.id;
  });
}

/** Button rows (not inserted) for the codes of `screen` no sys_permission button holds yet, under `menuId`. */
async function missingButtons(trx: Db, screen: ScreenSchema, menuId: string) {
  const have = new Set(
    (
      await trx
        .selectFrom('sys_permission')
        .select('perms')
        .where('menu_type', '=', 2)
        .where('del_flag', '=', 0)
        .where('perms', 'like', `${screen.authPre}:%`)
        .execute()
    ).map((r) => r.perms),
  );
  const out: ReturnType<typeof permissionRow>[] = [];
  for (const [i, b] of screenButtonList(screen).entries()) {
    const perms = `${screen.authPre}:${b.action}`;
    if (have.has(perms)) continue;
    have.add(perms);
    out.push(permissionRow({ id: newId(), name: b.name, parent_id: menuId, menu_type: 2, perms, sort_no: i + 1 }));
  }
  return out;
}

/**
 * Keeps the buttons of a saved screen that is already in the menu complete: a row action or
 * status action declared after the entry was made gets its button (granted to the admin role
 * only), so it is controlled from the start — an uncontrolled code would be open to every
 * holder of the menu. Runs in the save's transaction `trx`; nothing when not in the menu.
 */
export async function ensureScreenButtons(trx: Db, screen: ScreenSchema): Promise<void> {
  const menu = await trx
    .selectFrom('sys_permission')
    .select('id')
    .where('url', '=', screenMenuUrl(screen))
    .where('del_flag', '=', 0)
    .where('menu_type', '!=', 2)
    .executeTakeFirst();
  if (!menu) return;
  const buttons = await missingButtons(trx, screen, menu.id);
  if (!buttons.length) return;
  await trx.insertInto('sys_permission').values(buttons).execute();
  await grantToAdmin(
    trx,
    buttons.map((b) => b.id),
  );
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
