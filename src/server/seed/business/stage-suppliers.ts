import { corporateAccountNo, creditCode, mobileNo } from './codes.js';
import { GIVEN_NAMES, SURNAMES, SUPPLIER_BRANDS, SUPPLIER_CITIES, SUPPLIER_FORMS, SUPPLIER_TRADES, TRADE_SERVICE_TYPE } from './names.js';
import type { World } from './world.js';

type Row = Record<string, unknown>;

/** A supplier as later stages use it. */
export interface Supplier {
  row: Row;
  id: string;
  name: string;
  category: '1' | '2' | '3';
  creditCode: string;
  bank: string;
  account: string;
  /** service_type of a service supplier. */
  serviceType?: string;
  usable: boolean;
}

const BANKS = ['ICBC', 'ICBC', 'CCB', 'CCB', 'ABC', 'BOC', 'BOCOM', 'CMB', 'CITIC', 'SPDB', 'CIB', 'HXB'];

/** An invented person's name. */
export function person(w: World): string {
  return w.rng.pick(SURNAMES) + w.rng.pick(GIVEN_NAMES);
}

/**
 * Suppliers (business-screens.md §3.7, §5.3): 110 labour, 120 material and 110 service suppliers in
 * the one table sup_supplier (names `{city}{brand}{trade}{form}`, credit codes with check
 * characters, corporate accounts), then their certificates (1–2 each, 12 expiring within 60 days),
 * 300 evaluations (the latest approved one gives the supplier's grade) and 100 change requests.
 */
export function generateSuppliers(w: World): Supplier[] {
  const { rng } = w;
  const buyers = w.staff('supplier_manager', 'warehouse');
  const names = new Set<string>();
  const out: Supplier[] = [];
  const counts: [cat: '1' | '2' | '3', n: number][] = [
    ['1', 110],
    ['2', 120],
    ['3', 110],
  ];
  for (const [cat, n] of counts) {
    for (let i = 0; i < n; i++) {
      const [city, area, region] = rng.pick(SUPPLIER_CITIES);
      const trade = rng.pick(SUPPLIER_TRADES[cat]);
      let name: string;
      do name = `${city}${rng.pick(SUPPLIER_BRANDS)}${trade}${rng.pick(SUPPLIER_FORMS)}`;
      while (names.has(name));
      names.add(name);
      const created = rng.chance(0.15) ? w.daysAgo(rng.int(15, 300)) : w.daysAgo(rng.int(400, 720));
      const bank = rng.pick(BANKS);
      const status = rng.weighted([
        ['2', 78],
        ['1', 8],
        ['3', 9],
        ['4', 5],
      ] as const);
      const code = creditCode(rng, area);
      const account = corporateAccountNo(rng, bank);
      const extras: Row =
        cat === '1'
          ? {
              safetyLicenseNo: `(${region === 'BJ' ? '京' : region === 'TJ' ? '津' : region === 'SD' ? '鲁' : '冀'})JZ安许证字[20${rng.int(18, 24)}]${rng.digits(6)}`,
              teamSize: rng.int(20, 320),
              mainWorkTypes: rng.sample(['1', '2', '3', '4', '5', '6', '7', '8', '9'], rng.int(2, 4)).join(','),
            }
          : cat === '2'
            ? {
                mainMaterialCategory: w.ctx.categories?.get(rng.pick(['C01A01', 'C01A02', 'C01A03', 'C01A04', 'C01A05', 'C01A07'])) ?? null,
                supplyMode: rng.pick(['1', '2', '3']),
                supplyArea: rng.pick(['京津冀', '华北', '北京', '河北', '山东', '天津']),
              }
            : {
                serviceTypes: TRADE_SERVICE_TYPE[trade] ?? '10',
                serviceQualification: `具备${trade}相关资质，近三年承接同类服务${rng.int(5, 60)}项`,
              };
      const row = w.add(
        'sup_supplier',
        {
          supplierCode: w.no('sup_code', created),
          supplierName: name,
          supplierCategory: cat,
          creditCode: code,
          legalPerson: person(w),
          registeredCapital: rng.pick([100, 200, 300, 500, 800, 1000, 2000, 5000]),
          taxpayerType: cat === '1' && rng.chance(0.4) ? '2' : '1',
          area,
          address: `${city}市${rng.pick(['经济技术开发区', '高新区', '工业园区', '中心区'])}${rng.pick(['创业路', '科技路', '兴业街', '建设大街'])}${rng.int(1, 388)}号`,
          contactName: person(w),
          contactPhone: mobileNo(rng),
          bankCode: bank,
          bankAccount: account,
          supplierStatus: status,
          businessLicense: null,
          ...extras,
        },
        rng.pick(buyers),
        created,
      );
      out.push({
        row,
        id: String(row.id),
        name,
        category: cat,
        creditCode: code,
        bank,
        account,
        serviceType: cat === '3' ? (TRADE_SERVICE_TYPE[trade] ?? '10') : undefined,
        usable: status === '2',
      });
    }
  }
  certificates(w, out);
  evaluations(w, out);
  changes(w, out);
  return out;
}

