import type { SeededUser } from '../users.js';
import { bankCardNo, idCardNo, landlineNo, mobileNo } from './codes.js';
import { DISTRICTS, LEASE_OBJECTS } from './names.js';
import type { ProjectWorld } from './stage-projects.js';
import type { Payable } from './stage-spend.js';
import type { Supplier } from './stage-suppliers.js';
import { APPROVED, type World } from './world.js';

const EXPENSES: readonly (readonly [type: string, text: string, min: number, max: number])[] = [
  ['1', '北京—石家庄高铁二等座', 120, 260],
  ['1', '出差住宿费（3晚）', 600, 1500],
  ['1', '北京—济南往返高铁', 300, 720],
  ['2', '市内出租车费', 20, 160],
  ['3', '项目协调会工作餐', 300, 2800],
  ['4', '打印耗材', 50, 900],
  ['5', '手机话费补贴', 100, 300],
  ['6', '项目例会会议室租用', 500, 2000],
  ['7', '安全员继续教育培训费', 300, 1500],
  ['8', '项目用车加油费', 200, 1200],
  ['9', '资料快递费', 15, 120],
];

/**
 * The office side (business-screens.md §3.1, §3.2, §3.4, §3.5): staff loans (120, repaid in cash
 * or offset by approved expense claims, never below zero), 300 expense claims with 1–8 lines,
 * project imprests (120), seal applications (200) and seals of purchase contracts (120), car
 * hire (120), leases (100: 8 ending within 30 days, 5 overdue and still running), the
 * qualification bank (120) and 24 months of wage sheets (5 payroll units, a line per employee).
 * Adds what finance pays to `payables`.
 */
export function generateOffice(
  w: World,
  pw: ProjectWorld,
  suppliers: Supplier[],
  payables: Payable[],
  payContracts: { id: string; no: string; type: string }[],
  payrollAccountId: string | null,
): void {
  loansAndExpenses(w, pw, payables);
  projectImprests(w, pw);
  seals(w, payContracts);
  carHire(w, pw, suppliers);
  leases(w, pw);
  qualifications(w);
  wages(w, payables, payrollAccountId);
}

const bankOf = (w: World) => w.rng.pick(['ICBC', 'CCB', 'ABC', 'BOC', 'CMB']);

function loansAndExpenses(w: World, pw: ProjectWorld, payables: Payable[]): void {
  const { rng } = w;
  const staff = w.inDepts('A01');
  const loans: { id: string; no: string; borrower: SeededUser; balance: number }[] = [];
  for (let i = 0; i < 120; i++) {
    const by = rng.pick(staff);
    const { status, date } = w.approval();
    const amount = rng.int(2, 50) * 1000;
    const old = date < w.daysAgo(120);
    const repaid = status === APPROVED && old && rng.chance(0.5) ? amount : 0;
    const bank = bankOf(w);
    const row = w.add(
      'fin_petty_cash',
      {
        loanNo: w.no('fin_petty_cash_no', date),
        borrower: by.username,
        deptCode: by.orgCode,
        loanDate: date,
        useType: rng.pick(['1', '1', '2', '3', '4']),
        projectId: rng.chance(0.4) ? rng.pick(pw.projects).id : null,
        amount,
        payMethod: '1',
        payeeAccount: bankCardNo(rng, bank),
        payeeBank: bank,
        expectedRepayDate: w.plus(date, rng.int(15, 90)),
        repaidAmount: repaid,
        reason: rng.pick(['出差借款', '项目现场零星采购备用金', '业务招待借款']),
        approvalStatus: status,
        attachment: null,
      },
      by,
      date,
    );
    if (status === APPROVED) {
      loans.push({ id: String(row.id), no: String(row.loanNo), borrower: by, balance: amount - repaid });
      payables.push({
        sourceType: '5',
        sourceNo: String(row.loanNo),
        date,
        payee: by.realname,
        account: String(row.payeeAccount),
        bank,
        amount,
        nature: '9',
      });
    }
  }
  for (let i = 0; i < 300; i++) {
    const by = rng.pick(staff);
    const { status, date } = w.approval();
    const lines = rng.sample(EXPENSES, rng.int(1, 6));
    const amounts = lines.map(([, , min, max]) => w.amount(min, max));
    const total = w.m(amounts.reduce((a, b) => a + b, 0));
    const loan = status === APPROVED ? loans.find((l) => l.borrower === by && l.balance > 0) : undefined;
    const offset = loan ? w.m(Math.min(loan.balance, total)) : null;
    if (loan && offset) loan.balance = w.m(loan.balance - offset);
    const bank = bankOf(w);
    const row = w.add(
      'oa_expense',
      {
        applyNo: w.no('oa_expense_no', date),
        title: lines[0][1].includes('高铁') || lines[0][1].includes('住宿') ? '出差费用报销' : `${lines[0][1]}报销`,
        expenseDept: by.orgCode,
        projectId: rng.chance(0.5) ? rng.pick(pw.projects).id : null,
        pettyCashNo: loan?.no ?? null,
        pettyCashId: loan?.id ?? null,
        loanOffset: offset,
        payeeBank: bank,
        payeeAccount: bankCardNo(rng, bank),
        invoiceCount: lines.length + rng.int(0, 3),
        applicant: by.username,
        applyDept: by.orgCode,
        applyDate: date,
        approvalStatus: status,
        attachment: null,
      },
      by,
      date,
    );
    lines.forEach(([type, text], k) =>
      w.add(
        'oa_expense_line',
        {
          expenseId: row.id,
          expenseDate: w.plus(date, -rng.int(1, 20)),
          expenseType: type,
          description: text,
          invoiceType: type === '1' ? '2' : rng.pick(['2', '4', '9']),
          amount: amounts[k],
          taxRate: type === '1' ? '9' : null,
          taxAmount: type === '1' ? w.m(amounts[k] - amounts[k] / 1.09) : null,
          invoiceImage: null,
        },
        by,
        date,
      ),
    );
    const payable = w.m(total - (offset ?? 0));
    if (status === APPROVED && payable > 0)
      payables.push({
        sourceType: '2',
        sourceNo: String(row.applyNo),
        date,
        payee: by.realname,
        account: String(row.payeeAccount),
        bank,
        amount: payable,
        nature: '9',
      });
  }
}

