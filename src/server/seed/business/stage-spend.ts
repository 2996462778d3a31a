import type { SeededUser } from '../users.js';
import { bankBranch, bankCardNo, idCardNo, mobileNo } from './codes.js';
import { MATERIALS, WORKER_AREAS } from './names.js';
import type { ProjectWorld, Project } from './stage-projects.js';
import { person, type Supplier } from './stage-suppliers.js';
import { APPROVED, DRAFT, PENDING, type World } from './world.js';

type Row = Record<string, unknown>;

/** An approved expenditure contract (oa_contract direction 2) and what was paid on it so far. */
export interface PayContract {
  id: string;
  no: string;
  name: string;
  type: string;
  supplier: Supplier;
  project?: Project;
  amount: number;
  paid: number;
}

/** A payable document that finance pays out (fin_payment_detail is written for each). */
export interface Payable {
  sourceType: string;
  sourceNo: string;
  date: string;
  payee: string;
  account: string;
  bank: string;
  amount: number;
  projectId?: string | null;
  supplierId?: string | null;
  nature?: string;
}

const TYPE_BY_CATEGORY: Readonly<Record<string, readonly string[]>> = { '1': ['3'], '2': ['7'], '3': ['4', '5', '6', '8'] };
const NAMES: Readonly<Record<string, string>> = {
  '2': '专业分包合同',
  '3': '劳务分包合同',
  '4': '设计服务合同',
  '5': '技术服务合同',
  '6': '运维服务合同',
  '7': '物资采购合同',
  '8': '租赁合同',
};

/**
 * The spend side (business-screens.md §1.2 "Spend chain", §5.3): 150 expenditure approvals
 * (130 支出 with payment plans, 20 without amount), 250 payment applications on approved contracts
 * (never more than their amount), 120 labour subcontracts with their worker rosters (10–40
 * workers, real-looking ID and bank card numbers), 400 project payments (labour payments match a
 * subcontract's supplier and project), 300 stock items (15 % below their minimum, some at zero,
 * 5 % above the maximum), 150 purchase applications and 150 purchase orders. Returns what later
 * stages need and the documents finance pays.
 */
export function generateSpend(w: World, pw: ProjectWorld, suppliers: Supplier[]) {
  const payables: Payable[] = [];
  const contracts = payContracts(w, pw, suppliers);
  paymentApplications(w, contracts, payables);
  const labour = labourSubcontracts(w, pw, suppliers);
  projectPayments(w, pw, contracts, labour, suppliers, payables);
  const stock = stockItems(w, suppliers);
  procurement(w, pw, suppliers, stock);
  return { contracts, payables, stock };
}

