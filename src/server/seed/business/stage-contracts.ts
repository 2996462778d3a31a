import type { Contract, Framework, ProjectWorld } from './stage-projects.js';
import { APPROVED, type World } from './world.js';

/** Items of client orders: [code, name, spec, unit, list price range]. */
const ORDER_ITEMS: readonly (readonly [string, string, string, string, number, number])[] = [
  ['TXL3-012', '敷设管道光缆', '24芯及以下', '千米', 1800, 2600],
  ['TXL3-015', '敷设管道光缆', '48芯', '千米', 2400, 3300],
  ['TXL2-031', '人工开挖路面', '混凝土路面 250mm', '平方米', 45, 70],
  ['TXL4-008', '光缆接续', '24芯', '个', 260, 420],
  ['TSW1-002', '安装室外基站设备', '5G AAU', '套', 1200, 1800],
  ['TSW2-011', '布放电源线', '35mm²以下', '米', 12, 20],
  ['TXL1-005', '光缆单盘测试', '48芯以下', '次', 180, 260],
  ['TZN1-021', '安装网络摄像机', '室外枪机', '台', 160, 260],
  ['TZN2-004', '布放网线', '六类', '米', 1.2, 1.8],
  ['TGD1-003', '敷设PE硅芯管', 'Φ40/33', '米', 8, 14],
  ['TYW1-001', '基站巡检', '季度巡检', '次', 120, 220],
  ['TYW2-006', '故障抢修', '光缆中断', '次', 800, 1600],
];

const BUDGET_ITEMS: readonly (readonly [subject: string, name: string, unit: string | null])[] = [
  ['1', '光缆熔接人工', '工日'],
  ['1', '设备安装调试人工', '工日'],
  ['2', '光缆及配件', '米'],
  ['2', '交换机及配线设备', '台'],
  ['2', '管材及辅材', '米'],
  ['3', '挖掘机台班', '台班'],
  ['3', '熔接机及测试仪表', '台班'],
  ['4', '专业分包（管道开挖）', '项'],
  ['5', '劳务分包', '项'],
  ['6', '安全文明施工措施费', '项'],
  ['7', '项目部管理人员工资', '月'],
  ['7', '项目部办公及差旅', '月'],
  ['8', '社会保险费', '项'],
  ['9', '附加税费', '项'],
  ['10', '不可预见费', '项'],
];

/**
 * Everything hanging on the income contracts (business-screens.md §3.8, §5.3): the OA approvals of
 * 70 contracts (approved income contracts with their plans), 130 cost budgets (8–20 items of
 * 75–90 % of the income without tax), 120 contract changes, 300 client orders under the
 * frameworks (3–15 items each, prices at the framework's discount) and 100 order changes.
 */
export function generateContractDetails(
  w: World,
  pw: ProjectWorld,
): { orders: { id: string; no: string; framework: Framework; projectId: string; amount: number }[] } {
  incomeApprovals(w, pw.contracts);
  budgets(w, pw.contracts);
  contractChanges(w, pw.contracts);
  const orders = orderRows(w, pw.frameworks);
  return { orders };
}

function incomeApprovals(w: World, contracts: Contract[]): void {
  const { rng } = w;
  for (const c of rng.sample(contracts, 70)) {
    const by = c.project.manager;
    const day = w.plus(c.sign, -rng.int(3, 15));
    const applyNo = w.no('oa_contract_no', day);
    const row = w.add(
      'oa_contract',
      {
        applyNo,
        contractName: c.name,
        contractNo: c.no,
        contractType: c.type,
        direction: '1',
        projectId: c.project.id,
        counterparty: c.project.customer.name,
        counterpartyCreditCode: c.project.customer.taxNo,
        contractAmount: c.amount,
        taxRate: c.taxRate,
        signDate: c.sign,
        startDate: c.start,
        endDate: c.end,
        paymentTerms: '按合同约定节点收款：预付款、进度款、结算款及质保金',
        applicant: by.username,
        applyDept: by.orgCode,
        applyDate: day,
        approvalStatus: APPROVED,
        contractFile: null,
      },
      by,
      day,
    );
    const pm = w.rows('pm_contract').find((r) => r.id === c.id);
    if (pm) pm.oaApplyNo = applyNo;
    const plans = w.rows('pm_contract_plan').filter((r) => r.contractId === c.id);
    for (const p of plans)
      w.add(
        'oa_contract_plan',
        {
          contractId: row.id,
          periodNo: p.periodNo,
          fundsNature: p.fundsNature,
          planDate: p.planDate,
          ratio: p.ratio,
          planAmount: p.planAmount,
          payCondition: p.nodeDesc,
          remark: null,
        },
        by,
        day,
      );
  }
}