function projectImprests(w: World, pw: ProjectWorld): void {
  const { rng } = w;
  for (let i = 0; i < 120; i++) {
    const p = rng.pick(pw.projects.filter((x) => x.status >= '3'));
    const by = p.manager;
    const { status, date } = w.approval(() => w.between(p.start, w.daysAgo(11)));
    const amount = rng.int(5, 60) * 1000;
    const writtenOff = status === APPROVED ? w.m(amount * rng.float(0, 0.9)) : 0;
    const repaid = status === APPROVED && rng.chance(0.3) ? w.m(amount - writtenOff) : 0;
    w.add(
      'pm_petty_cash',
      {
        loanNo: w.no('pm_petty_no', date),
        projectId: p.id,
        borrower: by.username,
        useType: '2',
        amount,
        loanDate: date,
        expectedRepayDate: w.plus(date, rng.int(60, 180)),
        writtenOffAmount: writtenOff,
        repaidAmount: repaid,
        repayStatus: repaid + writtenOff >= amount ? '3' : writtenOff > 0 ? '2' : '1',
        reason: '项目现场零星支出备用金',
        approvalStatus: status,
        attachment: null,
      },
      by,
      date,
    );
  }
}

function seals(w: World, payContracts: { id: string; no: string; type: string }[]): void {
  const { rng } = w;
  const staff = w.inDepts('A01');
  const keepers = w.inDepts('A01A01');
  for (let i = 0; i < 200; i++) {
    const by = rng.pick(staff);
    const { status, date } = w.approval();
    const mode = rng.weighted([
      ['1', 70],
      ['2', 20],
      ['3', 10],
    ] as const);
    w.add(
      'oa_seal',
      {
        applyNo: w.no('oa_seal_no', date),
        fileName: rng.pick(['投标文件', '合同协议书', '资质证明函', '工程结算报告', '劳动合同', '付款确认函']),
        fileCategory: rng.pick(['1', '2', '3', '4', '5']),
        sealType: rng.sample(['1', '2', '3', '4'], rng.int(1, 2)).sort().join(','),
        sealUseMode: mode,
        copies: rng.int(1, 6),
        recipient: rng.chance(0.6) ? rng.pick(['北京公共资源交易中心', '雄安新区管委会', '华北通联网络有限公司']) : null,
        useDate: w.plus(date, rng.int(0, 3)),
        returnDate: mode === '2' ? w.plus(date, rng.int(1, 7)) : null,
        sealKeeper: rng.pick(keepers).username,
        reason: '业务需要加盖公司印章',
        applicant: by.username,
        applyDept: by.orgCode,
        applyDate: date,
        approvalStatus: status,
        sealFile: null,
      },
      by,
      date,
    );
  }
  const purchase = payContracts.filter((c) => ['2', '3', '7', '8'].includes(c.type));
  for (let i = 0; i < 120 && purchase.length; i++) {
    const c = purchase[i % purchase.length];
    const by = rng.pick(staff);
    const { status, date } = w.approval();
    w.add(
      'oa_seal_purchase',
      {
        applyNo: w.no('oa_seal_po_no', date),
        contractNo: c.no,
        contractId: c.id,
        sealType: '2',
        copies: 4,
        useDate: w.plus(date, rng.int(0, 3)),
        bidResultFile: null,
        applicant: by.username,
        applyDept: by.orgCode,
        applyDate: date,
        approvalStatus: status,
        sealFile: null,
        remark: null,
      },
      by,
      date,
    );
  }
}