function payContracts(w: World, pw: ProjectWorld, suppliers: Supplier[]): PayContract[] {
  const { rng } = w;
  const out: PayContract[] = [];
  const active = pw.projects.filter((p) => p.status >= '3');
  const usable = suppliers.filter((s) => s.usable);
  for (let i = 0; i < 150; i++) {
    const noAmount = i >= 130;
    const s = rng.pick(usable);
    const type = noAmount ? '10' : rng.pick(TYPE_BY_CATEGORY[s.category]);
    const p = type === '8' && rng.chance(0.5) ? undefined : rng.pick(active);
    const contractOfProject = p ? pw.contracts.find((c) => c.project === p) : undefined;
    const amount = noAmount
      ? 0
      : type === '3' && contractOfProject
        ? w.m(contractOfProject.amount * rng.float(0.15, 0.35))
        : type === '7'
          ? w.lognormal(300_000, 50_000, 2_000_000, 100)
          : w.lognormal(120_000, 20_000, 800_000, 100);
    const base = p ? (p.start < w.daysAgo(700) ? w.daysAgo(700) : p.start) : w.daysAgo(700);
    const { status, date } = w.approval(() => w.between(base, w.daysAgo(11)));
    const by = p?.manager ?? rng.pick(w.staff('supplier_manager', 'warehouse'));
    const name = noAmount ? `${s.name.slice(0, 8)}战略合作协议` : `${p ? p.name.slice(0, 16) : '公司本部'}${NAMES[type]}`;
    const no = `ZJZC-${date.slice(0, 4)}-${String(i + 1).padStart(4, '0')}`;
    const row = w.add(
      'oa_contract',
      {
        applyNo: w.no('oa_contract_no', date),
        contractName: name,
        contractNo: no,
        contractType: type,
        direction: noAmount ? '3' : '2',
        projectId: p?.id ?? null,
        counterparty: s.name,
        counterpartyCreditCode: s.creditCode,
        contractAmount: amount,
        taxRate: type === '7' ? '13' : type === '3' ? '3' : type === '2' ? '9' : '6',
        signDate: status === APPROVED ? w.plus(date, rng.int(1, 10)) : null,
        startDate: date,
        endDate: w.plus(date, rng.int(90, 540)),
        paymentTerms: noAmount ? '本协议不涉及金额' : '按进度支付，结算后支付至97%，余款为质保金',
        applicant: by.username,
        applyDept: by.orgCode,
        applyDate: date,
        approvalStatus: status,
        contractFile: null,
      },
      by,
      date,
    );
    if (!noAmount) {
      const shape = rng.pick([[30, 60, 10], [50, 47, 3], [100], [20, 40, 37, 3]]);
      w.split(amount, shape).forEach((a, k) =>
        w.add(
          'oa_contract_plan',
          {
            contractId: row.id,
            periodNo: k + 1,
            fundsNature: k === 0 && shape.length > 1 ? '1' : k === shape.length - 1 && shape.length > 2 ? '4' : '2',
            planDate: w.plus(date, 30 * (k + 1)),
            ratio: shape[k],
            planAmount: a,
            payCondition: k === 0 ? '合同签订后' : '到货（完工）验收合格后',
            remark: null,
          },
          by,
          date,
        ),
      );
    }
    if (status === APPROVED && !noAmount) out.push({ id: String(row.id), no, name, type, supplier: s, project: p, amount, paid: 0 });
  }
  return out;
}

function paymentApplications(w: World, contracts: PayContract[], payables: Payable[]): void {
  const { rng } = w;
  for (let i = 0; i < 250; i++) {
    const c = rng.pick(contracts);
    const left = w.m(c.amount - c.paid);
    if (left < 1000) continue;
    const amount = w.m(Math.min(left, c.amount * rng.float(0.15, 0.5)));
    const { status, date } = w.approval(() => w.daysAgo(rng.int(11, 600)));
    const by = c.project?.manager ?? rng.pick(w.staff('supplier_manager', 'warehouse'));
    const row = w.add(
      'oa_payment_apply',
      {
        applyNo: w.no('oa_payment_no', date),
        title: `支付${c.supplier.name.slice(0, 10)}${c.type === '7' ? '材料款' : c.type === '3' ? '劳务费' : '服务费'}`,
        contractNo: c.no,
        contractId: c.id,
        projectId: c.project?.id ?? null,
        payeeName: c.supplier.name,
        payeeBank: bankBranch(rng, c.supplier.bank),
        payeeAccount: c.supplier.account,
        fundsNature: c.paid === 0 ? '1' : '2',
        amount,
        payMethod: '1',
        invoiceReceived: rng.chance(0.8) ? '1' : '0',
        applicant: by.username,
        applyDept: by.orgCode,
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
        sourceType: '1',
        sourceNo: String(row.applyNo),
        date,
        payee: c.supplier.name,
        account: c.supplier.account,
        bank: c.supplier.bank,
        amount,
        projectId: c.project?.id,
        supplierId: c.supplier.id,
        nature: String(row.fundsNature),
      });
    }
  }
}

/** A labour subcontract of a project and its supplier. */
export interface Labour {
  projectId: string;
  supplier: Supplier;
  amount: number;
  paid: number;
  approved: boolean;
}

