import { bankBranch, landlineNo, mobileNo } from './codes.js';
import type { ProjectWorld } from './stage-projects.js';
import type { Payable } from './stage-spend.js';
import type { Supplier } from './stage-suppliers.js';
import type { World } from './world.js';

const WEATHER_TEMP: Readonly<Record<string, string>> = {
  '1': '晴',
  '2': '多云',
  '3': '阴',
  '4': '小雨',
  '7': '雪',
  '8': '雾/霾',
  '9': '大风',
};

/**
 * Site records of the projects (business-screens.md §3.8, §5.3): daily construction logs of 15
 * running projects over their last 100 days (one per project and day), 200 technical
 * disclosures, 400 project documents, 200 maintenance tickets, 100 science results, 120
 * sporadic works.
 */
export function generateSite(w: World, pw: ProjectWorld, suppliers: Supplier[]): void {
  const { rng } = w;
  const running = pw.projects.filter((p) => p.status === '3').slice(0, 15);
  for (const p of running) {
    const from = p.start > w.daysAgo(100) ? p.start : w.daysAgo(100);
    const days = Math.round((Date.parse(w.daysAgo(0)) - Date.parse(from)) / 86_400_000);
    for (let d = 0; d < Math.min(100, days); d++) {
      const day = w.plus(from, d);
      const month = Number(day.slice(5, 7));
      const weather = rng.pick(Object.keys(WEATHER_TEMP).filter((k) => k !== '7' || month <= 2 || month === 12));
      const low = [-8, -5, 2, 9, 15, 20, 23, 22, 16, 9, 1, -5][month - 1];
      const recorder = rng.chance(0.8) ? p.manager : rng.pick(w.staff('oa_staff'));
      w.add(
        'pm_construction_day',
        {
          projectId: p.id,
          logDate: day,
          weather,
          temperature: `${low + rng.int(-2, 2)}~${low + rng.int(8, 12)}`,
          workStart: '08:00:00',
          workEnd: rng.pick(['17:30:00', '18:00:00', '19:00:00']),
          workerCount: rng.int(6, 45),
          machineDesc: rng.pick(['挖掘机1台、熔接机2台', '高空作业车1台', '定向钻机1台、发电机1台', '无']),
          workContent: rng.pick([
            '管道开挖及回填',
            '光缆敷设及接续',
            '设备安装及加电调试',
            '弱电桥架安装',
            '摄像机立杆及安装',
            '机柜安装及布线',
          ]),
          progressDesc: '按计划推进',
          qualityDesc: '自检合格',
          safetyDesc: '班前安全交底已完成，现场围挡规范',
          materialInDesc: rng.chance(0.3) ? '光缆、硅芯管进场并报验' : null,
          problems: rng.chance(0.1) ? '部分路段地下管线不明，已联系甲方协调' : null,
          recorder: recorder.username,
          sitePhotos: null,
        },
        recorder,
        day,
      );
    }
  }
  const active = pw.projects.filter((p) => p.status >= '3');
  const labour = suppliers.filter((s) => s.category === '1' && s.usable);
  for (let i = 0; i < 200; i++) {
    const p = rng.pick(active);
    const day = w.between(p.start, w.daysAgo(1));
    const by = p.manager;
    w.add(
      'pm_tech_disclosure',
      {
        disclosureNo: w.no('pm_disclosure_no', day),
        projectId: p.id,
        disclosureType: rng.pick(['1', '2', '3', '4', '5', '5']),
        subject: rng.pick(['管道开挖施工', '光缆敷设与接续', '高处作业', '临时用电', '设备安装调试', '有限空间作业']),
        discloser: by.username,
        reviewer: rng.pick(w.inDepts('A01A06')).username,
        laborTeam: rng.pick(labour).id,
        receivers: Array.from({ length: rng.int(3, 6) }, () => rng.pick(['王建国', '李志强', '张卫东', '刘长江', '陈立军', '赵振华'])).join(
          ',',
        ),
        disclosureDate: day,
        content: '<p>一、施工准备</p><p>二、施工工艺及要求</p><p>三、质量标准</p><p>四、安全注意事项</p>',
        signedFile: null,
        photos: null,
      },
      by,
      day,
    );
  }
  const docNames: Readonly<Record<string, readonly string[]>> = {
    '1': ['施工合同', '补充协议'],
    '2': ['中标通知书'],
    '3': ['施工图（第一册）', '设计变更图'],
    '4': ['现场签证单', '工程变更单'],
    '5': ['隐蔽工程验收记录', '竣工验收报告'],
    '6': ['结算书', '结算审核报告'],
    '7': ['第一次工地例会纪要', '月度协调会纪要'],
    '8': ['施工过程影像资料'],
    '9': ['其他资料'],
  };
  const contracts = pw.contracts;
  for (let i = 0; i < 400; i++) {
    const c = rng.pick(contracts);
    const type = rng.pick(Object.keys(docNames));
    const day = w.between(c.sign, w.daysAgo(0));
    const by = rng.chance(0.7) ? c.project.manager : rng.pick(w.staff('oa_staff'));
    w.add(
      'pm_enclosure',
      {
        projectId: c.project.id,
        contractNo: rng.chance(0.7) ? c.no : null,
        contractId: null,
        docType: type,
        docName: rng.pick(docNames[type]),
        docNo: `ZL-${day.slice(0, 4)}-${String(i + 1).padStart(4, '0')}`,
        versionNo: 'V1.0',
        files: `enclosure/${day.slice(0, 7)}/${c.no}-${i + 1}.pdf`,
        archiveDate: day,
        archiveLocation: rng.chance(0.5) ? '项目档案室B-02' : null,
        confidential: rng.chance(0.1) ? 'Y' : 'N',
        uploader: by.username,
        remark: null,
      },
      by,
      day,
    );
  }
  for (const r of w.rows('pm_enclosure')) if (r.contractNo) r.contractId = contracts.find((c) => c.no === r.contractNo)?.id ?? null;
  const done = pw.projects.filter((p) => p.status >= '5');
  for (let i = 0; i < 200; i++) {
    const p = rng.pick(done.length ? done : active);
    const report = `${w.between(p.end < w.daysAgo(5) ? p.end : w.daysAgo(200), w.daysAgo(0))} ${String(rng.int(8, 20)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00`;
    const recent = report.slice(0, 10) > w.daysAgo(7);
    const status = recent
      ? rng.pick(['1', '2'])
      : rng.weighted([
          ['3', 85],
          ['4', 15],
        ] as const);
    const arrive = `${report.slice(0, 11)}${String(Math.min(23, Number(report.slice(11, 13)) + rng.int(1, 3))).padStart(2, '0')}:30:00`;
    const finish = status >= '3' ? `${w.plus(report.slice(0, 10), rng.int(0, 3))} 18:00:00` : null;
    const warranty = rng.chance(0.7);
    const handler = rng.pick(w.staff('oa_staff', 'project_manager'));
    w.add(
      'pm_maintenance',
      {
        maintenanceNo: w.no('pm_maint_no', report.slice(0, 10)),
        projectId: p.id,
        maintenanceType: rng.pick(['1', '2', '3', '4']),
        reportTime: report,
        reporter: rng.pick(['刘经理', '王主任', '张工', '赵科长']),
        reporterPhone: rng.chance(0.5) ? mobileNo(rng) : landlineNo(rng, p.region),
        location: rng.pick(['3号楼弱电井', '园区东门监控点', '基站机房', '光交箱GJ-021', '地下车库B2']),
        faultDesc: rng.pick(['摄像机无图像', '光缆中断', '交换机端口故障', '门禁无法开启', '配电箱跳闸']),
        handler: handler.username,
        arriveTime: arrive,
        finishTime: finish,
        handleResult: finish ? '已更换故障部件，恢复正常' : null,
        inWarranty: warranty ? '1' : '0',
        cost: warranty ? 0 : w.amount(300, 8000),
        handleStatus: status,
        photos: null,
      },
      handler,
      report.slice(0, 10),
    );
  }
  const leaders = w.inDepts('A01A06', 'A01A09', 'A01A10', 'A01A04');
  for (let i = 0; i < 100; i++) {
    const type = rng.pick(['1', '2', '3', '3', '4', '5', '6', '7']);
    const status = rng.weighted([
      ['4', 55],
      ['3', 15],
      ['2', 20],
      ['1', 8],
      ['5', 2],
    ] as const);
    const day = w.historyDay(3);
    const leader = rng.pick(leaders);
    w.add(
      'pm_science',
      {
        achievementName:
          rng.pick([
            '复杂城区管道光缆快速敷设工法',
            '基于BIM的弱电管线综合排布技术',
            '5G基站一体化机柜安装装置',
            '光缆接续质量智能检测系统',
            '降低光缆接续损耗QC成果',
            '数据中心机电安装施工技术研究',
          ]) + (i > 5 ? `（${i}）` : ''),
        scienceType: type,
        scienceLevel: rng.pick(['2', '3', '4', '4']),
        projectId: rng.chance(0.7) ? rng.pick(active).id : null,
        certNo:
          status === '4'
            ? type === '2' || type === '3'
              ? `ZL ${day.slice(0, 4)} 2 ${rng.digits(7)}.${rng.int(0, 9)}`
              : `GF-${rng.digits(6)}`
            : null,
        awardOrg: status === '4' ? rng.pick(['国家知识产权局', '中国通信企业协会', '北京市住房和城乡建设委员会']) : null,
        awardDate: status === '4' ? day : null,
        leader: leader.username,
        participants: rng
          .sample(leaders, 2)
          .map((u) => u.username)
          .join(','),
        scienceStatus: status,
        rdInvestment: w.amount(20_000, 400_000),
        bonus: status === '4' ? rng.int(2, 30) * 1000 : null,
        summary: '依托项目施工实践总结形成，具有推广应用价值。',
        certFile: null,
      },
      leader,
      day,
    );
  }
  for (let i = 0; i < 120; i++) {
    const fw = rng.chance(0.5) ? rng.pick(pw.frameworks) : undefined;
    const customer = fw?.customer ?? rng.pick(pw.customers);
    const { status, date } = w.approval();
    const estimate = w.lognormal(50_000, 5_000, 200_000, 100);
    const by = rng.pick(w.staff('project_manager'));
    const state = status === '2' ? rng.pick(['2', '3', '4', '5']) : '1';
    w.add(
      'pm_sporadic',
      {
        sporadicNo: w.no('pm_sporadic_no', date),
        workName: `${customer.name.slice(0, 6)}${rng.pick(['机房线路整改', '监控点位迁移', '光缆抢修', '弱电间改造', '会议室音视频改造'])}`,
        customerName: customer.name,
        frameContractId: fw?.id ?? null,
        area: rng.pick(['110106', '120116', '130629', '370102']),
        workContent: '按委托单完成现场施工并提交签证资料',
        estimatedAmount: estimate,
        settlementAmount: state === '5' ? w.m(estimate * rng.float(0.9, 1.05)) : null,
        startDate: date,
        finishDate: state >= '3' ? w.plus(date, rng.int(2, 20)) : null,
        responsible: by.username,
        deptCode: by.orgCode,
        sporadicStatus: state,
        approvalStatus: status,
        attachment: null,
      },
      by,
      date,
    );
  }
}