function carHire(w: World, pw: ProjectWorld, suppliers: Supplier[]): void {
  const { rng } = w;
  const companies = suppliers.filter((s) => s.serviceType === '7');
  const staff = w.inDepts('A01');
  for (let i = 0; i < 120; i++) {
    const by = rng.pick(staff);
    const { status, date } = w.approval();
    const start = `${w.plus(date, rng.int(1, 5))} ${String(rng.int(7, 10)).padStart(2, '0')}:00:00`;
    const days = rng.int(0, 3);
    w.add(
      'oa_vehicle_rent',
      {
        applyNo: w.no('oa_car_rent_no', date),
        useStart: start,
        useEnd: `${w.plus(start.slice(0, 10), days)} ${String(rng.int(15, 19)).padStart(2, '0')}:00:00`,
        origin: '北京市丰台区总部基地',
        destination: rng.pick([
          '雄安新区容东片区项目部',
          '天津滨海新区项目部',
          '石家庄地铁3号线项目部',
          '保定云谷数据中心',
          '廊坊临空经济区',
        ]),
        passengers: rng.int(1, 6),
        vehicleType: rng.pick(['1', '2', '3', '4']),
        rentMode: rng.pick(['1', '1', '2']),
        rentalCompany: companies.length ? rng.pick(companies).id : null,
        estimatedCost: w.m((days + 1) * rng.int(400, 1200)),
        projectId: rng.chance(0.6) ? rng.pick(pw.projects).id : null,
        contactPhone: mobileNo(rng),
        reason: '项目现场检查及协调会',
        applicant: by.username,
        applyDept: by.orgCode,
        applyDate: date,
        approvalStatus: status,
      },
      by,
      date,
    );
  }
}

function leases(w: World, pw: ProjectWorld): void {
  const { rng } = w;
  const managers = w.staff('warehouse', 'dept_manager');
  for (let i = 0; i < 100; i++) {
    const [object, names] = rng.pick(LEASE_OBJECTS);
    // 8 end within 30 days, 5 have ended but still run (overdue), the rest spread
    const soon = i < 8;
    const overdue = i >= 8 && i < 13;
    const end = soon
      ? w.plus(w.daysAgo(0), rng.int(1, 29))
      : overdue
        ? w.daysAgo(rng.int(3, 40))
        : rng.chance(0.6)
          ? w.plus(w.daysAgo(0), rng.int(45, 500))
          : w.daysAgo(rng.int(45, 400));
    const months = rng.int(6, 36);
    const start = w.plus(end, -months * 30);
    const running = soon || overdue || end > w.daysAgo(0);
    const status = running ? '1' : rng.pick(['2', '3', '4']);
    const rent = object === '4' ? rng.int(8, 40) * 1000 : object === '1' ? rng.int(5, 30) * 1000 : rng.int(2, 12) * 1000;
    const cycle = rng.pick(['1', '2', '4']);
    const perYear = cycle === '1' ? 12 : cycle === '2' ? 4 : 1;
    const region = rng.pick(['BJ', 'TJ', 'HB', 'SD'] as const);
    const by = rng.pick(managers);
    w.add(
      'wms_lease',
      {
        leaseNo: w.no('wms_lease_no', start > w.daysAgo(720) ? start : w.daysAgo(720)),
        leaseDirection: rng.chance(0.9) ? '1' : '2',
        leaseObject: object,
        objectName: rng.pick(names),
        area: rng.pick(DISTRICTS[region])[0],
        address: `${rng.pick(DISTRICTS[region])[1]}${rng.int(1, 99)}号`,
        counterparty: rng.pick([
          '北京京鼎物业管理有限公司',
          '天津宏达设备租赁有限公司',
          '河北安途汽车租赁有限公司',
          '济南泰和房产经纪有限公司',
          '廊坊瑞丰机械租赁有限公司',
        ]),
        counterpartyPhone: rng.chance(0.5) ? mobileNo(rng) : landlineNo(rng, region),
        startDate: start,
        endDate: end,
        rentAmount: rent,
        payCycle: cycle,
        totalRent: w.m((rent * perYear * months) / 12),
        deposit: rent,
        projectId: rng.chance(0.6) ? rng.pick(pw.projects.filter((p) => p.status >= '3')).id : null,
        manager: by.username,
        leaseStatus: status,
        contractFile: null,
        remark: null,
      },
      by,
      start > w.daysAgo(720) ? start : w.daysAgo(720),
    );
  }
}

