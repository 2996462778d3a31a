import { sql, type Kysely } from 'kysely';

/**
 * Menus created by earlier versions, brought to the shapes a JeecgBoot client expects:
 * - the system screens JeecgBoot also has answer JeecgBoot's page names (system/UserList …)
 *   instead of the generic system/ScreenList (rows still at that default, by the screen id in
 *   component_name);
 * - the entries of online screens and reports (`/online/cgformList/{id}`, `/online/cgreport/{id}`)
 *   become route '0' items, served by the hidden `:code` routes.
 * New databases get the same from the seed.
 */
const JEECG_PAGES: Readonly<Record<string, string>> = {
  sys_user: 'system/UserList',
  sys_dict: 'system/DictList',
  sys_category: 'system/SysCategoryList',
  sys_position: 'system/SysPositionList',
  sys_announcement: 'system/SysAnnouncementList',
  sys_quartz_job: 'system/QuartzJobList',
  sys_check_rule: 'system/SysCheckRuleList',
  sys_fill_rule: 'system/SysFillRuleList',
  sys_data_source: 'system/SysDataSourceList',
  sys_gateway_route: 'system/SysGatewayRouteList',
  sys_tenant: 'system/TenantList',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [screenId, component] of Object.entries(JEECG_PAGES)) {
    await sql`update sys_permission set component = ${component}
      where component = 'system/ScreenList' and component_name = ${screenId} and menu_type in (0, 1)`.execute(db);
  }
  await sql`update sys_permission set is_route = false
    where menu_type in (0, 1) and url ~ '^/online/(cgform[A-Za-z]*List|cgreport)/[^/:]+$'`.execute(db);
}