/**
 * fin_payment_detail (business-screens.md §1.2: every cash-out lands there): one payment per
 * approved payable document, 2–10 days after its approval (never after the base date), from one
 * of the company's accounts; wages are paid from the payroll account.
 */
export function generatePayments(
  w: World,
  payables: Payable[],
  accounts: { id: string; no: string }[],
  payroll: { id: string; no: string } | null,
): void {
  const { rng } = w;
  const cashiers = w.staff('finance');
  for (const p of payables) {
    const day = w.plus(p.date, rng.int(2, 10));
    const date = day > w.daysAgo(0) ? w.daysAgo(0) : day;
    const account = p.sourceType === '3' && payroll ? payroll : rng.pick(accounts);
    const by = rng.pick(cashiers);
    w.add(
      'fin_payment_detail',
      {
        paymentNo: w.no('fin_payment_no', date),
        payDate: date,
        sourceType: p.sourceType,
        sourceNo: p.sourceNo,
        payeeName: p.payee,
        payeeAccount: p.account || account.no,
        payeeBank: p.sourceType === '3' ? '招商银行北京分行营业部' : bankBranch(rng, p.bank),
        amount: p.amount,
        bankAccountId: account.id,
        payMethod: p.sourceType === '5' && rng.chance(0.2) ? '2' : '1',
        fundsNature: p.nature ?? null,
        projectId: p.projectId ?? null,
        supplierId: p.supplierId ?? null,
        voucherNo: `记-${date.slice(0, 7).replace('-', '')}-${rng.digits(4)}`,
        cashier: by.username,
        bankSlip: null,
        remark: null,
      },
      by,
      date,
    );
  }
}
