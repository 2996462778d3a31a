import type { SeededUser } from '../users.js';
import { creditCode } from './codes.js';
import type { Region } from './context.js';
import { BATCHES, CUSTOMERS, DISTRICTS, SCOPES } from './names.js';
import { APPROVED, DRAFT, PENDING, REJECTED, type World } from './world.js';

type Row = Record<string, unknown>;

export interface Customer {
  name: string;
  taxNo: string;
  region: Region;
}

export interface Framework {
  id: string;
  no: string;
  customer: Customer;
  taxRate: string;
  discount: number;
  start: string;
  end: string;
  status: string;
  projects: Project[];
}

export interface Project {
  id: string;
  code: string;
  name: string;
  type: string;
  customer: Customer;
  region: Region;
  area: string;
  manager: SeededUser;
  status: string;
  start: string;
  end: string;
  framework?: Framework;
  estimate: number;
}

export interface Contract {
  id: string;
  no: string;
  name: string;
  project: Project;
  amount: number;
  taxRate: string;
  sign: string;
  start: string;
  end: string;
  status: string;
  type: string;
}

/** What the project stage hands on. */
export interface ProjectWorld {
  customers: Customer[];
  frameworks: Framework[];
  projects: Project[];
  contracts: Contract[];
}

const PROJECT_STATUS: readonly (readonly [string, number])[] = [
  ['1', 12],
  ['2', 10],
  ['3', 45],
  ['4', 4],
  ['5', 15],
  ['6', 12],
  ['7', 14],
  ['8', 8],
];

/** The project_type of a business scope's contracts: services are taxed 6 %, works 9 %. */
const taxOf = (type: string) => (type === '7' || type === '8' ? '6' : '9');

/**
 * The revenue side's skeleton (business-screens.md §1.2, §5.3): 15 customers, 100 framework
 * agreements, 120 projects (40 % under a framework of their customer; statuses from 跟踪中 to
 * 已关闭 with matching dates), 150 income contracts of the projects that passed initiation (each
 * with 3–5 collection plan rows adding up to its amount), the approved OA approvals of 70 of them,
 * 130 cost budgets, 300 client orders with items, 100 order changes and 120 contract changes.
 */
export function generateProjects(w: World): ProjectWorld {
  const { rng } = w;
  const customers: Customer[] = CUSTOMERS.map(([name, area, region]) => ({ name, taxNo: creditCode(rng, area), region }));
  const managers = w.staff('project_manager');
  const frameworks = frameworkRows(w, customers);

  const projects: Project[] = [];
  const names = new Set<string>();
  for (let i = 0; i < 120; i++) {
    const status = rng.weighted(PROJECT_STATUS);
    const running = frameworks.filter((f) => f.status === '2');
    const fw = rng.chance(0.4) ? rng.pick(running) : undefined;
    const customer = fw?.customer ?? rng.pick(customers);
    const region = rng.chance(0.7) ? customer.region : rng.pick(['BJ', 'TJ', 'HB', 'SD'] as const);
    const [area, place] = rng.pick(DISTRICTS[region]);
    const type = rng.weighted([
      ['1', 30],
      ['2', 25],
      ['3', 12],
      ['4', 10],
      ['5', 4],
      ['6', 4],
      ['7', 10],
      ['8', 5],
    ] as const);
    let name: string;
    do name = `${place}${rng.pick(SCOPES[type])}${rng.pick(BATCHES)}`;
    while (names.has(name) && names.size < 500);
    names.add(name);
    // initiation date, then the plan: running projects straddle the base date, finished ones ended
    const monthsAgo =
      status === '1' || status === '2' ? rng.int(0, 4) : status === '3' || status === '4' ? rng.int(2, 16) : rng.int(12, 23);
    const applied = w.daysAgo(monthsAgo * 30 + rng.int(0, 25));
    const start = w.plus(applied, rng.int(10, 45));
    const months = status >= '5' ? rng.int(4, Math.max(5, monthsAgo - 2)) : rng.int(Math.max(6, monthsAgo + 2), monthsAgo + 18);
    const end = w.plus(start, months * 30);
    const estimate = w.lognormal(2_500_000, 300_000, 30_000_000, 1000);
    const manager = rng.pick(managers);
    const approval = status === '1' ? rng.pick([DRAFT, PENDING, REJECTED]) : APPROVED;
    const row = w.add(
      'pm_project',
      {
        projectCode: w.no('pm_project_no', applied),
        projectName: name,
        projectType: type,
        customerName: customer.name,
        frameContractNo: fw?.no ?? null,
        frameContractId: fw?.id ?? null,
        area,
        address: `${place}${rng.pick(['一号地块', '核心区', '东区', '西区', '南片区'])}`,
        estimatedAmount: estimate,
        estimatedCost: w.m(estimate * rng.float(0.68, 0.86)),
        planStart: start,
        planEnd: end,
        projectManager: manager.username,
        deptCode: manager.orgCode,
        projectStatus: status,
        approvalStatus: approval,
        description: `${customer.name}${name}，主要包括${SCOPES[type][0].replace(/工程|项目/, '')}等施工内容。`,
        initiationFile: null,
      },
      manager,
      approval === DRAFT || approval === PENDING ? w.daysAgo(rng.int(0, 10)) : applied,
    );
    const p: Project = {
      id: String(row.id),
      code: String(row.projectCode),
      name,
      type,
      customer,
      region,
      area,
      manager,
      status,
      start,
      end,
      framework: fw,
      estimate,
    };
    fw?.projects.push(p);
    projects.push(p);
  }
  const contracts = contractRows(w, projects);
  return { customers, frameworks, projects, contracts };
}

