import { invoiceCodeNo } from './codes.js';
import type { Output } from './stage-output.js';
import type { Contract, ProjectWorld } from './stage-projects.js';
import { APPROVED, DRAFT, PENDING, REJECTED, VOIDED, type World } from './world.js';

type Row = Record<string, unknown>;

/** A collection the finance side paid into a bank account. */
export interface Receipt {
  no: string;
  date: string;
  amount: number;
  accountId: string;
  contract?: Contract;
}

const GOODS: Readonly<Record<string, string>> = {
  '1': '*建筑服务*通信工程施工',
  '2': '*建筑服务*智能化工程施工',
  '3': '*建筑服务*机电设备安装',
  '4': '*建筑服务*市政工程施工',
  '5': '*建筑服务*房屋建筑工程',
  '6': '*建筑服务*电力工程施工',
  '7': '*现代服务*运维服务',
  '8': '*现代服务*设计服务',
};

/**
 * Money from the client (business-screens.md §5.2 "Money flow ratios", §5.4): per contract the
 * invoices requested add up to 70–95 % of what the client confirmed (oa_service_invoice, each
 * approved one registered in pm_invoicing and fin_invoicing, plus 20 invoices outside projects);
 * collections follow 15–180 days after each invoice (a third of the contracts fully collected,
 * one in ten leaving invoices older than 180 days open), each a bank receipt (fin_collection) the
 * project claims (pm_collection); 40 receipts outside projects and 30 still unclaimed; 100
 * performance securities; the prepaid taxes of the collection months (oa_tax_withhold and the
 * four rows per approved one in pm_tax). Returns the receipts.
 */
