import { permissionRow } from '../modules/permission/permission-row.js';
import type { Db } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { grantToAdmin } from '../modules/permission/admin-grant.js';
import { formatDateTime } from '../../shared/time.js';
import { loadSecretKey, SecretBox } from '../modules/datasource/secret-box.js';
import { jobClassNames, jobClassOf, type JobClass } from '../modules/quartz/job-registry.js';
import '../modules/quartz/jobs.js';
import { DataLogCompactJob, LogCleanJob, NoticeReminderJob } from '../modules/quartz/maintenance-jobs.js';
import { SerialNumberRule } from '../modules/rules/fill-rule.js';
import { ONLINE_SCREEN } from '../modules/online-user/routes.js';
import { ADDRESS_BOOK_SCREEN } from '../modules/address-book/routes.js';
import { SETTING_SCREEN } from '../modules/settings/routes.js';
import { inTransaction } from '../db/transaction.js';

/** Fill rules of business-screens.md §2.3: code, prefix, screen title (one generic class, yyyyMM + 4 digits). */
const FILL_RULES: readonly [string, string, string][] = [
  ['fin_collection_no', 'SK', '收款登记'],
  ['fin_petty_cash_no', 'JK', '备用金'],
  ['fin_payment_no', 'FK', '付款明细'],
  ['fin_wages_no', 'GZ', '工资审批'],
  ['wms_material_no', 'WZ', '库存台账'],
  ['wms_po_no', 'CG', '采购订单'],
  ['wms_lease_no', 'ZL', '租赁台账'],
  ['oa_contract_no', 'HTSP', '合同审批'],
  ['oa_payment_no', 'FKSQ', '付款申请'],
  ['oa_procure_no', 'CGSQ', '采购申请'],
  ['oa_expense_no', 'BX', '费用报销'],
  ['oa_seal_no', 'YY', '用印申请'],
  ['oa_seal_po_no', 'CGYY', '采购合同用印'],
  ['oa_invoice_apply_no', 'KPSQ', '服务开票申请'],
  ['oa_tax_apply_no', 'SKSQ', '预缴税款付款申请'],
  ['oa_car_rent_no', 'ZC', '租车申请'],
  ['biz_right_no', 'QQ', '确权单录入'],
  ['sp_demand_no', 'FWXQ', '服务需求'],
  ['sp_programme_no', 'FWFA', '采购方案'],
  ['sp_contract_no', 'FWHT', '服务合同'],
  ['sp_completion_no', 'FWYS', '服务验收'],
  ['sp_payment_no', 'FWFK', '服务付款'],
  ['sup_code', 'GYS', '供应商'],
  ['sup_evaluate_no', 'PJ', '供应商评价'],
  ['sup_change_no', 'BG', '供应商信息变更'],
  ['pm_project_no', 'XM', '项目立项'],
  ['pm_budget_no', 'YS', '项目预算'],
  ['pm_change_no', 'HTBG', '合同变更记录'],
  ['pm_collection_no', 'HK', '项目回款'],
  ['pm_disclosure_no', 'JD', '技术交底'],
  ['pm_labor_no', 'LW', '劳务分包'],
  ['pm_maint_no', 'WB', '维保管理'],
  ['pm_order_change_no', 'DDBG', '订单变更'],
  ['pm_output_no', 'CZ', '产值申报'],
  ['pm_payment_no', 'XMFK', '项目付款'],
  ['pm_security_no', 'BZJ', '履约保证金'],
  ['pm_petty_no', 'XMBY', '项目备用金'],
  ['pm_sporadic_no', 'LX', '零星工程'],
];

/** Check rules: JeecgBoot's seed `common` (api-contract §6.5) and two of business-screens.md §2.4. */
const CHECK_RULES = [
  {
    code: 'common',
    name: '通用编码规则',
    description: '首位是字母；只能是字母、数字和下划线；长度3-12位',
    json: [
      { digits: '1', pattern: '^[a-zA-Z]$', message: '第一位只能是字母' },
      { digits: '*', pattern: '^[0-9a-zA-Z_]*$', message: '只能填写数字、大小写字母、下划线' },
      { digits: '*', pattern: '^.{3,}$', message: '最少输入3位' },
      { digits: '*', pattern: '^.{3,12}$', message: '最多输入12位' },
    ],
  },
  {
    code: 'credit_code',
    name: '统一社会信用代码',
    description: '18位：2位登记管理部门及机构类别、6位行政区划码、10位主体标识码及校验码',
    json: [
      { digits: '2', pattern: '^[0-9A-HJ-NPQRTUWXY]{2}$', message: '前2位应为登记管理部门代码和机构类别代码' },
      { digits: '6', pattern: '^\\d{6}$', message: '第3-8位应为6位行政区划码' },
      { digits: '10', pattern: '^[0-9A-HJ-NPQRTUWXY]{10}$', message: '第9-18位应为主体标识码和校验码' },
      { digits: '*', pattern: '^.{18}$', message: '统一社会信用代码为18位' },
    ],
  },
  {
    code: 'plate_no',
    name: '车牌号',
    description: '省份简称 + 字母 + · + 5-6位字母数字，如 京A·12345',
    json: [
      { digits: '1', pattern: '^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼]$', message: '第一位应为省份简称' },
      { digits: '1', pattern: '^[A-Z]$', message: '第二位应为大写字母' },
      { digits: '*', pattern: '^.{2}·[A-HJ-NP-Z0-9]{5,6}$', message: '请输入正确的车牌号，如 京A·12345' },
    ],
  },
];

