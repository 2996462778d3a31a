import { bankBranch, invoiceCodeNo } from './codes.js';
import type { ProjectWorld } from './stage-projects.js';
import type { PayContract, Payable } from './stage-spend.js';
import type { Supplier } from './stage-suppliers.js';
import { APPROVED, DRAFT, PENDING, REJECTED, VOIDED, type World } from './world.js';

const SERVICE_NAMES: Readonly<Record<string, readonly string[]>> = {
  '1': ['施工图设计服务', '方案设计咨询'],
  '2': ['工程监理服务'],
  '3': ['结算审核造价咨询', '全过程造价咨询'],
  '4': ['光缆线路第三方检测', '防雷接地检测', '消防设施检测'],
  '5': ['基站代维服务', '机房运维服务'],
  '6': ['软件开发技术服务', '网络安全评估服务'],
  '7': ['工程用车租赁服务', '商务用车租赁服务'],
  '8': ['项目部物业保洁服务'],
  '9': ['安全生产培训服务'],
  '10': ['资料印刷服务'],
};

/** A mostly approved status for the upstream steps of a chain (so each step has enough to pick from). */
function chainStatus(w: World, approved = 88): { status: string; date?: string } {
  const rest = 100 - approved;
  const status = w.rng.weighted([
    [APPROVED, approved],
    [DRAFT, rest * 0.2],
    [PENDING, rest * 0.35],
    [REJECTED, rest * 0.3],
    [VOIDED, rest * 0.15],
  ] as const);
  return status === DRAFT || status === PENDING ? { status, date: w.daysAgo(w.rng.int(0, 10)) } : { status };
}

/**
 * Service procurement, one chain (business-screens.md §3.6): 130 demands → 120 programmes (on
 * approved demands without a live programme; at least three invited service suppliers unless
 * single-source) → 110 contracts with 2–4 payment plan rows → 105 acceptances → 150 payments never
 * above the contract; and 400 received invoices (ticket desk) of suppliers, unique by code and number.
 */