const QUALIFICATIONS: readonly (readonly [cat: string, name: string, level: string | null, issuer: string, holder: '1' | '2'])[] = [
  ['C02A01A01', '建筑业企业资质证书（通信工程施工总承包）', '2', '住房和城乡建设部', '1'],
  ['C02A01A02', '建筑业企业资质证书（电子与智能化工程专业承包）', '2', '住房和城乡建设部', '1'],
  ['C02A01A01', '建筑业企业资质证书（机电工程施工总承包）', '3', '北京市住房和城乡建设委员会', '1'],
  ['C02A01A04', '安全生产许可证', null, '北京市住房和城乡建设委员会', '1'],
  ['C02A01A03', '工程设计资质证书（电子通信广电行业）', '6', '住房和城乡建设部', '1'],
  ['C02A01A05', '通信网络代维资质证书', '2', '中国通信企业协会', '1'],
  ['C02A02A01', 'ISO9001质量管理体系认证证书', null, '中国质量认证中心', '1'],
  ['C02A02A02', 'ISO14001环境管理体系认证证书', null, '中国质量认证中心', '1'],
  ['C02A02A03', 'ISO45001职业健康安全管理体系认证证书', null, '中国质量认证中心', '1'],
  ['C02A03A01', '一级建造师注册证书（通信与广电）', null, '住房和城乡建设部', '2'],
  ['C02A03A02', '二级建造师注册证书（机电）', null, '北京市住房和城乡建设委员会', '2'],
  ['C02A03A03', '安全生产考核合格证书（C证）', null, '北京市住房和城乡建设委员会', '2'],
  ['C02A03A04', '特种作业操作证（电工）', null, '北京市应急管理局', '2'],
  ['C02A03A05', '一级造价工程师注册证书', null, '住房和城乡建设部', '2'],
  ['C02A04', '北京市守合同重信用企业', null, '北京市市场监督管理局', '1'],
];

function qualifications(w: World): void {
  const { rng } = w;
  const keepers = w.inDepts('A01A03', 'A01A01');
  const staff = w.inDepts('A01');
  for (let i = 0; i < 120; i++) {
    const [cat, name, level, issuer, holder] = QUALIFICATIONS[i % QUALIFICATIONS.length];
    const who = holder === '2' ? rng.pick(staff) : undefined;
    const issue = w.daysAgo(rng.int(100, 1700));
    const expiry = w.plus(issue, 365 * rng.int(3, 5));
    const by = rng.pick(keepers);
    w.add(
      'biz_qualification',
      {
        certName: name,
        categoryCode: w.ctx.categories?.get(cat) ?? null,
        holderType: holder,
        holderName: who ? who.realname : '中冀智联工程技术有限公司',
        holderUser: who?.username ?? null,
        certNo: `${holder === '1' ? 'D' : '京'}${rng.digits(9)}-${i + 1}`,
        qualLevel: level,
        majorScope: holder === '1' ? '可承担相应等级范围内的工程施工' : null,
        issuer,
        issueDate: issue,
        expiryDate: expiry,
        reviewDate: w.plus(expiry, -60),
        certStatus: expiry < w.daysAgo(0) ? '3' : expiry < w.plus(w.daysAgo(0), 60) && rng.chance(0.5) ? '2' : '1',
        originalLocation: '综合办公室档案柜A-03',
        keeper: by.username,
        scanCopy: null,
        remark: null,
      },
      by,
      issue < w.daysAgo(700) ? w.daysAgo(700) : issue,
    );
  }
}