function labourSubcontracts(w: World, pw: ProjectWorld, suppliers: Supplier[]): Labour[] {
  const { rng } = w;
  const out: Labour[] = [];
  const labourers = suppliers.filter((s) => s.category === '1' && s.usable);
  const active = pw.contracts.filter((c) => c.project.status >= '3');
  const wageAccounts = w.rows('fin_bank_account');
  for (let i = 0; i < 120; i++) {
    const c = rng.pick(active);
    const s = rng.pick(labourers);
    const { status, date } = w.approval(() => w.between(c.start, w.daysAgo(11)));
    const amount = w.m(c.amount * rng.float(0.15, 0.35));
    const by = c.project.manager;
    const account = wageAccounts.find((a) => a.project_id === c.project.id);
    const row = w.add(
      'pm_labor_outsource',
      {
        laborNo: w.no('pm_labor_no', date),
        projectId: c.project.id,
        supplierId: s.id,
        workScope: rng.pick(['管道开挖及光缆敷设劳务', '设备安装调试劳务', '弱电布线劳务', '土建配套劳务', '线路维护劳务']),
        pricingMode: rng.pick(['1', '2', '3']),
        contractAmount: amount,
        taxRate: '3',
        startDate: date,
        endDate: w.plus(date, rng.int(60, 300)),
        plannedWorkers: rng.int(10, 60),
        settledAmount: c.status >= '3' ? w.m(amount * rng.float(0.9, 1.02)) : null,
        wageAccountId: account?.id ?? null,
        teamLeader: person(w),
        teamLeaderPhone: mobileNo(rng),
        approvalStatus: status,
        contractFile: null,
      },
      by,
      date,
    );
    const workers = rng.int(10, 40);
    for (let k = 0; k < workers; k++) {
      const male = rng.chance(0.9);
      const birth = new Date(w.base.getFullYear() - rng.int(22, 58), rng.int(0, 11), rng.int(1, 28));
      const bank = rng.pick(['ICBC', 'CCB', 'ABC', 'BOC', 'PSBC']);
      const workType = rng.pick(['1', '1', '1', '2', '3', '4', '5', '6', '7', '9']);
      w.add(
        'pm_labor_worker',
        {
          laborId: row.id,
          workerName: person(w),
          idCardNo: idCardNo(rng, rng.pick(WORKER_AREAS), birth, male),
          sex: male ? '1' : '2',
          phone: mobileNo(rng),
          workType,
          entryDate: date,
          exitDate: rng.chance(0.3) ? w.plus(date, rng.int(20, 200)) : null,
          dailyWage: rng.int(26, 48) * 10,
          bankCardNo: bankCardNo(rng, bank),
          certificate: null,
        },
        by,
        date,
      );
    }
    out.push({ projectId: c.project.id, supplier: s, amount, paid: 0, approved: status === APPROVED });
  }
  return out;
}

function projectPayments(
  w: World,
  pw: ProjectWorld,
  contracts: PayContract[],
  labour: Labour[],
  suppliers: Supplier[],
  payables: Payable[],
): void {
  const { rng } = w;
  const approvedLabour = labour.filter((l) => l.approved);
  const others = suppliers.filter((s) => s.usable && s.category !== '1');
  for (let i = 0; i < 400; i++) {
    const useLabour = i % 2 === 0 && approvedLabour.length > 0;
    const l = useLabour ? rng.pick(approvedLabour) : undefined;
    const pc = !useLabour && rng.chance(0.5) ? rng.pick(contracts.filter((c) => c.project)) : undefined;
    const s = l?.supplier ?? pc?.supplier ?? rng.pick(others);
    const project = l
      ? pw.projects.find((p) => p.id === l.projectId)!
      : (pc?.project ?? rng.pick(pw.projects.filter((p) => p.status >= '3')));
    const subject = l ? '5' : s.category === '2' ? '2' : rng.pick(['4', '6', '10']);
    const left = l ? w.m(l.amount - l.paid) : pc ? w.m(pc.amount - pc.paid) : 200_000;
    if (left < 1000) continue;
    const amount = w.m(Math.min(left, (l?.amount ?? pc?.amount ?? 200_000) * rng.float(0.05, 0.25)));
    const { status, date } = w.approval(() => w.between(project.start, w.daysAgo(11)));
    const by = project.manager;
    const row = w.add(
      'pm_payment',
      {
        paymentNo: w.no('pm_payment_no', date),
        projectId: project.id,
        payContractNo: pc?.no ?? null,
        payContractId: pc?.id ?? null,
        supplierId: s.id,
        costSubject: subject,
        fundsNature: '2',
        amount,
        payMethod: '1',
        payeeBank: bankBranch(rng, s.bank),
        payeeAccount: s.account,
        invoiceReceived: rng.chance(0.85) ? '1' : '0',
        applicant: by.username,
        applyDate: date,
        approvalStatus: status,
        attachment: null,
      },
      by,
      date,
    );
    if (status !== APPROVED) continue;
    if (l) l.paid = w.m(l.paid + amount);
    if (pc) pc.paid = w.m(pc.paid + amount);
    payables.push({
      sourceType: '7',
      sourceNo: String(row.paymentNo),
      date,
      payee: s.name,
      account: s.account,
      bank: s.bank,
      amount,
      projectId: project.id,
      supplierId: s.id,
      nature: '2',
    });
  }
}