export function generateServiceChain(
  w: World,
  pw: ProjectWorld,
  suppliers: Supplier[],
  payContracts: PayContract[],
  payables: Payable[],
): void {
  const { rng } = w;
  const services = suppliers.filter((s) => s.category === '3' && s.usable);
  const staff = w.staff('supplier_manager', 'project_manager');
  const demands: { id: string; no: string; type: string; projectId: string | null; budget: number; date: string }[] = [];
  for (let i = 0; i < 130; i++) {
    const p = rng.chance(0.8) ? rng.pick(pw.projects.filter((x) => x.status >= '2')) : undefined;
    const type = rng.pick(Object.keys(SERVICE_NAMES));
    const s = chainStatus(w);
    const date = s.date ?? w.daysAgo(rng.int(60, 680));
    const by = p?.manager ?? rng.pick(staff);
    const budget = w.lognormal(150_000, 20_000, 900_000, 1000);
    const row = w.add(
      'sp_demand',
      {
        demandNo: w.no('sp_demand_no', date),
        demandName: `${p ? p.name.slice(0, 14) : '公司本部'}${rng.pick(SERVICE_NAMES[type])}`,
        serviceType: type,
        projectId: p?.id ?? null,
        budgetAmount: budget,
        requiredDate: w.plus(date, rng.int(20, 90)),
        serviceArea: p?.area ?? '110106',
        servicePeriod: rng.int(1, 12),
        demandDesc: '服务范围、技术标准及交付要求详见附件技术规格书。',
        qualificationReq: '具备相应资质，近三年无重大安全质量事故',
        applicant: by.username,
        applyDept: by.orgCode,
        applyDate: date,
        approvalStatus: s.status,
        attachment: null,
      },
      by,
      date,
    );
    if (s.status === APPROVED) demands.push({ id: String(row.id), no: String(row.demandNo), type, projectId: p?.id ?? null, budget, date });
  }
  const programmes: { id: string; supplier: Supplier; price: number; demand: (typeof demands)[number]; date: string }[] = [];
  for (let i = 0; i < 120 && i < demands.length + 20; i++) {
    const d = demands[i % demands.length];
    const s = i < demands.length ? chainStatus(w, 95) : { status: REJECTED };
    const date = s.date ?? w.plus(d.date, rng.int(5, 25));
    const single = rng.chance(0.1);
    const invited = rng.sample(services, single ? 1 : rng.int(3, 5));
    const control = w.m(d.budget * rng.float(0.9, 1));
    const chosen = invited[0];
    const price = w.m(control * rng.float(0.82, 0.98));
    const by = rng.pick(staff);
    const row = w.add(
      'sp_programme',
      {
        programmeNo: w.no('sp_programme_no', date),
        demandNo: d.no,
        demandId: d.id,
        procureMethod: single ? '6' : rng.pick(['3', '4', '5']),
        evaluateMethod: rng.pick(['1', '1', '3']),
        candidateSuppliers: invited.map((x) => x.id).join(','),
        controlPrice: control,
        planAwardDate: w.plus(date, rng.int(5, 20)),
        recommendedSupplier: chosen.id,
        recommendedPrice: price,
        programmeDesc: `## 需求概述\n${d.no} 服务需求\n\n## 供应商范围\n邀请${invited.length}家合格服务供应商\n\n## 评审办法\n综合评分法\n\n## 进度安排\n发布后10日内完成评审定标`,
        applicant: by.username,
        applyDept: by.orgCode,
        applyDate: date,
        approvalStatus: s.status,
        attachment: null,
      },
      by,
      date,
    );
    if (s.status === APPROVED && i < demands.length) programmes.push({ id: String(row.id), supplier: chosen, price, demand: d, date });
  }
  const contracts: { id: string; no: string; supplier: Supplier; amount: number; paid: number; date: string; projectId: string | null }[] =
    [];
  for (let i = 0; i < 110 && i < programmes.length; i++) {
    const pr = programmes[i];
    const s = chainStatus(w);
    const date = s.date ?? w.plus(pr.date, rng.int(3, 20));
    const by = rng.pick(staff);
    const row = w.add(
      'sp_contract',
      {
        contractNo: w.no('sp_contract_no', date),
        contractName: `${pr.demand.no.slice(-6)}${SERVICE_NAMES[pr.demand.type][0]}合同`,
        programmeNo: w.rows('sp_programme').find((r) => r.id === pr.id)?.programmeNo,
        programmeId: pr.id,
        supplierId: pr.supplier.id,
        serviceType: pr.demand.type,
        projectId: pr.demand.projectId,
        contractAmount: pr.price,
        taxRate: '6',
        signDate: date,
        startDate: date,
        endDate: w.plus(date, rng.int(60, 360)),
        contractStatus: date < w.daysAgo(300) ? rng.pick(['3', '4']) : '2',
        handler: by.username,
        approvalStatus: s.status,
        contractFile: null,
      },
      by,
      date,
    );
    const shape = rng.pick([
      [30, 70],
      [30, 60, 10],
      [20, 30, 47, 3],
    ]);
    w.split(pr.price, shape).forEach((a, k) =>
      w.add(
        'sp_contract_plan',
        {
          contractId: row.id,
          periodNo: k + 1,
          fundsNature: k === 0 ? '1' : k === shape.length - 1 && shape.length > 2 ? '4' : '2',
          planDate: w.plus(date, 30 * (k + 1)),
          ratio: shape[k],
          planAmount: a,
          payCondition: k === 0 ? '合同签订后' : '服务验收合格后',
          paidFlag: 'N',
        },
        by,
        date,
      ),
    );
    if (s.status === APPROVED)
      contracts.push({
        id: String(row.id),
        no: String(row.contractNo),
        supplier: pr.supplier,
        amount: pr.price,
        paid: 0,
        date,
        projectId: pr.demand.projectId,
      });
  }
  const completions = new Map<string, { id: string; no: string }>();
  for (let i = 0; i < 105 && contracts.length; i++) {
    const c = contracts[i % contracts.length];
    const { status, date } = w.approval(() => w.between(w.plus(c.date, 30), w.daysAgo(11)));
    const result = rng.weighted([
      ['1', 85],
      ['2', 12],
      ['3', 3],
    ] as const);
    const acceptors = rng.sample(staff, 2);
    const row = w.add(
      'sp_completion',
      {
        completionNo: w.no('sp_completion_no', date),
        contractNo: c.no,
        contractId: c.id,
        completionDate: date,
        acceptResult: result,
        settlementAmount: w.m(c.amount * rng.float(0.95, 1.05)),
        deductAmount: result === '2' ? w.m(c.amount * 0.01) : 0,
        acceptors: acceptors.map((u) => u.username).join(','),
        acceptOpinion: result === '1' ? '服务成果满足合同要求，同意验收' : result === '2' ? '整改后满足要求' : '未达到合同约定标准',
        approvalStatus: status,
        acceptReport: null,
        photos: null,
      },
      acceptors[0],
      date,
    );
    if (status === APPROVED && result !== '3') completions.set(c.id, { id: String(row.id), no: String(row.completionNo) });
  }
  for (let i = 0; i < 150 && contracts.length; i++) {
    const c = contracts[i % contracts.length];
    const left = w.m(c.amount - c.paid);
    if (left < 100) continue;
    const amount = i < contracts.length ? w.m(Math.min(left, c.amount * rng.pick([0.3, 0.4, 0.5]))) : left;
    const { status, date } = w.approval(() => w.between(w.plus(c.date, 5), w.daysAgo(11)));
    const done = completions.get(c.id);
    const by = rng.pick(staff);
    const row = w.add(
      'sp_payment',
      {
        paymentNo: w.no('sp_payment_no', date),
        contractNo: c.no,
        contractId: c.id,
        completionNo: done?.no ?? null,
        completionId: done?.id ?? null,
        fundsNature: i < contracts.length ? '1' : '3',
        amount,
        invoiceNo: null,
        payeeBank: bankBranch(rng, c.supplier.bank),
        payeeAccount: c.supplier.account,
        payMethod: '1',
        planPayDate: w.plus(date, rng.int(3, 15)),
        applicant: by.username,
        applyDate: date,
        approvalStatus: status,
        attachment: null,
      },
      by,
      date,
    );
    if (status === APPROVED) {
      c.paid = w.m(c.paid + amount);
      payables.push({
        sourceType: '6',
        sourceNo: String(row.paymentNo),
        date,
        payee: c.supplier.name,
        account: c.supplier.account,
        bank: c.supplier.bank,
        amount,
        projectId: c.projectId,
        supplierId: c.supplier.id,
        nature: String(row.fundsNature),
      });
    }
  }
  ticketDesk(w, suppliers, payContracts);
}

