import { newId } from '../../db/ids.js';
import { formatDate } from '../../../shared/time.js';
import { BUSINESS_DICTS } from '../dicts-business.js';
import type { Rng } from '../random.js';
import type { SeededDepart } from '../org.js';
import {
  auditColumns,
  departsNamed,
  mobile,
  personName,
  preferStaff,
  regionOfDepart,
  round2,
  usersInRegion,
  usersWithRole,
  type BusinessSeedContext,
  type Region,
} from './context.js';

const COMPANY = '中冀智联工程技术有限公司';
const DAY_MS = 86_400_000;

/** Bank names from the bank_code dictionary (BUSINESS_DICTS), e.g. ICBC → 中国工商银行. */
const BANK_NAMES: Record<string, string> = Object.fromEntries(BUSINESS_DICTS.find((d) => d.code === 'bank_code')!.items);

/**
 * Corporate account number by bank (business-screens.md §5.2 "Bank accounts"): ICBC 19 digits
 * from the 4-digit area code, CCB 20, BOC 12, ABC 15–19, CMB 15, BOCOM 21; others with their
 * usual lengths. All digits, 12–21 long (R-acct `^\d{8,30}$`).
 */
function accountNumber(rng: Rng, bank: string, region: Region): string {
  const area = (codes: Record<Region, string>) => codes[region];
  switch (bank) {
    case 'ICBC':
      return area({ BJ: '0200', TJ: '0302', HB: '0402', SD: '1602' }) + rng.digits(15);
    case 'CCB':
      return area({ BJ: '1105', TJ: '1205', HB: '1305', SD: '3705' }) + rng.digits(16);
    case 'BOC':
      return String(rng.int(1, 9)) + rng.digits(11);
    case 'ABC':
      return area({ BJ: '11', TJ: '02', HB: '50', SD: '15' }) + rng.digits(rng.int(13, 17));
    case 'CMB':
      return area({ BJ: '110', TJ: '122', HB: '311', SD: '531' }) + rng.digits(12);
    case 'BOCOM':
      return area({ BJ: '110', TJ: '120', HB: '131', SD: '371' }) + rng.digits(18);
    case 'PSBC':
      return '9' + area({ BJ: '110', TJ: '120', HB: '130', SD: '370' }) + rng.digits(14);
    case 'CITIC':
      return '811' + rng.digits(16);
    case 'SPDB':
      return '91' + rng.digits(15);
    case 'CIB':
      return '3' + rng.digits(17);
    case 'CMBC':
      return '1' + rng.digits(15);
    case 'CEB':
      return '35' + rng.digits(14);
    case 'HXB':
      return '1' + rng.digits(13);
    case 'BOB':
      return '2000' + rng.digits(16);
    default:
      return String(rng.int(1, 9)) + rng.digits(15);
  }
}

/** Sub-branch names by region (appended to the bank name). */
const BRANCHES: Record<Region, readonly string[]> = {
  BJ: [
    '北京丰台支行',
    '北京丰台科技园支行',
    '北京海淀支行',
    '北京西城支行',
    '北京朝阳支行',
    '北京经济技术开发区支行',
    '北京大兴支行',
    '北京通州支行',
    '北京中关村支行',
  ],
  TJ: ['天津滨海新区分行', '天津河西支行', '天津南开支行', '天津和平支行', '天津滨海高新区支行', '天津武清支行'],
  HB: ['石家庄长安支行', '石家庄桥西支行', '保定竞秀支行', '廊坊安次支行', '唐山路北支行', '雄安分行营业部', '沧州运河支行'],
  SD: ['济南历下支行', '济南高新支行', '济南槐荫支行', '德州德城支行', '济南市中支行'],
};

/** Project places by region (invented project short names = place + scope [+ phase] + 项目). */
const PLACES: Record<Region, readonly string[]> = {
  BJ: [
    '丰台科技园',
    '海淀中关村',
    '亦庄经开区',
    '大兴临空区',
    '通州副中心',
    '丰泽区老旧小区',
    '海川科技园',
    '昌平未来科学城',
    '朝阳望京',
    '顺义空港',
  ],
  TJ: ['天津滨海新区', '天津港湾数据产业园', '武清开发区', '滨城水务', '天津西站片区', '东丽湖'],
  HB: ['雄安容东片区', '雄安启动区', '石家庄地铁3号线', '保定云谷数据中心', '唐山曹妃甸园区', '廊坊临空经济区', '沧州渤海新区', '正定新区'],
  SD: ['济南高新区', '济南泉城智慧交通', '德州经开区', '济南西站片区', '鲁信通信园区'],
};
const SCOPES = [
  '5G基站',
  '智能化弱电',
  '光纤到户改造',
  '通信系统安装',
  '智慧路灯',
  '安防监控',
  '机电安装',
  '综合管网',
  '数据中心运维',
  '通信管道',
  '室分覆盖',
  '智慧园区',
];
const PHASES = ['', '', '', '一期', '二期', '一标段', '二标段'];
const PROJECT_BANKS = ['ICBC', 'ICBC', 'CCB', 'CCB', 'ABC', 'BOC', 'BOCOM', 'PSBC', 'CMB'];

