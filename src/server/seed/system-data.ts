import type { Db } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { formatDateTime } from '../../shared/time.js';
import { inTransaction } from '../db/transaction.js';

/** Positions (sys_position, api-contract §5.6): code, name, rank (dict position_rank 1 员级 … 5 正高级). */
export const SEED_POSITIONS: readonly (readonly [code: string, name: string, rank: string])[] = [
  ['zjl', '总经理', '5'],
  ['fzjl', '副总经理', '5'],
  ['zgcs', '总工程师', '5'],
  ['bgszr', '办公室主任', '4'],
  ['cwjl', '财务经理', '4'],
  ['jybjl', '经营部经理', '4'],
  ['gcglbjl', '工程管理部经理', '4'],
  ['wzsbbjl', '物资设备部经理', '4'],
  ['jszlbjl', '技术质量部经理', '4'],
  ['rlzybjl', '人力资源部经理', '4'],
  ['fgsjl', '分公司经理', '4'],
  ['xmjl', '项目经理', '4'],
  ['xtgly', '系统管理员', '3'],
  ['kj', '会计', '3'],
  ['swjl', '商务经理', '3'],
  ['zlgcs', '质量工程师', '3'],
  ['ywgcs', '运维工程师', '3'],
  ['zhzg', '综合主管', '3'],
  ['xzzy', '行政专员', '2'],
  ['cn', '出纳', '2'],
  ['tbzy', '投标专员', '2'],
  ['caigou', '采购员', '2'],
  ['aqy', '安全员', '2'],
  ['rszy', '人事专员', '2'],
  ['sgy', '施工员', '2'],
  ['jsy', '技术员', '2'],
  ['wm', '文秘', '1'],
  ['zly', '资料员', '1'],
  ['cgy', '仓管员', '1'],
  ['demo', '演示账号', '1'],
];

/** Category trees of business-screens.md §2.2: [code, name], parents before children. */
export const SEED_CATEGORIES: readonly (readonly [code: string, name: string])[] = [
  ['C01', '物资分类'],
  ['C01A01', '通信线缆'],
  ['C01A01A01', '室外光缆'],
  ['C01A01A02', '数据电缆'],
  ['C01A01A03', '电力电缆'],
  ['C01A02', '光配及配件'],
  ['C01A02A01', '光交箱'],
  ['C01A02A02', '尾纤跳纤'],
  ['C01A03', '网络及安防设备'],
  ['C01A03A01', '交换机'],
  ['C01A03A02', '摄像机'],
  ['C01A03A03', '门禁'],
  ['C01A04', '电气材料'],
  ['C01A04A01', '配电箱'],
  ['C01A04A02', '桥架线槽'],
  ['C01A05', '管材管件'],
  ['C01A05A01', 'PE管'],
  ['C01A05A02', '镀锌钢管'],
  ['C01A06', '施工机具'],
  ['C01A07', '劳保用品'],
  ['C01A08', '办公用品'],
  ['C02', '资质分类'],
  ['C02A01', '企业资质'],
  ['C02A01A01', '施工总承包资质'],
  ['C02A01A02', '专业承包资质'],
  ['C02A01A03', '工程设计资质'],
  ['C02A01A04', '安全生产许可证'],
  ['C02A01A05', '通信网络代维资质'],
  ['C02A02', '体系认证'],
  ['C02A02A01', 'ISO9001'],
  ['C02A02A02', 'ISO14001'],
  ['C02A02A03', 'ISO45001'],
  ['C02A03', '人员证书'],
  ['C02A03A01', '一级建造师'],
  ['C02A03A02', '二级建造师'],
  ['C02A03A03', '安全生产考核合格证（A/B/C）'],
  ['C02A03A04', '特种作业操作证'],
  ['C02A03A05', '造价工程师'],
  ['C02A04', '荣誉奖项'],
];