/** Payroll units: [name, orgCode prefixes]. */
const UNITS: readonly (readonly [string, readonly string[]])[] = [
  ['总部职能部门', ['A01A01', 'A01A02', 'A01A03', 'A01A08']],
  ['总部工程技术部门', ['A01A04', 'A01A05', 'A01A06', 'A01A07']],
  ['通信与智能化事业部', ['A01A09', 'A01A10']],
  ['运维事业部', ['A01A11']],
  ['分公司', ['A01A12', 'A01A13', 'A01A14']],
];

function wages(w: World, payables: Payable[], payrollAccountId: string | null): void {
  const { rng } = w;
  const makers = w.staff('finance');
  const people = w.ctx.users.filter((u) => u.username !== 'admin');
  const salary = new Map(
    people.map((u) => [
      u.username,
      rng.int(
        u.roleCodes.includes('dept_manager') || u.roleCodes.includes('general_manager') ? 150 : 80,
        u.roleCodes.includes('general_manager') ? 300 : 180,
      ) * 100,
    ]),
  );
  const cards = new Map(people.map((u) => [u.username, bankCardNo(rng, 'CMB')]));
  const ids = new Map(
    people.map((u) => [
      u.username,
      idCardNo(
        rng,
        rng.pick(['110106', '110108', '130102', '120103', '370102']),
        new Date(w.base.getFullYear() - rng.int(24, 55), rng.int(0, 11), rng.int(1, 28)),
        rng.chance(0.6),
      ),
    ]),
  );
  for (let m = 23; m >= 0; m--) {
    const month = w.daysAgo(m * 30 + 15).slice(0, 7);
    for (const [unit, prefixes] of UNITS) {
      const staff = people.filter((u) => prefixes.some((p) => u.orgCode.startsWith(p)));
      if (!staff.length) continue;
      const day = `${month}-${String(rng.int(3, 8)).padStart(2, '0')}`;
      const current = m === 0;
      const status = current
        ? rng.pick(['0', '1'])
        : rng.weighted([
            [APPROVED, 96],
            ['3', 4],
          ] as const);
      const date = day > w.daysAgo(0) ? w.daysAgo(0) : day;
      const by = rng.pick(makers);
      const dept = staff[0].orgCode.slice(0, 6);
      const row = w.add(
        'fin_wages',
        {
          wageNo: w.no('fin_wages_no', date),
          wageMonth: month,
          wageType: month.endsWith('-12') && unit === '总部职能部门' ? '3' : '1',
          deptCode: dept,
          projectId: null,
          payDate: w.plus(`${month}-01`, 40).slice(0, 8) + '10',
          bankAccountId: payrollAccountId,
          applicant: by.username,
          applyDate: date,
          approvalStatus: status,
          attachment: null,
          remark: `${unit}${month}工资`,
        },
        by,
        date,
      );
      let net = 0;
      for (const u of staff) {
        const base = salary.get(u.username) ?? 8000;
        const allowance = rng.int(5, 20) * 100;
        const perf = rng.int(0, 40) * 100;
        const overtime = rng.chance(0.3) ? rng.int(2, 15) * 100 : 0;
        const social = w.m(base * 0.105);
        const fund = w.m(base * rng.pick([0.05, 0.08, 0.12]));
        const gross = base + allowance + perf + overtime;
        const taxable = gross - social - fund - 5000;
        const tax = taxable > 0 ? w.m(taxable <= 3000 ? taxable * 0.03 : taxable * 0.1 - 210) : 0;
        net += gross - social - fund - tax;
        w.add(
          'fin_wages_line',
          {
            wagesId: row.id,
            employee: u.username,
            idCardNo: ids.get(u.username),
            post: null,
            baseSalary: base,
            postAllowance: allowance,
            performancePay: perf,
            overtimePay: overtime,
            socialInsurance: social,
            housingFund: fund,
            incomeTax: tax,
            otherDeduct: 0,
            bankCode: 'CMB',
            bankCardNo: cards.get(u.username),
          },
          by,
          date,
        );
      }
      if (status === APPROVED)
        payables.push({
          sourceType: '3',
          sourceNo: String(row.wageNo),
          date: String(row.payDate) > w.daysAgo(0) ? w.daysAgo(0) : String(row.payDate),
          payee: `${unit}员工（代发工资）`,
          account: '',
          bank: 'CMB',
          amount: w.m(net),
          nature: '9',
        });
    }
  }
}