/** A stock item (wms_stock) purchase lines refer to. */
export interface StockItem {
  code: string;
  name: string;
  spec: string;
  unit: string;
  price: number;
  warehouse: string;
}

function stockItems(w: World, suppliers: Supplier[]): StockItem[] {
  const { rng } = w;
  const keepers = w.staff('warehouse');
  const material = suppliers.filter((s) => s.category === '2');
  const out: StockItem[] = [];
  const brands = ['长飞', '亨通', '烽火', '华为', '海康威视', '大华', '正泰', '德力西', '联塑', '中天'];
  const warehouses = ['WH01', 'WH02', 'WH03', 'WH04', 'WH05'];
  for (let i = 0; i < 300; i++) {
    const [name, spec, unit, min, max, cat] = MATERIALS[i % MATERIALS.length];
    const wh = warehouses[i % warehouses.length];
    const minQty = unit === '米' ? rng.int(5, 50) * 100 : rng.int(5, 60);
    const maxQty = minQty * rng.int(4, 10);
    const r = rng.next();
    // 15 % below the minimum (a third of them empty), 5 % above the maximum
    const quantity = r < 0.05 ? 0 : r < 0.15 ? rng.int(1, minQty - 1) : r < 0.2 ? maxQty + rng.int(1, minQty) : rng.int(minQty, maxQty);
    const price = w.m(rng.float(min, max));
    const created = w.daysAgo(rng.int(300, 720));
    const by = rng.pick(keepers);
    const row = w.add(
      'wms_stock',
      {
        materialCode: w.no('wms_material_no', created),
        materialName: name,
        specModel: spec,
        categoryCode: w.ctx.categories?.get(cat) ?? null,
        unit,
        warehouseCode: wh,
        location: `${String.fromCharCode(65 + (i % 6))}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 6)).padStart(2, '0')}`,
        quantity,
        unitPrice: price,
        minQty,
        maxQty,
        brand: rng.pick(brands),
        supplierId: rng.pick(material).id,
        lastInDate: w.daysAgo(rng.int(3, 200)),
        lastOutDate: w.daysAgo(rng.int(1, 120)),
        keeper: by.username,
        photo: null,
        remark: null,
      },
      by,
      created,
    );
    out.push({ code: String(row.materialCode), name, spec, unit, price, warehouse: wh });
  }
  return out;
}