export function generateRevenue(w: World, pw: ProjectWorld, outputs: Output[], accounts: { id: string; name: string }[]): Receipt[] {
  const { rng } = w;
  const finance = w.staff('finance');
  const receipts: Receipt[] = [];
  const confirmedBy = new Map<Contract, Output[]>();
  for (const o of outputs) if (o.confirmed > 0) confirmedBy.set(o.contract, [...(confirmedBy.get(o.contract) ?? []), o]);
  const projectPaid = new Map<string, { month: string; amount: number }[]>();

  for (const [c, confirmed] of confirmedBy) {
    const p = c.project;
    const mode = rng.weighted([
      ['full', 33],
      ['aging', 10],
      ['partial', 57],
    ] as const);
    const total = confirmed.reduce((a, o) => a + o.confirmed, 0);
    const target = w.m(total * rng.float(0.7, 0.95));
    const n = Math.min(confirmed.length, rng.int(1, 4));
    const parts = w.split(
      target,
      Array.from({ length: n }, () => rng.float(0.5, 1.5)),
    );
    parts.forEach((amount, i) => {
      const after =
        confirmed[Math.min(confirmed.length - 1, Math.floor(((i + 1) * confirmed.length) / n) - 1)].confirmDate ?? w.daysAgo(60);
      const applyDay = w.plus(after, rng.int(0, 12));
      if (applyDay > w.daysAgo(0)) return;
      const by = p.manager;
      const apply = w.add(
        'oa_service_invoice',
        {
          applyNo: w.no('oa_invoice_apply_no', applyDay),
          contractNo: c.no,
          contractId: c.id,
          buyerName: p.customer.name,
          buyerTaxNo: p.customer.taxNo,
          buyerAddressPhone: `${p.customer.name.slice(0, 4)}市${rng.pick(['建设路', '金融街', '科技大道'])}${rng.int(1, 200)}号 010-6${rng.digits(7)}`,
          buyerBankAccount: `中国工商银行${rng.pick(['营业部', '中心支行'])} 0200${rng.digits(15)}`,
          invoiceType: rng.pick(['1', '3']),
          serviceName: GOODS[p.type],
          taxRate: c.taxRate,
          amount,
          invoiceRemark: `项目名称：${p.name}；项目地点：${p.area}`,
          applicant: by.username,
          applyDept: by.orgCode,
          applyDate: applyDay,
          approvalStatus: APPROVED,
          attachment: null,
        },
        by,
        applyDay,
      );
      const invoiceDay = w.plus(applyDay, rng.int(0, 5)) > w.daysAgo(0) ? w.daysAgo(0) : w.plus(applyDay, rng.int(0, 5));
      const { code, no } = invoiceCodeNo(rng, apply.invoiceType === '3' || rng.chance(0.6), Number(invoiceDay.slice(0, 4)));
      const issuer = rng.pick(finance);
      const pmInv = w.add(
        'pm_invoicing',
        {
          contractNo: c.no,
          contractId: c.id,
          applyNo: apply.applyNo,
          invoiceType: apply.invoiceType,
          invoiceNo: no,
          invoiceDate: invoiceDay,
          taxRate: c.taxRate,
          amount,
          invoiceStatus: '1',
          registrar: by.username,
          invoiceFile: null,
        },
        by,
        invoiceDay,
      );
      w.add(
        'fin_invoicing',
        {
          invoiceCode: code,
          invoiceNo: no,
          invoiceDate: invoiceDay,
          invoiceType: apply.invoiceType,
          applyNo: apply.applyNo,
          applyId: apply.id,
          buyerName: p.customer.name,
          buyerTaxNo: p.customer.taxNo,
          goodsName: GOODS[p.type],
          totalAmount: amount,
          taxRate: c.taxRate,
          contractNo: c.no,
          projectId: p.id,
          invoiceStatus: '1',
          issuer: issuer.username,
          invoiceFile: null,
          remark: null,
        },
        issuer,
        invoiceDay,
      );
      // collections of this invoice
      const age = (Date.parse(w.daysAgo(0)) - Date.parse(invoiceDay)) / 86_400_000;
      const share = mode === 'full' ? 1 : mode === 'aging' && age > 180 ? 0 : i < n - 1 ? rng.float(0.75, 1) : rng.float(0.3, 0.9);
      const collect = w.m(amount * share);
      if (collect <= 0 || age < 15) return;
      const pieces = collect > 500_000 && rng.chance(0.4) ? w.split(collect, [0.6, 0.4]) : [collect];
      pieces.forEach((piece, k) => {
        const day = w.plus(invoiceDay, Math.min(Math.floor(age), rng.int(15, 180) + k * 30));
        const collectDay = day > w.daysAgo(1) ? w.daysAgo(rng.int(1, 5)) : day;
        const account = rng.pick(accounts);
        const receipt = bankReceipt(w, {
          payer: p.customer.name,
          amount: piece,
          date: collectDay,
          accountId: account.id,
          contract: c,
          nature: '2',
        });
        receipts.push(receipt);
        const reg = rng.pick(finance);
        w.add(
          'pm_collection',
          {
            collectionNo: w.no('pm_collection_no', collectDay),
            contractNo: c.no,
            contractId: c.id,
            invoiceNo: no,
            receiptNo: receipt.no,
            collectDate: collectDay,
            amount: piece,
            fundsNature: k === 0 && i === 0 ? '1' : i === n - 1 ? '3' : '2',
            payMethod: '1',
            bankAccountId: account.id,
            registrar: reg.username,
            bankSlip: null,
            remark: null,
          },
          reg,
          collectDay,
        );
        const months = projectPaid.get(p.id) ?? [];
        months.push({ month: collectDay.slice(0, 7), amount: piece });
        projectPaid.set(p.id, months);
      });
      void pmInv;
    });
  }
  extraApplications(w, pw.contracts);
  otherInvoices(w, pw);
  otherReceipts(w, accounts);
  securities(w, pw.contracts);
  taxes(w, pw, projectPaid);
  return receipts;
}

/** One bank receipt (fin_collection) of `payer`; claimed by the project when a pm_collection cites it. */
export function bankReceipt(
  w: World,
  r: { payer: string; amount: number; date: string; accountId: string; contract?: Contract; nature: string; unclaimed?: boolean },
): Receipt {
  const by = w.rng.pick(w.staff('finance'));
  const row: Row = w.add(
    'fin_collection',
    {
      receiptNo: w.no('fin_collection_no', r.date),
      receiptDate: r.date,
      payerName: r.payer,
      payerAccount: `0200${w.rng.digits(15)}`,
      payerBank: `中国工商银行${w.rng.pick(['北京分行营业部', '天津分行', '石家庄分行', '济南分行'])}`,
      amount: r.amount,
      currency: 'CNY',
      bankAccountId: r.accountId,
      payMethod: r.amount > 2_000_000 && w.rng.chance(0.2) ? '4' : '1',
      fundsNature: r.nature,
      projectId: r.contract?.project.id ?? null,
      contractNo: r.contract?.no ?? null,
      contractId: r.contract?.id ?? null,
      voucherNo: r.unclaimed ? null : `记-${r.date.slice(0, 7).replace('-', '')}-${w.rng.digits(4)}`,
      registrar: by.username,
      bankSlip: null,
      remark: null,
    },
    by,
    r.date,
  );
  return { no: String(row.receiptNo), date: r.date, amount: r.amount, accountId: r.accountId, contract: r.contract };
}

