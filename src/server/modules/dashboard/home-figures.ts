import { sql, type RawBuilder } from 'kysely';

/** A figure of the home page: a one-row SELECT answering `value`. */
export interface HomeCard {
  key: string;
  title: string;
  format?: 'int' | 'money' | 'percent';
  suffix?: string;
  sql: (tenant: number) => RawBuilder<{ value: unknown }>;
}

/** A chart of the home page (rows = data; x = category column). */
export interface HomeChart {
  key: string;
  title: string;
  type: 'pie' | 'bar' | 'line' | 'barLine';
  x: string;
  series: { field: string; title: string; type?: 'bar' | 'line' }[];
  span?: number;
  sql: (tenant: number) => RawBuilder<Record<string, unknown>>;
}

/** An area of the business the home page summarises for users who hold `menu`. */
export interface HomeArea {
  key: string;
  title: string;
  /** A user sees the area when holding one of these menu urls. */
  menus: string[];
  cards: HomeCard[];
  charts: HomeChart[];
}

const months = sql`(select to_char(g, 'YYYY-MM') as month from generate_series(date_trunc('month', current_date) - interval '11 months', date_trunc('month', current_date), interval '1 month') g)`;
const thisMonth = sql`date_trunc('month', current_date)`;
const thisYear = sql`date_trunc('year', current_date)`;

/**
 * The business figures of the home page, area by area (issue: amounts by month, collections
 * against plan, stock warnings). Every statement binds the caller's tenant; approval documents
 * count only when approved, so voided ones never count.
 */
