import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/tables.js';
import { newId } from '../db/ids.js';
import { formatDateTime } from '../../shared/time.js';
import { inTransaction } from '../db/transaction.js';

/** A department written by {@link seedOrg}, as later seed steps need it. */
export interface SeededDepart {
  id: string;
  orgCode: string;
  departName: string;
  parentId: string | null;
}

interface DepartDef {
  orgCode: string;
  name: string;
  abbr?: string;
  nameEn?: string;
  /** A mobile number: JeecgBoot's department form checks this field with its mobile rule. */
  mobile: string;
  fax: string;
  address: string;
  description?: string;
}

const HQ_ADDRESS = '北京市丰台区南四环西路188号总部基地十二区26号楼';
const TJ_ADDRESS = '天津市滨海新区第三大街51号滨海金融街E3座8层';
const HB_ADDRESS = '河北省石家庄市长安区中山东路508号东胜广场B座15层';
const SD_ADDRESS = '山东省济南市历下区经十路9777号鲁商国奥城3号楼12层';

/**
 * The organisation tree of business-screens.md §5.1; orgCodes follow the YouBianCode scheme of
 * api-contract §5.4 (each level adds one letter and two digits). Parents are listed before children.
 */
const DEPARTS: readonly DepartDef[] = [
  {
    orgCode: 'A01',
    name: '中冀智联工程技术有限公司',
    abbr: '中冀智联',
    nameEn: 'Zhongji Zhilian Engineering Technology Co., Ltd.',
    mobile: '13863786200',
    fax: '010-63786299',
    address: HQ_ADDRESS,
    description: '通信工程、智能化工程、机电安装及运维服务',
  },
  {
    orgCode: 'A01A01',
    name: '综合办公室',
    mobile: '13863786201',
    fax: '010-63786299',
    address: HQ_ADDRESS,
    description: '行政、文秘、印章及车辆管理',
  },
  {
    orgCode: 'A01A02',
    name: '财务部',
    mobile: '13863786210',
    fax: '010-63786219',
    address: HQ_ADDRESS,
    description: '会计核算、资金与税务管理',
  },
  {
    orgCode: 'A01A03',
    name: '经营部',
    mobile: '13863786220',
    fax: '010-63786229',
    address: HQ_ADDRESS,
    description: '市场开发、投标与合同管理',
  },
  {
    orgCode: 'A01A04',
    name: '工程管理部',
    mobile: '13863786230',
    fax: '010-63786239',
    address: HQ_ADDRESS,
    description: '项目进度、产值与分包管理',
  },
  {
    orgCode: 'A01A05',
    name: '物资设备部',
    mobile: '13863786240',
    fax: '010-63786249',
    address: HQ_ADDRESS,
    description: '物资采购、仓储、车辆与设备管理',
  },
  {
    orgCode: 'A01A06',
    name: '技术质量部',
    mobile: '13863786250',
    fax: '010-63786259',
    address: HQ_ADDRESS,
    description: '技术方案、质量检查与科技管理',
  },
  {
    orgCode: 'A01A07',
    name: '安全管理部',
    mobile: '13863786260',
    fax: '010-63786269',
    address: HQ_ADDRESS,
    description: '安全生产监督与培训',
  },
  {
    orgCode: 'A01A08',
    name: '人力资源部',
    mobile: '13863786270',
    fax: '010-63786279',
    address: HQ_ADDRESS,
    description: '招聘、薪酬与劳务人员管理',
  },
  {
    orgCode: 'A01A09',
    name: '通信工程事业部',
    mobile: '13863786280',
    fax: '010-63786289',
    address: HQ_ADDRESS,
    description: '5G基站、传输及光缆线路工程',
  },
  {
    orgCode: 'A01A10',
    name: '智能化事业部',
    mobile: '13863786290',
    fax: '010-63786298',
    address: HQ_ADDRESS,
    description: '建筑智能化、弱电及安防工程',
  },
  {
    orgCode: 'A01A11',
    name: '运维事业部',
    mobile: '13863786300',
    fax: '010-63786309',
    address: HQ_ADDRESS,
    description: '通信网络与数据中心运维服务',
  },
  { orgCode: 'A01A12', name: '天津分公司', mobile: '13825326800', fax: '022-25326809', address: TJ_ADDRESS, description: '天津区域业务' },
  {
    orgCode: 'A01A13',
    name: '河北分公司',
    mobile: '13885236600',
    fax: '0311-85236609',
    address: HB_ADDRESS,
    description: '河北区域业务（含雄安新区）',
  },
  {
    orgCode: 'A01A14',
    name: '山东分公司',
    mobile: '13888812600',
    fax: '0531-88812609',
    address: SD_ADDRESS,
    description: '山东区域业务',
  },
  { orgCode: 'A01A09A01', name: '基站工程部', mobile: '13863786281', fax: '010-63786289', address: HQ_ADDRESS },
  { orgCode: 'A01A09A02', name: '传输工程部', mobile: '13863786282', fax: '010-63786289', address: HQ_ADDRESS },
  { orgCode: 'A01A10A01', name: '弱电工程部', mobile: '13863786291', fax: '010-63786298', address: HQ_ADDRESS },
  { orgCode: 'A01A10A02', name: '安防工程部', mobile: '13863786292', fax: '010-63786298', address: HQ_ADDRESS },
  { orgCode: 'A01A11A01', name: '通信运维部', mobile: '13863786301', fax: '010-63786309', address: HQ_ADDRESS },
  { orgCode: 'A01A11A02', name: '数据中心运维部', mobile: '13863786302', fax: '010-63786309', address: HQ_ADDRESS },
  { orgCode: 'A01A12A01', name: '项目一部', mobile: '13825326801', fax: '022-25326809', address: TJ_ADDRESS },
  { orgCode: 'A01A12A02', name: '综合部', mobile: '13825326802', fax: '022-25326809', address: TJ_ADDRESS },
  { orgCode: 'A01A13A01', name: '项目一部', mobile: '13885236601', fax: '0311-85236609', address: HB_ADDRESS },
  {
    orgCode: 'A01A13A02',
    name: '雄安项目部',
    mobile: '13803125586',
    fax: '0312-5586619',
    address: '河北省雄安新区容城县容东片区G组团商务服务中心3号楼',
  },
  { orgCode: 'A01A14A01', name: '项目一部', mobile: '13888812601', fax: '0531-88812609', address: SD_ADDRESS },
  { orgCode: 'A01A14A02', name: '综合部', mobile: '13888812602', fax: '0531-88812609', address: SD_ADDRESS },
];