function frameworkRows(w: World, customers: Customer[]): Framework[] {
  const { rng } = w;
  const managers = w.staff('dept_manager', 'project_manager');
  const out: Framework[] = [];
  for (let i = 0; i < 100; i++) {
    const customer = rng.pick(customers.slice(0, 12));
    const sign = w.daysAgo(rng.int(60, 900));
    const start = sign;
    const end = w.plus(start, 365 * rng.int(1, 3));
    const expired = end < w.daysAgo(0);
    const status = expired ? rng.pick(['3', '4']) : rng.chance(0.06) ? '1' : '2';
    const scope = rng.pick(['1', '1', '2', '3', '7']);
    const year = sign.slice(0, 4);
    const no = `KJ-${year}-${String(i + 1).padStart(3, '0')}${rng.pick(['TX', 'ZN', 'JD', 'YW'])}`;
    const manager = rng.pick(managers);
    const row = w.add(
      'pm_frame_contract',
      {
        frameNo: no,
        frameName: `${customer.name.replace(/有限公司.*|委员会/, '')}${year}年度${{ '1': '通信工程施工', '2': '智能化工程', '3': '机电安装工程', '7': '网络运维服务' }[scope]}框架协议`,
        customerName: customer.name,
        customerTaxNo: customer.taxNo,
        businessScope: scope,
        serviceArea: rng.pick(DISTRICTS[customer.region])[0],
        capAmount: w.lognormal(15_000_000, 5_000_000, 50_000_000, 10_000),
        taxRate: taxOf(scope),
        discountRate: rng.float(80, 95, 2),
        signDate: sign,
        startDate: start,
        endDate: end,
        contractStatus: status,
        manager: manager.username,
        bidNotice: null,
        contractFile: null,
      },
      manager,
      sign,
    );
    out.push({
      id: String(row.id),
      no,
      customer,
      taxRate: taxOf(scope),
      discount: Number(row.discountRate),
      start,
      end,
      status,
      projects: [],
    });
  }
  return out;
}

/** Contract status of a project's contract by project status. */
function contractStatusOf(projectStatus: string): string {
  if (projectStatus === '2') return '2';
  if (projectStatus === '3' || projectStatus === '4') return '2';
  if (projectStatus === '5' || projectStatus === '6') return '3';
  return '4';
}

function contractRows(w: World, projects: Project[]): Contract[] {
  const { rng } = w;
  const out: Contract[] = [];
  const eligible = projects.filter((p) => p.status >= '2');
  const second = new Set(rng.sample(eligible, Math.max(0, 150 - eligible.length)));
  for (const p of eligible) {
    const parts = second.has(p)
      ? w.split(p.estimate * rng.float(0.9, 1.1), [rng.float(0.55, 0.75), 0.35])
      : [w.m(p.estimate * rng.float(0.9, 1.1))];
    parts.forEach((amount, k) => {
      const sign = w.plus(p.start, -rng.int(1, 8) + k * 60);
      const signDay = sign > w.daysAgo(1) ? w.daysAgo(rng.int(1, 10)) : sign;
      const no = `ZJZL-${signDay.slice(0, 4)}-${p.type}${String(out.length + 1).padStart(4, '0')}`;
      const name = k === 0 ? `${p.name}施工合同` : `${p.name}补充合同`;
      const type = p.type === '7' ? '6' : p.type === '8' ? '4' : p.framework ? '2' : '1';
      const taxRate = taxOf(p.type);
      const status = contractStatusOf(p.status);
      const row = w.add(
        'pm_contract',
        {
          contractNo: no,
          contractName: name,
          projectName: p.name,
          projectId: p.id,
          frameContractId: p.framework?.id ?? null,
          oaApplyNo: null,
          contractType: type,
          customerName: p.customer.name,
          customerTaxNo: p.customer.taxNo,
          contractAmount: amount,
          taxRate,
          signDate: signDay,
          startDate: p.start,
          endDate: p.end,
          projectManager: p.manager.username,
          settlementAmount: status === '4' ? w.m(amount * rng.float(0.95, 1.05)) : null,
          contractStatus: status,
          contractFile: null,
        },
        p.manager,
        signDay,
      );
      const c: Contract = {
        id: String(row.id),
        no,
        name,
        project: p,
        amount,
        taxRate,
        sign: signDay,
        start: p.start,
        end: p.end,
        status,
        type,
      };
      out.push(c);
      // collection plan: advance, progress payments, settlement, retention
      const shape = rng.pick([
        [30, 40, 25, 5],
        [20, 30, 30, 17, 3],
        [30, 65, 5],
        [10, 30, 30, 27, 3],
      ]);
      const amounts = w.split(amount, shape);
      const nodes = ['合同签订后支付预付款', '完成主体工程后支付进度款', '竣工验收后支付结算款', '质保期满后支付质保金'];
      amounts.forEach((a, i) => {
        const nature = i === 0 ? '1' : i === amounts.length - 1 ? '4' : i === amounts.length - 2 ? '3' : '2';
        w.add(
          'pm_contract_plan',
          {
            contractId: c.id,
            periodNo: i + 1,
            nodeDesc:
              i === 0
                ? nodes[0]
                : i === amounts.length - 1
                  ? nodes[3]
                  : i === amounts.length - 2
                    ? nodes[2]
                    : `第${i}次${nodes[1].slice(2)}`,
            fundsNature: nature,
            ratio: shape[i],
            planDate: w.plus(
              c.start,
              Math.round(((i / Math.max(1, amounts.length - 1)) * (Date.parse(c.end) - Date.parse(c.start))) / 86_400_000),
            ),
            planAmount: a,
            remark: null,
          },
          p.manager,
          signDay,
        );
      });
    });
  }
  return out;
}

export { taxOf };
export type { Row };