function procurement(w: World, pw: ProjectWorld, suppliers: Supplier[], stock: StockItem[]): void {
  const { rng } = w;
  const material = suppliers.filter((s) => s.category === '2' && s.usable);
  const buyers = w.staff('warehouse', 'supplier_manager');
  const approvedApplies: {
    id: string;
    no: string;
    projectId: string | null;
    lines: [StockItem, number][];
    date: string;
    by: SeededUser;
  }[] = [];
  for (let i = 0; i < 150; i++) {
    const p = rng.chance(0.8) ? rng.pick(pw.projects.filter((x) => x.status >= '2')) : undefined;
    const by = p?.manager ?? rng.pick(buyers);
    const { status, date } = w.approval();
    const category = rng.weighted([
      ['1', 70],
      ['2', 10],
      ['3', 12],
      ['4', 4],
      ['5', 4],
    ] as const);
    const lines = rng
      .sample(stock, rng.int(2, 8))
      .map((s) => [s, s.unit === '米' ? rng.int(2, 40) * 100 : rng.int(1, 60)] as [StockItem, number]);
    const row = w.add(
      'oa_procurement',
      {
        applyNo: w.no('oa_procure_no', date),
        title: p ? `${p.name.slice(0, 16)}材料采购` : rng.pick(['办公用品采购', '劳保用品采购', '测试仪表采购']),
        procureCategory: category,
        procureMethod: rng.pick(['5', '5', '2', '7']),
        projectId: p?.id ?? null,
        requiredDate: w.plus(date, rng.int(7, 40)),
        deliveryPlace: p ? `${p.name.slice(0, 10)}项目部` : '北京中心仓',
        suggestedSupplier: rng.pick(material).id,
        urgency: rng.pick(['1', '1', '1', '2', '3']),
        reason: '项目施工需要，按预算采购',
        applicant: by.username,
        applyDept: by.orgCode,
        applyDate: date,
        approvalStatus: status,
        attachment: null,
      },
      by,
      date,
    );
    for (const [s, qty] of lines)
      w.add(
        'oa_procurement_line',
        {
          procurementId: row.id,
          materialCode: s.code,
          materialName: s.name,
          specModel: s.spec,
          unit: s.unit,
          quantity: qty,
          estPrice: s.price,
          remark: null,
        },
        by,
        date,
      );
    if (status === APPROVED && category <= '3')
      approvedApplies.push({ id: String(row.id), no: String(row.applyNo), projectId: p?.id ?? null, lines, date, by });
  }
  for (let i = 0; i < 150; i++) {
    const apply = i < approvedApplies.length ? approvedApplies[i] : undefined;
    const date = apply ? w.plus(apply.date, rng.int(2, 15)) : w.historyDay(3);
    const day = date > w.daysAgo(0) ? w.daysAgo(0) : date;
    const recent = day > w.daysAgo(10);
    const status = recent
      ? rng.pick([DRAFT, PENDING, APPROVED])
      : rng.weighted([
          [APPROVED, 90],
          ['3', 6],
          ['4', 4],
        ] as const);
    const receive =
      status !== APPROVED
        ? '1'
        : rng.weighted([
            ['3', 70],
            ['2', 20],
            ['1', 8],
            ['4', 2],
          ] as const);
    const by = rng.pick(buyers);
    const lines = apply?.lines ?? rng.sample(stock, rng.int(3, 12)).map((s) => [s, rng.int(1, 80)] as [StockItem, number]);
    const row = w.add(
      'wms_purchase_order',
      {
        orderNo: w.no('wms_po_no', day),
        orderDate: day,
        procureApplyNo: apply?.no ?? null,
        procureApplyId: apply?.id ?? null,
        supplierId: rng.pick(material).id,
        supplierContact: person(w),
        supplierPhone: mobileNo(rng),
        projectId: apply?.projectId ?? null,
        warehouseCode: lines[0][0].warehouse,
        deliveryAddress: null,
        expectedDate: w.plus(day, rng.int(5, 30)),
        taxRate: '13',
        payMethod: rng.pick(['1', '1', '4']),
        receiveStatus: receive,
        purchaser: by.username,
        deptCode: by.orgCode,
        approvalStatus: status,
        attachment: null,
        remark: null,
      },
      by,
      day,
    );
    for (const [s, qty] of lines)
      w.add(
        'wms_purchase_order_line',
        {
          orderId: row.id,
          materialCode: s.code,
          materialName: s.name,
          specModel: s.spec,
          unit: s.unit,
          quantity: qty,
          unitPrice: w.m(s.price * rng.float(0.95, 1.05)),
          receivedQty: receive === '3' ? qty : receive === '2' ? Math.floor(qty / 2) : 0,
          remark: null,
        },
        by,
        day,
      );
  }
}

export type { Row };