function extraApplications(w: World, contracts: Contract[]): void {
  const { rng } = w;
  const pool = contracts.filter((c) => c.status === '2');
  for (let i = 0; i < 60 && pool.length; i++) {
    const c = rng.pick(pool);
    const status = rng.weighted([
      [DRAFT, 30],
      [PENDING, 45],
      [REJECTED, 15],
      [VOIDED, 10],
    ] as const);
    const day = status === DRAFT || status === PENDING ? w.daysAgo(rng.int(0, 10)) : w.daysAgo(rng.int(11, 300));
    const by = c.project.manager;
    w.add(
      'oa_service_invoice',
      {
        applyNo: w.no('oa_invoice_apply_no', day),
        contractNo: c.no,
        contractId: c.id,
        buyerName: c.project.customer.name,
        buyerTaxNo: c.project.customer.taxNo,
        buyerAddressPhone: `${c.project.customer.name.slice(0, 4)}市建设路${rng.int(1, 200)}号`,
        buyerBankAccount: `中国建设银行营业部 1105${rng.digits(16)}`,
        invoiceType: '1',
        serviceName: GOODS[c.project.type],
        taxRate: c.taxRate,
        amount: w.m(c.amount * rng.float(0.03, 0.12)),
        invoiceRemark: `项目名称：${c.project.name}；项目地点：${c.project.area}`,
        applicant: by.username,
        applyDept: by.orgCode,
        applyDate: day,
        approvalStatus: status,
        attachment: null,
      },
      by,
      day,
    );
  }
}

function otherInvoices(w: World, pw: ProjectWorld): void {
  const { rng } = w;
  for (let i = 0; i < 20; i++) {
    const customer = rng.pick(pw.customers);
    const day = w.historyDay(3);
    const { code, no } = invoiceCodeNo(rng, true, Number(day.slice(0, 4)));
    const by = rng.pick(w.staff('finance'));
    w.add(
      'fin_invoicing',
      {
        invoiceCode: code,
        invoiceNo: no,
        invoiceDate: day,
        invoiceType: '4',
        applyNo: null,
        applyId: null,
        buyerName: customer.name,
        buyerTaxNo: customer.taxNo,
        goodsName: rng.pick(['*现代服务*技术咨询服务', '*现代服务*培训服务', '*经纪代理服务*代理服务']),
        totalAmount: w.amount(3_000, 180_000),
        taxRate: '6',
        contractNo: null,
        projectId: null,
        invoiceStatus: rng.chance(0.9) ? '1' : '3',
        issuer: by.username,
        invoiceFile: null,
        remark: '零星技术服务',
      },
      by,
      day,
    );
  }
}

function otherReceipts(w: World, accounts: { id: string; name: string }[]): void {
  const { rng } = w;
  const payers = [
    '中国工商银行北京丰台支行',
    '北京市社会保险基金管理中心',
    '国家税务总局北京市丰台区税务局',
    '北京公共资源交易中心',
    '河北省建设投资集团有限公司',
  ];
  for (let i = 0; i < 70; i++) {
    const unclaimed = i >= 40;
    const day = unclaimed ? w.daysAgo(rng.int(0, 25)) : w.historyDay(3);
    bankReceipt(w, {
      payer: unclaimed
        ? rng.pick(['华北通联网络有限公司北京分公司', '京津冀智慧城市投资发展有限公司', '天津滨城水务集团有限公司'])
        : rng.pick(payers),
      amount: unclaimed ? w.amount(20_000, 600_000) : w.amount(500, 90_000),
      date: day,
      accountId: rng.pick(accounts).id,
      nature: unclaimed ? '2' : rng.pick(['5', '9']),
      unclaimed,
    });
  }
}