/** Organisation units (spec 2.6 OS switcher): [code, name, department orgCode prefix whose users belong]. */
export const SEED_OSS: readonly (readonly [code: string, name: string, departPrefix: string | null])[] = [
  ['A01', '中冀智联集团', null],
  ['A01A01', '北京总部', 'A01'],
  ['A01A02', '天津分公司', 'A01A12'],
  ['A01A03', '河北分公司', 'A01A13'],
  ['A01A04', '山东分公司', 'A01A14'],
];

/**
 * Seeds the reference data of system administration: positions (and the users'
 * `post` names turned into position codes, api-contract §5.1), the category trees of
 * business-screens §2.2, and organisation units with their members (a user belongs to the
 * branch unit of their departments, otherwise 北京总部; admin and the general manager to all,
 * and the group unit too). One transaction; rows already present (by code) are kept.
 */
export async function seedSystemData(db: Db): Promise<void> {
  const now = formatDateTime();
  const audit = { create_by: 'admin', create_time: now, update_by: null, update_time: null };
  await inTransaction(db, async (trx) => {
    const havePositions = new Set((await trx.selectFrom('sys_position').select('code').execute()).map((r) => r.code));
    const positions = SEED_POSITIONS.filter(([code]) => !havePositions.has(code));
    if (positions.length)
      await trx
        .insertInto('sys_position')
        .values(
          positions.map(([code, name, rank]) => ({
            id: newId(),
            code,
            name,
            post_rank: rank,
            company_id: null,
            sys_org_code: 'A01',
            ...audit,
          })),
        )
        .execute();
    for (const [code, name] of SEED_POSITIONS) await trx.updateTable('sys_user').set({ post: code }).where('post', '=', name).execute();

    const haveCats = new Map((await trx.selectFrom('sys_category').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
    const cats = [];
    for (const [code, name] of SEED_CATEGORIES) {
      if (haveCats.has(code)) continue;
      const id = newId();
      const parentCode = code.length > 3 ? code.slice(0, -3) : null;
      const hasChild = SEED_CATEGORIES.some(([c]) => c.length === code.length + 3 && c.startsWith(code));
      cats.push({
        id,
        pid: parentCode ? haveCats.get(parentCode)! : '0',
        name,
        code,
        has_child: hasChild ? '1' : '0',
        sys_org_code: 'A01',
        ...audit,
      });
      haveCats.set(code, id);
    }
    if (cats.length) await trx.insertInto('sys_category').values(cats).execute();

    const haveOs = new Map((await trx.selectFrom('sys_os').select(['id', 'os_code']).execute()).map((r) => [r.os_code, r.id]));
    if (haveOs.size) return;
    const oss = SEED_OSS.map(([code, name], i) => {
      const id = newId();
      haveOs.set(code, id);
      const parent = code.length > 3 ? haveOs.get(code.slice(0, -3))! : null;
      return { id, parent_id: parent, os_name: name, os_code: code, os_order: i, description: null, status: '1', del_flag: '0', ...audit };
    });
    await trx.insertInto('sys_os').values(oss).execute();
    const users = await trx.selectFrom('sys_user').select(['id', 'username', 'org_code']).execute();
    const links: { id: string; user_id: string; os_id: string }[] = [];
    const codes = new Map<string, string>();
    for (const u of users) {
      const everywhere = u.username === 'admin' || u.username === 'zhangwei';
      const branch = SEED_OSS.find(([, , prefix]) => prefix && prefix !== 'A01' && (u.org_code ?? '').startsWith(prefix));
      const mine = everywhere ? SEED_OSS.map(([c]) => c) : [branch ? branch[0] : 'A01A01'];
      for (const c of mine) links.push({ id: newId(), user_id: u.id, os_id: haveOs.get(c)! });
      codes.set(u.id, everywhere ? 'A01' : mine[0]);
    }
    if (links.length) await trx.insertInto('sys_user_os').values(links).execute();
    for (const [userId, code] of codes) await trx.updateTable('sys_user').set({ os_code: code }).where('id', '=', userId).execute();
  });
}