const CERTS: Readonly<Record<'1' | '2' | '3', readonly (readonly [type: string, name: string, level: string | null, issuer: string])[]>> = {
  '1': [
    ['2', '建筑业企业资质证书（施工劳务）', '8', '河北省住房和城乡建设厅'],
    ['3', '安全生产许可证', null, '河北省住房和城乡建设厅'],
    ['4', 'ISO45001职业健康安全管理体系认证证书', null, '中国质量认证中心'],
  ],
  '2': [
    ['4', 'ISO9001质量管理体系认证证书', null, '中国质量认证中心'],
    ['5', '高新技术企业证书', null, '河北省科学技术厅'],
    ['6', '实用新型专利证书', null, '国家知识产权局'],
  ],
  '3': [
    ['2', '工程造价咨询企业资质证书', '5', '住房和城乡建设部'],
    ['2', '检验检测机构资质认定证书', null, '河北省市场监督管理局'],
    ['4', 'ISO9001质量管理体系认证证书', null, '中国质量认证中心'],
  ],
};

function certificates(w: World, suppliers: Supplier[]): void {
  const { rng } = w;
  const verifiers = w.staff('supplier_manager');
  let expiring = 0;
  for (const s of suppliers) {
    const list = [['1', '营业执照', null, '市场监督管理局'] as const, ...rng.sample(CERTS[s.category], rng.int(0, 1))];
    for (const [type, name, level, issuer] of list) {
      const issue = w.daysAgo(rng.int(200, 1400));
      // 12 certificates (not licences) run out within 60 days (§5.4 rule 5)
      const soon = type !== '1' && expiring < 12 && rng.chance(0.3);
      if (soon) expiring++;
      const expiry =
        type === '1' ? w.plus(issue, 365 * 30) : soon ? w.plus(w.daysAgo(0), rng.int(3, 58)) : w.plus(issue, 365 * rng.int(3, 5));
      const verifier = rng.pick(verifiers);
      w.add(
        'sup_science',
        {
          supplierName: s.name,
          supplierId: s.id,
          certType: type,
          certName: name,
          certNo: type === '1' ? s.creditCode : `${rng.pick(['D', 'ZC', 'CQC', 'GR'])}${rng.digits(9)}`,
          qualLevel: level,
          issuer,
          issueDate: issue,
          expiryDate: expiry,
          certStatus: expiry < w.daysAgo(0) ? '3' : '1',
          verified: rng.chance(0.8) ? '1' : '0',
          verifier: verifier.username,
          certFile: null,
          remark: null,
        },
        verifier,
        issue > w.daysAgo(30) ? issue : w.between(issue, w.daysAgo(30)),
      );
    }
  }
}

function evaluations(w: World, suppliers: Supplier[]): void {
  const { rng } = w;
  const evaluators = w.staff('supplier_manager', 'project_manager', 'dept_manager');
  const pool = suppliers.filter((s) => s.row.supplierStatus !== '1');
  for (let i = 0; i < 300; i++) {
    const s = rng.pick(pool);
    const { status, date } = w.approval();
    const quality = w.m(rng.float(16, 30, 1));
    const scale = quality / 30;
    const clamp = (x: number, max: number) => Math.min(max, Math.max(0, w.m(x)));
    const period = rng.weighted([
      ['1', 50],
      ['2', 30],
      ['3', 20],
    ] as const);
    const year = Number(date.slice(0, 4));
    const by = rng.pick(evaluators);
    w.add(
      'sup_evaluate',
      {
        evaluateNo: w.no('sup_evaluate_no', date),
        supplierName: s.name,
        supplierId: s.id,
        evaluatePeriod: period,
        evaluateTerm:
          period === '1' ? `${year}Q${Math.ceil(Number(date.slice(5, 7)) / 3)}` : period === '2' ? String(year - 1) : `XM${year}`,
        projectId: null,
        qualityScore: quality,
        deliveryScore: clamp(25 * scale + rng.float(-3, 2, 1), 25),
        priceScore: clamp(15 * scale + rng.float(-2, 1.5, 1), 15),
        serviceScore: clamp(15 * scale + rng.float(-2, 1.5, 1), 15),
        safetyScore: clamp(15 * scale + rng.float(-2, 1, 1), 15),
        evaluator: by.username,
        evaluateDate: date,
        opinion: quality >= 24 ? '履约情况良好，配合积极' : quality >= 18 ? '基本满足要求，进度需加强' : '质量问题较多，建议约谈整改',
        approvalStatus: status,
      },
      by,
      date,
    );
  }
}

const CHANGES: readonly (readonly [item: string, before: string, after: string])[] = [
  ['5', '联系人：王建国 13812345678', '联系人：李海燕 13987654321'],
  ['4', '注册地址：工业园区创业路18号', '注册地址：高新区科技路88号'],
  ['3', '注册资本：500万元', '注册资本：1000万元'],
  ['6', '开户银行：中国建设银行', '开户银行：中国工商银行'],
  ['2', '法定代表人：张志强', '法定代表人：刘宏伟'],
  ['8', '资质等级：三级', '资质等级：二级'],
];

function changes(w: World, suppliers: Supplier[]): void {
  const { rng } = w;
  const applicants = w.staff('supplier_manager');
  for (let i = 0; i < 100; i++) {
    const s = rng.pick(suppliers);
    const [item, before, after] = rng.pick(CHANGES);
    const { status, date } = w.approval();
    const by = rng.pick(applicants);
    w.add(
      'sup_update',
      {
        changeNo: w.no('sup_change_no', date),
        supplierName: s.name,
        supplierId: s.id,
        changeItems: item,
        beforeContent: before,
        afterContent: after,
        changeReason: '供应商提交工商变更材料，申请更新档案信息',
        effectiveDate: w.plus(date, rng.int(0, 15)),
        proofFile: null,
        applicant: by.username,
        applyDate: date,
        approvalStatus: status,
      },
      by,
      date,
    );
  }
}
