import type { Contract, Project, ProjectWorld } from './stage-projects.js';
import { APPROVED, DRAFT, PENDING, REJECTED, type World } from './world.js';

/** An output declaration as later stages use it. */
export interface Output {
  id: string;
  no: string;
  contract: Contract;
  period: string;
  amount: number;
  status: string;
  /** The approved confirmation of it (0 when none). */
  confirmed: number;
  confirmDate?: string;
}

const monthKey = (d: string) => d.slice(0, 7);
const nextMonth = (period: string) => {
  const [y, m] = period.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
const monthsBetween = (a: string, b: string) =>
  (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

/**
 * Output and its confirmation (business-screens.md §5.2 "Monthly output", §5.4 rules 3, 5): each
 * contract declares its output month by month from its start to the month before the base date
 * (contract amount / planned months × 0.6–1.4, the total never above 110 % of the contract;
 * finished contracts end near 100 %); the latest month is still a draft or pending. 250 approved
 * declarations get a client confirmation (92–100 % of the output) 5–25 days after the month,
 * and 12 projects get a WBS tree of quantities.
 */
export function generateOutputs(w: World, pw: ProjectWorld): Output[] {
  const { rng } = w;
  const out: Output[] = [];
  const lastPeriod = monthKey(w.daysAgo(28));
  for (const c of pw.contracts) {
    if (c.start > w.daysAgo(35) || c.status === '1') continue;
    const planned = Math.max(1, monthsBetween(monthKey(c.start), monthKey(c.end)));
    const last = monthKey(c.end) < lastPeriod ? monthKey(c.end) : lastPeriod;
    const span = monthsBetween(monthKey(c.start), last) + 1;
    const finished = c.status === '3' || c.status === '4';
    let period = monthKey(c.start);
    // at most the last 12 months of a long contract are declared here
    for (let k = 0; k < span - 12; k++) period = nextMonth(period);
    let cumulative = 0;
    const cap = c.amount * 1.1;
    const months = Math.min(span, 12);
    for (let k = 0; k < months; k++, period = nextMonth(period)) {
      let amount = w.m((c.amount / planned) * rng.float(0.6, 1.4));
      if (finished && k === months - 1) amount = w.m(Math.max(0, c.amount * rng.float(0.97, 1.04) - cumulative));
      if (cumulative + amount > cap) amount = w.m(cap - cumulative);
      if (amount <= 0) break;
      const reportDay = w.plus(`${nextMonth(period)}-01`, rng.int(0, 6));
      const recent = reportDay > w.daysAgo(10) || k === months - 1;
      const status =
        recent && !finished
          ? rng.pick([DRAFT, PENDING, PENDING])
          : rng.weighted([
              [APPROVED, 94],
              [REJECTED, 4],
              ['4', 2],
            ] as const);
      const day = reportDay > w.daysAgo(0) ? w.daysAgo(rng.int(0, 3)) : reportDay;
      const by = c.project.manager;
      const row = w.add(
        'pm_output',
        {
          outputNo: w.no('pm_output_no', day),
          contractNo: c.no,
          contractId: c.id,
          orderNo: null,
          orderId: null,
          outputPeriod: period,
          planOutput: w.m(c.amount / planned),
          outputAmount: amount,
          reporter: by.username,
          reportDate: day,
          approvalStatus: status,
          outputFile: null,
        },
        by,
        day,
      );
      if (status === APPROVED) cumulative += amount;
      out.push({ id: String(row.id), no: String(row.outputNo), contract: c, period, amount, status, confirmed: 0 });
    }
  }
  rightOrders(w, out);
  wbs(w, pw.projects);
  return out;
}

function rightOrders(w: World, outputs: Output[]): void {
  const { rng } = w;
  const registrars = w.staff('engineering', 'project_manager');
  const candidates = outputs.filter((o) => o.status === APPROVED && w.plus(`${nextMonth(o.period)}-01`, 5) < w.daysAgo(2));
  // older declarations are the confirmed ones (confirmation follows the month)
  candidates.sort((a, b) => a.period.localeCompare(b.period));
  const chosen =
    candidates.length > 250
      ? candidates.filter((_, i) => i % Math.ceil(candidates.length / 250) === 0 || rng.chance(0.25)).slice(0, 250)
      : candidates;
  for (const o of chosen) {
    const confirmDay = w.plus(`${nextMonth(o.period)}-01`, rng.int(4, 24));
    const day = confirmDay > w.daysAgo(0) ? w.daysAgo(0) : confirmDay;
    const status =
      day > w.daysAgo(8)
        ? rng.pick([PENDING, APPROVED])
        : rng.weighted([
            [APPROVED, 95],
            [REJECTED, 5],
          ] as const);
    const confirmed = w.m(o.amount * rng.float(0.92, 1));
    const by = rng.pick(registrars);
    w.add(
      'biz_right_order',
      {
        rightNo: w.no('biz_right_no', day),
        outputNo: o.no,
        outputId: o.id,
        confirmPeriod: o.period,
        confirmedAmount: confirmed,
        confirmDate: day,
        clientConfirmer: rng.pick(['张国强', '李建华', '王海涛', '赵立新', '刘晓明', '陈志刚']),
        registrar: by.username,
        approvalStatus: status,
        confirmFile: null,
        remark: null,
      },
      by,
      day,
    );
    if (status === APPROVED) {
      o.confirmed = confirmed;
      o.confirmDate = day;
    }
  }
}

/** WBS trees (eng_output) of 12 running projects: 单位工程 → 分部 → 分项 → 工序 with quantities on the leaves. */
function wbs(w: World, projects: Project[]): void {
  const { rng } = w;
  const running = projects.filter((p) => p.status === '3').slice(0, 12);
  const PARTS: Record<string, readonly (readonly [string, readonly (readonly [string, string, number, number])[]])[]> = {
    default: [
      [
        '管道工程',
        [
          ['人工开挖路面', '平方米', 45, 70],
          ['敷设PE硅芯管', '米', 8, 14],
          ['人（手）孔砌筑', '个', 1800, 3200],
        ],
      ],
      [
        '线路工程',
        [
          ['敷设管道光缆', '千米', 1800, 2600],
          ['光缆接续', '个', 260, 420],
          ['光缆成端', '个', 25, 45],
        ],
      ],
      [
        '设备安装工程',
        [
          ['安装机柜', '台', 600, 900],
          ['安装交换机', '台', 180, 320],
          ['布放网线', '米', 1.2, 1.8],
        ],
      ],
      [
        '安防系统',
        [
          ['安装网络摄像机', '台', 160, 260],
          ['安装立杆', '根', 800, 1500],
          ['系统调试', '项', 3000, 8000],
        ],
      ],
      [
        '电源及配电',
        [
          ['布放电源线', '米', 12, 20],
          ['安装配电箱', '台', 300, 600],
          ['接地安装', '个', 200, 400],
        ],
      ],
    ],
  };
  for (const p of running) {
    const by = p.manager;
    const day = w.plus(p.start, rng.int(1, 10));
    const add = (
      pid: string,
      code: string,
      name: string,
      level: string,
      leaf?: { unit: string; qty: number; price: number; done: number },
    ) =>
      w.add(
        'eng_output',
        {
          pid,
          hasChild: leaf ? '0' : '1',
          projectId: p.id,
          nodeCode: code,
          nodeName: name,
          nodeLevel: level,
          unit: leaf?.unit ?? null,
          designQty: leaf?.qty ?? null,
          unitPrice: leaf?.price ?? null,
          completedQty: leaf ? leaf.done : null,
          planStart: p.start,
          planEnd: p.end,
          actualEnd: leaf && leaf.done >= leaf.qty ? w.between(p.start, w.daysAgo(1)) : null,
          responsible: by.username,
          remark: null,
        },
        by,
        day,
      );
    const root = add('0', '01', p.name.slice(0, 40), '1');
    const progress = rng.float(0.2, 0.9);
    rng.sample(PARTS.default, rng.int(3, 5)).forEach(([part, items], i) => {
      const node = add(String(root.id), `01.${String(i + 1).padStart(2, '0')}`, part, '2');
      items.forEach(([item, unit, min, max], j) => {
        const sub = add(String(node.id), `01.${String(i + 1).padStart(2, '0')}.${String(j + 1).padStart(2, '0')}`, item, '3');
        for (let k = 0; k < rng.int(2, 4); k++) {
          const qty = unit === '千米' ? rng.float(1, 30, 2) : rng.int(10, 800);
          const done = w.m(Math.min(qty, qty * rng.float(progress - 0.3, progress + 0.3)));
          add(String(sub.id), `${sub.nodeCode}.${String(k + 1).padStart(2, '0')}`, `${item}（第${k + 1}段）`, '4', {
            unit,
            qty,
            price: w.m(rng.float(min, max)),
            done: Math.max(0, done),
          });
        }
      });
    });
  }
}