/** Parent orgCode of a YouBianCode (drops the last 3-character segment); null for a root. */
function parentCode(orgCode: string): string | null {
  return orgCode.length > 3 ? orgCode.slice(0, -3) : null;
}

/**
 * Seeds `sys_depart` with the company tree (root A01 中冀智联工程技术有限公司, 14 departments and
 * branches A01A01…A01A14 in the order of business-screens.md §5.1, 12 third-level departments).
 * Root: org_category '1', org_type '1', parent_id null; others org_category '2', org_type = depth.
 * One transaction; throws (and writes nothing) when an orgCode already exists.
 * @param db the open database (migrations applied)
 * @returns the departments in insertion order (parents first)
 */
export async function seedOrg(db: Db): Promise<SeededDepart[]> {
  const now = formatDateTime();
  const byCode = new Map<string, SeededDepart>();
  const rows: Insertable<Database['sys_depart']>[] = [];
  const siblingOrder = new Map<string, number>();
  for (const d of DEPARTS) {
    const pCode = parentCode(d.orgCode);
    const parent = pCode ? byCode.get(pCode) : undefined;
    if (pCode && !parent) throw new Error(`seedOrg: parent ${pCode} of ${d.orgCode} is not defined before it`);
    const seeded: SeededDepart = { id: newId(), orgCode: d.orgCode, departName: d.name, parentId: parent?.id ?? null };
    byCode.set(d.orgCode, seeded);
    const order = (siblingOrder.get(pCode ?? '') ?? 0) + 1;
    siblingOrder.set(pCode ?? '', order);
    rows.push({
      id: seeded.id,
      parent_id: seeded.parentId,
      depart_name: d.name,
      depart_name_en: d.nameEn ?? null,
      depart_name_abbr: d.abbr ?? null,
      depart_order: order,
      description: d.description ?? null,
      org_category: pCode ? '2' : '1',
      org_type: String(d.orgCode.length / 3),
      org_code: d.orgCode,
      mobile: d.mobile,
      fax: d.fax,
      address: d.address,
      memo: null,
      status: '1',
      del_flag: '0',
      tenant_id: 0,
      create_by: 'admin',
      create_time: now,
      update_by: null,
      update_time: null,
    });
  }
  await inTransaction(db, async (trx) => {
    await trx.insertInto('sys_depart').values(rows).execute();
  });
  return [...byCode.values()];
}