function ticketDesk(w: World, suppliers: Supplier[], payContracts: PayContract[]): void {
  const { rng } = w;
  const receivers = w.staff('finance');
  for (let i = 0; i < 400; i++) {
    const pc = rng.chance(0.6) && payContracts.length ? rng.pick(payContracts) : undefined;
    const s = pc?.supplier ?? rng.pick(suppliers.filter((x) => x.usable));
    const rate = s.category === '2' ? '13' : s.category === '1' ? '3' : rng.pick(['6', '6', '9']);
    const day = w.historyDay(1);
    const { code, no } = invoiceCodeNo(rng, rng.chance(0.7), Number(day.slice(0, 4)));
    const amount = w.lognormal(30_000, 800, 600_000, 0.01);
    const tax = w.m((amount * Number(rate)) / 100 + rng.float(-0.03, 0.03));
    const by = rng.pick(receivers);
    const received = w.plus(day, rng.int(0, 20)) > w.daysAgo(0) ? w.daysAgo(0) : w.plus(day, rng.int(0, 20));
    const deduct = rate === '3' && s.category === '1' ? '3' : received > w.daysAgo(25) ? '1' : rng.pick(['2', '2', '2', '3']);
    w.add(
      'biz_ticket_desk',
      {
        invoiceCode: code,
        invoiceNo: no,
        invoiceDate: day,
        invoiceType: code ? rng.pick(['1', '2']) : rng.pick(['3', '4']),
        sellerId: s.id,
        sellerTaxNo: s.creditCode,
        goodsName: s.category === '2' ? '*电子元件*通信器材' : s.category === '1' ? '*建筑服务*劳务分包' : '*现代服务*技术服务',
        amountExclTax: w.m(amount),
        taxRate: rate,
        taxAmount: Math.max(0, tax),
        projectId: pc?.project?.id ?? null,
        contractNo: pc?.no ?? null,
        receiveDate: received,
        receiver: by.username,
        deductStatus: deduct,
        deductPeriod: deduct === '2' ? received.slice(0, 7) : null,
        invoiceFile: null,
      },
      by,
      received,
    );
  }
}