export const HOME_AREAS: readonly HomeArea[] = [
  {
    key: 'finance',
    title: '财务',
    menus: ['/online/cgformList/fin_collection', '/online/cgformList/fin_payment_detail'],
    cards: [
      {
        key: 'monthIn',
        title: '本月收款',
        format: 'money',
        suffix: '元',
        sql: (t) =>
          sql`select coalesce(sum(amount), 0) as value from fin_collection where tenant_id = ${t} and receipt_date >= ${thisMonth}`,
      },
      {
        key: 'monthOut',
        title: '本月付款',
        format: 'money',
        suffix: '元',
        sql: (t) =>
          sql`select coalesce(sum(amount), 0) as value from fin_payment_detail where tenant_id = ${t} and pay_date >= ${thisMonth}`,
      },
      {
        key: 'balance',
        title: '银行账户余额',
        format: 'money',
        suffix: '元',
        sql: (t) =>
          sql`select coalesce(sum(current_balance), 0) as value from fin_bank_account where tenant_id = ${t} and account_status = '1' and currency = 'CNY'`,
      },
    ],
    charts: [
      {
        key: 'cashflow',
        title: '近12个月收款与付款',
        type: 'bar',
        x: 'month',
        series: [
          { field: 'received', title: '收款' },
          { field: 'paid', title: '付款' },
        ],
        sql: (t) => sql`select m.month,
          coalesce((select sum(c.amount) from fin_collection c where c.tenant_id = ${t} and to_char(c.receipt_date, 'YYYY-MM') = m.month), 0)::float8 as received,
          coalesce((select sum(p.amount) from fin_payment_detail p where p.tenant_id = ${t} and to_char(p.pay_date, 'YYYY-MM') = m.month), 0)::float8 as paid
          from ${months} m order by m.month`,
      },
    ],
  },
  {
    key: 'pm',
    title: '项目',
    menus: ['/online/cgformList/pm_contract', '/online/cgreport/pm_home'],
    cards: [
      {
        key: 'planned',
        title: '本年计划回款',
        format: 'money',
        suffix: '元',
        sql: (t) => sql`select coalesce(sum(p.plan_amount), 0) as value from pm_contract_plan p join pm_contract c on c.id = p.contract_id
          where c.tenant_id = ${t} and p.plan_date >= ${thisYear} and p.plan_date < ${thisYear} + interval '1 year'`,
      },
      {
        key: 'collected',
        title: '本年实际回款',
        format: 'money',
        suffix: '元',
        sql: (t) => sql`select coalesce(sum(amount), 0) as value from pm_collection where tenant_id = ${t} and collect_date >= ${thisYear}`,
      },
      {
        key: 'rate',
        title: '回款计划完成率',
        format: 'percent',
        sql: (t) => sql`select case when pl.v > 0 then round((co.v / pl.v * 100)::numeric, 2) else 0 end as value
          from (select coalesce(sum(p.plan_amount), 0) as v from pm_contract_plan p join pm_contract c on c.id = p.contract_id
                where c.tenant_id = ${t} and p.plan_date >= ${thisYear} and p.plan_date <= current_date) pl,
               (select coalesce(sum(amount), 0) as v from pm_collection where tenant_id = ${t} and collect_date >= ${thisYear}) co`,
      },
    ],
    charts: [
      {
        key: 'plan',
        title: '近12个月回款：计划与实际',
        type: 'barLine',
        x: 'month',
        series: [
          { field: 'planned', title: '计划回款', type: 'bar' },
          { field: 'collected', title: '实际回款', type: 'line' },
        ],
        sql: (t) => sql`select m.month,
          coalesce((select sum(p.plan_amount) from pm_contract_plan p join pm_contract c on c.id = p.contract_id
                    where c.tenant_id = ${t} and to_char(p.plan_date, 'YYYY-MM') = m.month), 0)::float8 as planned,
          coalesce((select sum(k.amount) from pm_collection k where k.tenant_id = ${t} and to_char(k.collect_date, 'YYYY-MM') = m.month), 0)::float8 as collected
          from ${months} m order by m.month`,
      },
    ],
  },
  {
    key: 'warehouse',
    title: '仓储预警',
    menus: ['/online/cgreport/wms_warning', '/online/cgformList/wms_stock'],
    cards: [
      {
        key: 'lowStock',
        title: '库存低于下限',
        suffix: '项',
        sql: (t) => sql`select count(*) as value from wms_stock where tenant_id = ${t} and min_qty is not null and quantity < min_qty`,
      },
      {
        key: 'leases',
        title: '30天内到期租赁',
        suffix: '份',
        sql: (t) =>
          sql`select count(*) as value from wms_lease where tenant_id = ${t} and lease_status = '1' and end_date <= current_date + 30`,
      },
      {
        key: 'vehicles',
        title: '车辆保险/年检到期',
        suffix: '辆',
        sql: (t) => sql`select count(*) as value from wms_vehicle where tenant_id = ${t} and vehicle_status <> '4'
          and (insurance_expiry <= current_date + 30 or inspection_due <= current_date + 30)`,
      },
    ],
    charts: [],
  },
  {
    key: 'oa',
    title: 'OA审批',
    menus: ['/online/cgformList/oa_expense', '/online/cgformList/oa_contract'],
    cards: [
      {
        key: 'expense',
        title: '本月报销（已通过）',
        format: 'money',
        suffix: '元',
        sql: (t) =>
          sql`select coalesce(sum(total_amount), 0) as value from oa_expense where tenant_id = ${t} and approval_status = '2' and apply_date >= ${thisMonth}`,
      },
      {
        key: 'payApply',
        title: '本月付款申请（已通过）',
        format: 'money',
        suffix: '元',
        sql: (t) =>
          sql`select coalesce(sum(amount), 0) as value from oa_payment_apply where tenant_id = ${t} and approval_status = '2' and apply_date >= ${thisMonth}`,
      },
    ],
    charts: [],
  },
  {
    key: 'supplier',
    title: '供应商',
    menus: ['/online/cgreport/sup_home', '/online/cgformList/sup_labor'],
    cards: [
      {
        key: 'qualified',
        title: '合格供应商',
        suffix: '家',
        sql: (t) => sql`select count(*) as value from sup_supplier where tenant_id = ${t} and supplier_status = '2'`,
      },
      {
        key: 'certs',
        title: '30天内到期证照',
        suffix: '份',
        sql: (t) =>
          sql`select count(*) as value from sup_science where tenant_id = ${t} and cert_status = '1' and expiry_date <= current_date + 30`,
      },
    ],
    charts: [],
  },
];