/** Custom pages of the 系统管理 group (no schema) and their buttons. */
const CUSTOM_MENUS = [
  {
    name: '在线用户',
    url: ONLINE_SCREEN.menu,
    component: 'system/SysUserOnlineList',
    icon: 'user-switch',
    sortNo: 76,
    buttons: [{ name: '强制退出', perms: `${ONLINE_SCREEN.authPre}:force_logout` }],
  },
  { name: '通讯录', url: ADDRESS_BOOK_SCREEN.menu, component: 'system/AddressList', icon: 'contacts', sortNo: 77, buttons: [] },
  {
    name: '系统设置',
    url: SETTING_SCREEN.menu,
    component: 'system/SystemSetting',
    icon: 'control',
    sortNo: 78,
    buttons: [{ name: '保存设置', perms: `${SETTING_SCREEN.authPre}:edit` }],
  },
];

/** The maintenance jobs a new install runs, with their descriptions (each class's default cron and parameter). */
const MAINTENANCE_JOBS: readonly { job: JobClass; description: string }[] = [
  { job: LogCleanJob, description: '每天凌晨2:30删除180天前的登录与操作日志' },
  { job: DataLogCompactJob, description: '每天凌晨3点压缩数据日志，每条记录保留最新20个版本' },
  { job: NoticeReminderJob, description: '工作日上午9点提醒发布超过3天仍未读通知的用户' },
];

const audit = () => ({ create_by: 'admin', create_time: formatDateTime(), update_by: null, update_time: null });

/** Dictionary `quartz_job_class` (the job form's class select) with every registered job class. */
async function seedJobClassDict(trx: Db): Promise<void> {
  let dict = await trx.selectFrom('sys_dict').select('id').where('dict_code', '=', 'quartz_job_class').executeTakeFirst();
  if (!dict) {
    dict = { id: newId() };
    await trx
      .insertInto('sys_dict')
      .values({
        id: dict.id,
        dict_name: '定时任务类',
        dict_code: 'quartz_job_class',
        description: '已注册的定时任务类',
        del_flag: 0,
        type: 0,
        ...audit(),
      })
      .execute();
  }
  const have = new Set(
    (await trx.selectFrom('sys_dict_item').select('item_value').where('dict_id', '=', dict.id).execute()).map((r) => r.item_value),
  );
  const rows = jobClassNames()
    .filter((name) => !have.has(name))
    .map((name, i) => ({
      id: newId(),
      dict_id: dict.id,
      item_text: jobClassOf(name)!.title,
      item_value: name,
      description: name,
      sort_order: have.size + i + 1,
      status: 1,
      ...audit(),
    }));
  if (rows.length) await trx.insertInto('sys_dict_item').values(rows).execute();
}

/** The custom pages' menus under 系统管理 and their buttons, granted to the admin role (missing ones only). */
async function seedCustomMenus(trx: Db): Promise<void> {
  const group = await trx
    .selectFrom('sys_permission')
    .select('id')
    .where('url', '=', '/isystem')
    .where('menu_type', '=', 0)
    .executeTakeFirst();
  const admin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst();
  const created: string[] = [];
  for (const m of CUSTOM_MENUS) {
    let menu = await trx.selectFrom('sys_permission').select('id').where('url', '=', m.url).executeTakeFirst();
    if (!menu) {
      menu = { id: newId() };
      await trx
        .insertInto('sys_permission')
        .values(
          permissionRow({
            id: menu.id,
            parent_id: group?.id ?? null,
            name: m.name,
            url: m.url,
            component: m.component,
            component_name: m.component.replace('system/', ''),
            menu_type: group ? 1 : 0,
            sort_no: m.sortNo,
            icon: m.icon,
            is_leaf: m.buttons.length === 0,
          }),
        )
        .execute();
      created.push(menu.id);
    }
    for (const [i, b] of m.buttons.entries()) {
      if (await trx.selectFrom('sys_permission').select('id').where('perms', '=', b.perms).where('menu_type', '=', 2).executeTakeFirst())
        continue;
      const id = newId();
      await trx
        .insertInto('sys_permission')
        .values(permissionRow({ id, parent_id: menu.id, name: b.name, menu_type: 2, perms: b.perms, sort_no: i + 1 }))
        .execute();
      created.push(id);
    }
  }
  if (admin) await grantToAdmin(trx, created);
}