/** The 30 company accounts: [bank, sub-branch, type, currency, owner, remark]. owner 'HQ' = head office. */
const COMPANY_ACCOUNTS: readonly (readonly [string, string, string, string, 'HQ' | '天津' | '河北' | '山东', string | null])[] = [
  ['ICBC', '北京丰台支行', '1', 'CNY', 'HQ', '基本存款账户，日常结算及税款缴纳'],
  ['CCB', '北京丰台科技园支行', '2', 'CNY', 'HQ', '一般户，工程款收款'],
  ['BOC', '北京丰台支行', '2', 'CNY', 'HQ', null],
  ['ABC', '北京丰台支行', '2', 'CNY', 'HQ', '一般户，贷款结算'],
  ['BOCOM', '北京丰台支行', '2', 'CNY', 'HQ', null],
  ['CMB', '北京分行营业部', '2', 'CNY', 'HQ', '工资代发'],
  ['BOB', '北京丰台支行', '2', 'CNY', 'HQ', null],
  ['CITIC', '北京总部基地支行', '2', 'CNY', 'HQ', null],
  ['SPDB', '北京丰台支行', '2', 'CNY', 'HQ', null],
  ['CIB', '北京丰台支行', '2', 'CNY', 'HQ', '票据业务'],
  ['CMBC', '北京丰台支行', '2', 'CNY', 'HQ', null],
  ['CEB', '北京丰台支行', '2', 'CNY', 'HQ', null],
  ['HXB', '北京丰台支行', '2', 'CNY', 'HQ', null],
  ['PSBC', '北京丰台区支行', '2', 'CNY', 'HQ', null],
  ['BOC', '北京丰台支行', '2', 'USD', 'HQ', '外币户，进口设备付汇'],
  ['CMB', '北京分行营业部', '2', 'HKD', 'HQ', '外币户'],
  ['CCB', '北京丰台科技园支行', '3', 'CNY', 'HQ', '投标保证金专用账户'],
  ['ICBC', '北京丰台支行', '3', 'CNY', 'HQ', '履约保证金专用账户'],
  ['ABC', '北京丰台支行', '3', 'CNY', 'HQ', '安全生产费用专用账户'],
  ['BOB', '北京中关村支行', '2', 'CNY', 'HQ', null],
  ['CCB', '北京经济技术开发区支行', '2', 'CNY', 'HQ', null],
  ['ICBC', '天津滨海新区分行', '2', 'CNY', '天津', '天津分公司一般户'],
  ['CCB', '天津河西支行', '2', 'CNY', '天津', null],
  ['BOC', '天津滨海高新区支行', '2', 'CNY', '天津', null],
  ['ICBC', '石家庄长安支行', '2', 'CNY', '河北', '河北分公司一般户'],
  ['CCB', '石家庄桥西支行', '2', 'CNY', '河北', null],
  ['ABC', '雄安分行营业部', '2', 'CNY', '河北', '雄安项目收款'],
  ['ICBC', '济南历下支行', '2', 'CNY', '山东', '山东分公司一般户'],
  ['CCB', '济南高新支行', '2', 'CNY', '山东', null],
  ['BOCOM', '济南历下支行', '2', 'CNY', '山东', null],
];

/** Number of project accounts (农民工工资专户 / 临时户) generated by default. */
const PROJECT_ACCOUNT_COUNT = 200;

/**
 * Generates fin_bank_account rows (business-screens.md §3.1, §5.2): 30 company accounts
 * (基本户 at ICBC 北京丰台支行, head-office and branch 一般户, 专用户, two foreign-currency
 * accounts) plus `projectAccounts` project accounts — 农民工工资专户 named
 * `中冀智联工程技术有限公司{项目简称}农民工工资专户` and 临时户 — with unique account numbers.
 * Rows are keyed by DB column and carry the system columns; project_id stays null.
 * @param ctx users (custodians: finance staff, else admin users), departments, seeded rng, base date
 * @param projectAccounts how many project accounts to add (default 200 ⇒ 230 rows)
 * @returns the rows, ready for insertRows(db, 'fin_bank_account', rows)
 */