function budgets(w: World, contracts: Contract[]): void {
  const { rng } = w;
  for (const c of rng.sample(contracts, 130)) {
    const by = c.project.manager;
    const day = w.plus(c.sign, rng.int(2, 20));
    const { status, date } = day > w.daysAgo(10) ? { status: '0', date: w.daysAgo(rng.int(0, 5)) } : w.approval(() => day);
    const income = w.m(c.amount / (1 + Number(c.taxRate) / 100));
    const total = w.m(income * rng.float(0.75, 0.9));
    const items = rng.sample(BUDGET_ITEMS, rng.int(8, Math.min(15, BUDGET_ITEMS.length)));
    const weights = items.map(([subject]) => (subject === '2' ? 6 : subject === '5' ? 5 : subject === '1' ? 3 : 1) * rng.float(0.6, 1.4));
    const amounts = w.split(total, weights);
    const row = w.add(
      'pm_budget',
      {
        budgetNo: w.no('pm_budget_no', date),
        projectId: c.project.id,
        contractNo: c.no,
        contractId: c.id,
        budgetVersion: rng.chance(0.85) ? '1' : '2',
        preparer: by.username,
        prepareDate: date,
        approvalStatus: status,
        attachment: null,
        remark: null,
      },
      by,
      date,
    );
    items.forEach(([subject, name, unit], i) => {
      const quantity = unit && unit !== '项' ? rng.int(10, 2000) : null;
      const price = quantity ? w.m(amounts[i] / quantity) : null;
      // the amount stays the budgeted one: a quantity × price that would round away from it is left out
      const exact = quantity && price !== null && w.m(quantity * price) === amounts[i];
      w.add(
        'pm_budget_item',
        {
          budgetId: row.id,
          subject,
          itemName: name,
          unit: exact ? unit : null,
          quantity: exact ? quantity : null,
          unitPrice: exact ? price : null,
          amount: amounts[i],
          remark: null,
        },
        by,
        date,
      );
    });
  }
}

function contractChanges(w: World, contracts: Contract[]): void {
  const { rng } = w;
  const pool = contracts.filter((c) => c.sign < w.daysAgo(30));
  for (let i = 0; i < 120; i++) {
    const c = rng.pick(pool);
    const type = rng.weighted([
      ['1', 55],
      ['2', 20],
      ['3', 15],
      ['5', 10],
    ] as const);
    const { status, date } = w.approval(() => w.between(w.plus(c.sign, 30), w.daysAgo(11)));
    const change = type === '1' || type === '3' ? w.m(c.amount * rng.float(-0.05, 0.12)) : 0;
    const by = c.project.manager;
    w.add(
      'pm_change_record',
      {
        changeNo: w.no('pm_change_no', date),
        contractNo: c.no,
        contractId: c.id,
        changeType: type,
        changeAmount: change,
        beforeEndDate: c.end,
        afterEndDate: type === '2' ? w.plus(c.end, rng.int(30, 120)) : null,
        visaNo: `QZ-${date.slice(0, 4)}-${rng.digits(4)}`,
        changeDate: date,
        changeReason:
          type === '2'
            ? '甲方场地移交延迟，工期顺延'
            : type === '1'
              ? '设计变更增加工程量'
              : type === '3'
                ? '甲方调整施工范围'
                : '合同条款调整',
        applicant: by.username,
        approvalStatus: status,
        changeFile: null,
      },
      by,
      date,
    );
  }
}

function orderRows(w: World, frameworks: Framework[]) {
  const { rng } = w;
  const out: { id: string; no: string; framework: Framework; projectId: string; amount: number }[] = [];
  const withProjects = frameworks.filter((f) => f.projects.length);
  let n = 0;
  while (out.length < 300 && withProjects.length) {
    const f = withProjects[n++ % withProjects.length];
    const p = rng.pick(f.projects);
    const day = w.between(f.start < w.daysAgo(700) ? w.daysAgo(700) : f.start, w.daysAgo(3));
    const status =
      day > w.daysAgo(30)
        ? rng.pick(['1', '2'])
        : rng.weighted([
            ['2', 20],
            ['3', 20],
            ['4', 25],
            ['5', 30],
            ['6', 5],
          ] as const);
    const no = `${f.no}-DD${String(out.length + 1).padStart(4, '0')}`;
    const by = p.manager;
    const row = w.add(
      'pm_order',
      {
        orderNo: no,
        orderName: `${p.name.slice(0, 18)}${rng.pick(['第一批', '第二批', '补充', '抢修', '扩容'])}订单`,
        frameContractNo: f.no,
        frameContractId: f.id,
        projectId: p.id,
        orderDate: day,
        taxRate: f.taxRate,
        planFinishDate: w.plus(day, rng.int(20, 120)),
        actualFinishDate: status >= '3' && status !== '6' ? w.plus(day, rng.int(15, 110)) : null,
        orderStatus: status,
        projectManager: by.username,
        orderFile: null,
        remark: null,
      },
      by,
      day,
    );
    let amount = 0;
    for (const [code, name, spec, unit, min, max] of rng.sample(ORDER_ITEMS, rng.int(3, 10))) {
      const quantity = unit === '千米' ? rng.float(0.5, 12, 2) : rng.int(2, 400);
      const price = w.m(rng.float(min, max) * (f.discount / 100));
      amount += w.m(quantity * price);
      w.add(
        'pm_order_item',
        { orderId: row.id, itemCode: code, itemName: name, specDesc: spec, unit, quantity, unitPrice: price, amount: null, remark: null },
        by,
        day,
      );
    }
    out.push({ id: String(row.id), no, framework: f, projectId: p.id, amount: w.m(amount) });
  }
  for (let i = 0; i < 100 && out.length; i++) {
    const o = rng.pick(out);
    const { status, date } = w.approval(() => w.daysAgo(rng.int(11, 300)));
    const by = w.staff('project_manager')[i % w.staff('project_manager').length];
    w.add(
      'pm_order_change',
      {
        changeNo: w.no('pm_order_change_no', date),
        orderNo: o.no,
        orderId: o.id,
        changeType: rng.pick(['1', '1', '2', '3']),
        afterAmount: w.m(o.amount * rng.float(0.9, 1.15)),
        afterFinishDate: null,
        changeDate: date,
        changeReason: '甲方调整订单工程量',
        applicant: by.username,
        approvalStatus: status,
        changeFile: null,
      },
      by,
      date,
    );
  }
  return out;
}