function securities(w: World, contracts: Contract[]): void {
  const { rng } = w;
  for (const c of rng.sample(contracts, 100)) {
    const form = rng.weighted([
      ['1', 40],
      ['2', 45],
      ['3', 10],
      ['4', 5],
    ] as const);
    const amount = w.m(c.amount * rng.float(0.05, 0.1));
    const settled = c.status === '4';
    const status = settled ? rng.pick(['4', '4', '5']) : c.status === '3' ? rng.pick(['2', '3']) : c.sign > w.daysAgo(10) ? '1' : '2';
    const by = c.project.manager;
    w.add(
      'pm_performance_security',
      {
        securityNo: w.no('pm_security_no', c.sign),
        contractNo: c.no,
        contractId: c.id,
        securityForm: form,
        amount,
        guarantor:
          form === '1'
            ? null
            : rng.pick(['中国工商银行北京丰台支行', '中国建设银行北京丰台科技园支行', '中国人民财产保险股份有限公司北京市分公司']),
        guaranteeNo: form === '1' ? null : `BH${c.sign.slice(0, 4)}${rng.digits(8)}`,
        payDate: c.sign,
        expiryDate: w.plus(c.end, rng.int(30, 365)),
        returnedAmount: status === '4' ? amount : status === '3' ? w.m(amount * 0.5) : 0,
        returnDate: status === '4' || status === '3' ? w.between(c.end < w.daysAgo(1) ? c.end : w.daysAgo(30), w.daysAgo(1)) : null,
        securityStatus: status,
        handler: by.username,
        voucherFile: null,
      },
      by,
      c.sign,
    );
  }
}

function taxes(w: World, pw: ProjectWorld, paid: Map<string, { month: string; amount: number }[]>): void {
  const { rng } = w;
  const byKey = new Map<string, { projectId: string; month: string; amount: number }>();
  for (const [projectId, list] of paid)
    for (const { month, amount } of list) {
      const k = `${projectId}|${month}`;
      const e = byKey.get(k) ?? { projectId, month, amount: 0 };
      e.amount = w.m(e.amount + amount);
      byKey.set(k, e);
    }
  const entries = rng.shuffle([...byKey.values()]).slice(0, 120);
  const handlers = w.staff('finance');
  for (const e of entries) {
    const p = pw.projects.find((x) => x.id === e.projectId)!;
    const method = p.type === '7' || p.type === '8' || rng.chance(0.85) ? '1' : '2';
    const day = `${e.month}-${String(rng.int(3, 12)).padStart(2, '0')}`;
    const applyDay = day > w.daysAgo(0) ? w.daysAgo(0) : day;
    const { status, date } =
      applyDay > w.daysAgo(10)
        ? { status: rng.pick([DRAFT, PENDING]), date: applyDay }
        : {
            status: rng.weighted([
              [APPROVED, 92],
              [REJECTED, 5],
              [VOIDED, 3],
            ] as const),
            date: applyDay,
          };
    const by = rng.pick(handlers);
    const deduct = rng.chance(0.3) ? w.m(e.amount * rng.float(0.1, 0.3)) : 0;
    const rate = method === '1' ? '2' : '3';
    const apply = w.add(
      'oa_tax_withhold',
      {
        applyNo: w.no('oa_tax_apply_no', date),
        projectId: p.id,
        taxArea: p.area,
        taxAuthority: `国家税务总局${p.region === 'TJ' ? '天津市滨海新区' : p.region === 'HB' ? '河北雄安新区' : p.region === 'SD' ? '济南市历下区' : '北京市丰台区'}税务局`,
        taxPeriod: e.month,
        taxMethod: method,
        collectedAmount: e.amount,
        subcontractDeduct: deduct,
        prepayRate: rate,
        payDeadline: w.plus(`${e.month}-01`, 45).slice(0, 8) + '15',
        applicant: by.username,
        applyDept: by.orgCode,
        applyDate: date,
        approvalStatus: status,
        attachment: null,
      },
      by,
      date,
    );
    if (status !== APPROVED) continue;
    const base = w.m((e.amount - deduct) / (method === '2' ? 1.03 : 1.09));
    const vat = w.m((base * Number(rate)) / 100);
    const rows: [string, number, number][] = [
      ['1', base, Number(rate)],
      ['2', vat, 7],
      ['3', vat, 3],
      ['4', vat, 2],
    ];
    const payDay = w.plus(date, rng.int(1, 10)) > w.daysAgo(0) ? w.daysAgo(0) : w.plus(date, rng.int(1, 10));
    for (const [type, taxBase, pct] of rows)
      w.add(
        'pm_tax',
        {
          projectId: p.id,
          taxPeriod: e.month,
          taxType: type,
          taxArea: p.area,
          taxMethod: method,
          taxBase,
          taxRatePct: pct,
          paidAmount: w.m((taxBase * pct) / 100),
          payDate: payDay,
          taxVoucherNo: `${rng.digits(18)}`,
          applyNo: apply.applyNo,
          applyId: apply.id,
          handler: by.username,
          voucherFile: null,
        },
        by,
        payDay,
      );
  }
}