/**
 * Makes sure the job-class dictionary and the custom pages' menus (online users, address book,
 * settings) exist; idempotent, run at every start after the menu sync.
 */
export async function syncSystemOps(db: Db): Promise<void> {
  await inTransaction(db, async (trx) => {
    await seedJobClassDict(trx);
    await seedCustomMenus(trx);
  });
}

/**
 * First-start rows of the jobs, rules and tenants: six jobs (the two samples stopped; the token
 * clean-up, the log clean-up, the data-log compaction and the unread-notice reminder running), the fill
 * rules of business-screens.md §2.3 and three check rules; with `demo` also two tenants (no user
 * belongs to them: a user with several tenants is asked to pick one at sign-in), a PostgreSQL data source (its password encrypted with the install key) and
 * a gateway route.
 */
export async function seedSystemOps(db: Db, demo: boolean): Promise<void> {
  const box = new SecretBox(await loadSecretKey(db));
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('sys_quartz_job')
      .values([
        {
          id: newId(),
          job_class_name: 'org.jeecg.modules.quartz.job.SampleJob',
          cron_expression: '0 0/30 * * * ?',
          parameter: null,
          description: '示例任务：每30分钟输出一行日志',
          status: -1,
          del_flag: 0,
          ...audit(),
        },
        {
          id: newId(),
          job_class_name: 'org.jeecg.modules.quartz.job.SampleParamJob',
          cron_expression: '0 0 8 ? * 2-6',
          parameter: '早上好',
          description: '带参数的示例任务：工作日早上8点输出参数',
          status: -1,
          del_flag: 0,
          ...audit(),
        },
        {
          id: newId(),
          job_class_name: 'org.jeecg.modules.quartz.job.CleanExpiredTokenJob',
          cron_expression: '0 0/10 * * * ?',
          parameter: null,
          description: '每10分钟清理空闲超时的登录令牌',
          status: 0,
          del_flag: 0,
          ...audit(),
        },
        ...MAINTENANCE_JOBS.map(({ job, description }) => ({
          id: newId(),
          job_class_name: job.name,
          cron_expression: job.defaultCron ?? '0 0 2 * * ?',
          parameter: job.defaultParameter ?? null,
          description,
          status: 0,
          del_flag: 0,
          ...audit(),
        })),
      ])
      .execute();
    await trx
      .insertInto('sys_fill_rule')
      .values(
        FILL_RULES.map(([code, prefix, title]) => ({
          id: newId(),
          rule_name: `${title}编号`,
          rule_code: code,
          rule_class: SerialNumberRule.name,
          rule_params: JSON.stringify({ prefix, dateFormat: 'yyyyMM', digits: 4 }),
          ...audit(),
        })),
      )
      .execute();
    await trx
      .insertInto('sys_check_rule')
      .values(
        CHECK_RULES.map((r) => ({
          id: newId(),
          rule_name: r.name,
          rule_code: r.code,
          rule_json: JSON.stringify(r.json),
          rule_description: r.description,
          ...audit(),
        })),
      )
      .execute();
    if (!demo) return;
    await trx
      .insertInto('sys_tenant')
      .values([
        { id: 1000, name: '中恒工程集团总部', begin_date: '2026-01-01 00:00:00', end_date: '2030-12-31 23:59:59', status: 1, ...audit() },
        { id: 1001, name: '华东分公司', begin_date: '2026-01-01 00:00:00', end_date: '2030-12-31 23:59:59', status: 1, ...audit() },
      ])
      .execute();
    await trx
      .insertInto('sys_data_source')
      .values({
        id: newId(),
        code: 'local_pg',
        name: '本机 PostgreSQL',
        remark: '示例数据源，可在此测试连接',
        db_type: '6',
        db_driver: 'org.postgresql.Driver',
        db_url: 'jdbc:postgresql://127.0.0.1:5432/postgres',
        db_name: 'postgres',
        db_username: 'postgres',
        db_password: box.encrypt('postgres'),
        sys_org_code: 'A01',
        ...audit(),
      })
      .execute();
    await trx
      .insertInto('sys_gateway_route')
      .values({
        id: newId(),
        router_id: 'office-system',
        name: '系统管理服务',
        uri: 'lb://office-system',
        predicates: JSON.stringify([{ name: 'Path', args: ['/sys/**', '/online/**'] }]),
        filters: JSON.stringify([]),
        retryable: 0,
        strip_prefix: 0,
        persistable: 0,
        show_api: 1,
        status: 1,
        del_flag: 0,
        sys_org_code: 'A01',
        ...audit(),
      })
      .execute();
  });
}