export function generateBankAccounts(ctx: BusinessSeedContext, projectAccounts = PROJECT_ACCOUNT_COUNT): Record<string, unknown>[] {
  const { rng } = ctx;
  const base = ctx.baseDate;
  const finance = ctx.users.filter((u) => u.roleCodes.includes('finance'));
  const custodians = finance.length > 0 ? preferStaff(finance) : usersWithRole(ctx, 'admin');
  const financeDept = departsNamed(ctx, /^财务部$/)[0];
  const usedNumbers = new Set<string>();
  const uniqueNumber = (bank: string, region: Region): string => {
    for (;;) {
      const n = accountNumber(rng, bank, region);
      if (!usedNumbers.has(n)) {
        usedNumbers.add(n);
        return n;
      }
    }
  };
  const branchOf = (owner: string): SeededDepart | undefined => ctx.departs.find((d) => d.departName === `${owner}分公司`);
  const rows: Record<string, unknown>[] = [];

  // Company accounts: entered when the system went live, 18–24 months before the base date.
  COMPANY_ACCOUNTS.forEach(([bank, branch, type, currency, owner, remark], i) => {
    const branchDept = owner === 'HQ' ? undefined : branchOf(owner);
    const dept = branchDept ?? financeDept;
    const region = regionOfDepart(ctx.departs, dept.orgCode);
    const custodian = rng.pick(usersInRegion(ctx, custodians, region));
    const openDate = i === 0 ? new Date(2012, 2, 15) : rng.dateBetween(new Date(2013, 0, 1), new Date(base.getTime() - 800 * DAY_MS));
    const opening =
      type === '1' ? rng.float(2_000_000, 8_000_000) : currency === 'CNY' ? rng.float(50_000, 3_000_000) : rng.float(20_000, 400_000);
    const current = round2(Math.max(0, opening * (1 + (rng.next() - 0.45) * 1.2)));
    rows.push({
      id: newId(),
      account_name: owner === 'HQ' ? COMPANY : `${COMPANY}${owner}分公司`,
      account_no: uniqueNumber(bank, region),
      bank_code: bank,
      branch_name: BANK_NAMES[bank] + branch,
      account_type: type,
      currency,
      open_date: formatDate(openDate),
      project_id: null,
      opening_balance: opening,
      current_balance: current,
      custodian: custodian.username,
      dept_code: dept.orgCode,
      bank_contact: personName(rng),
      bank_phone: mobile(rng),
      online_banking: 'Y',
      account_status: '1',
      opening_license: null,
      remark,
      ...auditColumns(ctx, custodian, rng.daysBefore(base, 540, 729)),
    });
  });

  // Project accounts: opened in the last 24 months (60 % in the last 12) by the units running projects.
  const projectDepts = departsNamed(ctx, /事业部|分公司|项目|工程部|运维部/);
  const shortNames = new Set<string>();
  for (let i = 0; i < projectAccounts; i++) {
    const dept = rng.pick(projectDepts);
    const region = regionOfDepart(ctx.departs, dept.orgCode);
    let short: string;
    let tries = 0;
    do {
      const phase = tries > 20 ? `${tries}期` : rng.pick(PHASES);
      short = `${rng.pick(PLACES[region])}${rng.pick(SCOPES)}${phase}项目`;
      tries++;
    } while (shortNames.has(short));
    shortNames.add(short);

    const wageAccount = rng.chance(0.75);
    const bank = rng.pick(PROJECT_BANKS);
    const custodian = rng.pick(usersInRegion(ctx, custodians, region));
    const ageDays = rng.chance(0.6) ? rng.float(3, 365) : rng.float(365, 728);
    const open = new Date(base.getTime() - ageDays * DAY_MS);
    const status = ageDays > 450 && rng.chance(0.3) ? '3' : rng.chance(0.04) ? '2' : '1';
    const opening = rng.chance(0.6) ? 0 : rng.float(1_000, 50_000);
    const current = status === '3' ? 0 : round2(Math.max(0, opening + rng.float(-opening, 1_500_000)));
    const remark =
      status === '3'
        ? '项目已完工结算，账户已销户'
        : status === '2'
          ? '因劳务纠纷被冻结'
          : wageAccount && rng.chance(0.3)
            ? '按月代发农民工工资'
            : null;
    rows.push({
      id: newId(),
      account_name: wageAccount ? `${COMPANY}${short}农民工工资专户` : `${COMPANY}${short}部`,
      account_no: uniqueNumber(bank, region),
      bank_code: bank,
      branch_name: BANK_NAMES[bank] + rng.pick(BRANCHES[region]),
      account_type: wageAccount ? '5' : '4',
      currency: 'CNY',
      open_date: formatDate(open),
      project_id: null,
      opening_balance: opening,
      current_balance: current,
      custodian: custodian.username,
      dept_code: dept.orgCode,
      bank_contact: personName(rng),
      bank_phone: mobile(rng),
      online_banking: status === '3' ? 'N' : rng.chance(0.85) ? 'Y' : 'N',
      account_status: status,
      opening_license: null,
      remark,
      ...auditColumns(ctx, custodian, new Date(open.getTime() + rng.float(0, 7) * DAY_MS)),
    });
  }
  return rows;
}
