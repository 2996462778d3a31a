import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/tables.js';
import { newId } from '../db/ids.js';
import { formatDate, formatDateTime } from '../../shared/time.js';
import type { SeededDepart } from './org.js';
import { createRng } from './random.js';
import { inTransaction } from '../db/transaction.js';

/** A user written by {@link seedUsers}. `orgCode` is the primary department. */
export interface SeededUser {
  id: string;
  username: string;
  realname: string;
  orgCode: string;
  roleCodes: string[];
}

/** A role written by {@link seedUsers}. */
export interface SeededRole {
  id: string;
  roleCode: string;
  roleName: string;
}

/** The seeded roles (business-screens.md §5.1). */
export const SEED_ROLES: readonly { roleCode: string; roleName: string; description: string }[] = [
  { roleCode: 'admin', roleName: '管理员', description: '系统管理员，拥有全部权限' },
  { roleCode: 'oa_staff', roleName: 'OA专员', description: 'OA审批：发起与处理各类审批单' },
  { roleCode: 'finance', roleName: '财务', description: '财务管理：银行账户、收付款、发票、工资' },
  { roleCode: 'warehouse', roleName: '仓管员', description: '仓储与资产：库存、采购订单、车辆、租赁' },
  { roleCode: 'project_manager', roleName: '项目经理', description: '项目管理：立项、合同、产值、回款' },
  { roleCode: 'engineering', roleName: '工程产值管理员', description: '智慧工程：工程产值（WBS）与确权单' },
  { roleCode: 'supplier_manager', roleName: '供应商管理员', description: '供应商管理与服务采购' },
  { roleCode: 'general_manager', roleName: '总经理', description: '公司负责人，审批终审' },
  { roleCode: 'dept_manager', roleName: '部门经理', description: '部门负责人，审批本部门单据' },
];

interface UserDef {
  realname: string;
  /** Pinyin of the name; the username is this, with 2, 3… appended on a clash. */
  pinyin: string;
  sex: 1 | 2;
  orgCode: string;
  post: string;
  roles: string[];
  /** Further departments the user belongs to (sys_user_depart). */
  extraOrgCodes?: string[];
  /** Head of the primary department (user_identity 2, depart_ids = that department). */
  head?: boolean;
  /** Login name used as is (demo users). */
  username?: string;
}

/** admin, then the staff (names from the §5.1 pool), then one demo user per product variant. */
const USERS: readonly UserDef[] = [
  { realname: '管理员', pinyin: 'admin', username: 'admin', sex: 1, orgCode: 'A01', post: '系统管理员', roles: ['admin'] },
  { realname: '张伟', pinyin: 'zhangwei', sex: 1, orgCode: 'A01', post: '总经理', roles: ['general_manager'], head: true },
  { realname: '杨磊', pinyin: 'yanglei', sex: 1, orgCode: 'A01A01', post: '办公室主任', roles: ['dept_manager', 'oa_staff'], head: true },
  { realname: '赵敏', pinyin: 'zhaomin', sex: 2, orgCode: 'A01A01', post: '行政专员', roles: ['oa_staff'] },
  { realname: '吴婷', pinyin: 'wuting', sex: 2, orgCode: 'A01A01', post: '文秘', roles: ['oa_staff'] },
  { realname: '陈静', pinyin: 'chenjing', sex: 2, orgCode: 'A01A02', post: '财务经理', roles: ['finance', 'dept_manager'], head: true },
  { realname: '王芳', pinyin: 'wangfang', sex: 2, orgCode: 'A01A02', post: '出纳', roles: ['finance'] },
  { realname: '李娜', pinyin: 'lina', sex: 2, orgCode: 'A01A02', post: '会计', roles: ['finance'] },
  { realname: '黄涛', pinyin: 'huangtao', sex: 1, orgCode: 'A01A03', post: '经营部经理', roles: ['dept_manager'], head: true },
  { realname: '周杰', pinyin: 'zhoujie', sex: 1, orgCode: 'A01A03', post: '商务经理', roles: ['oa_staff'] },
  { realname: '宋佳', pinyin: 'songjia', sex: 2, orgCode: 'A01A03', post: '投标专员', roles: ['oa_staff'] },
  {
    realname: '徐强',
    pinyin: 'xuqiang',
    sex: 1,
    orgCode: 'A01A04',
    post: '工程管理部经理',
    roles: ['dept_manager'],
    head: true,
    extraOrgCodes: ['A01A07'],
  },
  { realname: '孙丽', pinyin: 'sunli', sex: 2, orgCode: 'A01A04', post: '资料员', roles: ['oa_staff', 'engineering'] },
  {
    realname: '朱红',
    pinyin: 'zhuhong',
    sex: 2,
    orgCode: 'A01A05',
    post: '物资设备部经理',
    roles: ['dept_manager', 'warehouse', 'supplier_manager'],
    head: true,
  },
  { realname: '胡斌', pinyin: 'hubin', sex: 1, orgCode: 'A01A05', post: '仓管员', roles: ['warehouse'] },
  { realname: '郭鹏', pinyin: 'guopeng', sex: 1, orgCode: 'A01A05', post: '采购员', roles: ['warehouse', 'supplier_manager'] },
  { realname: '田野', pinyin: 'tianye', sex: 1, orgCode: 'A01A05', post: '仓管员', roles: ['warehouse'], extraOrgCodes: ['A01A12A02'] },
  { realname: '彭飞', pinyin: 'pengfei', sex: 1, orgCode: 'A01A06', post: '技术质量部经理', roles: ['dept_manager'], head: true },
  { realname: '何雪', pinyin: 'hexue', sex: 2, orgCode: 'A01A06', post: '质量工程师', roles: ['oa_staff'] },
  { realname: '罗琳', pinyin: 'luolin', sex: 2, orgCode: 'A01A07', post: '安全员', roles: ['oa_staff'] },
  { realname: '梁宇', pinyin: 'liangyu', sex: 1, orgCode: 'A01A08', post: '人力资源部经理', roles: ['dept_manager'], head: true },
  { realname: '谢芳', pinyin: 'xiefang', sex: 2, orgCode: 'A01A08', post: '人事专员', roles: ['oa_staff'] },
  {
    realname: '刘洋',
    pinyin: 'liuyang',
    sex: 1,
    orgCode: 'A01A09A01',
    post: '项目经理',
    roles: ['project_manager'],
    extraOrgCodes: ['A01A09A02'],
  },
  { realname: '马超', pinyin: 'machao', sex: 1, orgCode: 'A01A09A02', post: '项目经理', roles: ['project_manager'] },
  { realname: '张伟', pinyin: 'zhangwei', sex: 1, orgCode: 'A01A09A01', post: '施工员', roles: ['oa_staff'] },
  { realname: '高翔', pinyin: 'gaoxiang', sex: 1, orgCode: 'A01A10A01', post: '项目经理', roles: ['project_manager'] },
  { realname: '韩冰', pinyin: 'hanbing', sex: 2, orgCode: 'A01A10', post: '资料员', roles: ['oa_staff'] },
  { realname: '林峰', pinyin: 'linfeng', sex: 1, orgCode: 'A01A11A01', post: '项目经理', roles: ['project_manager'] },
  { realname: '冯雪', pinyin: 'fengxue', sex: 2, orgCode: 'A01A11A02', post: '运维工程师', roles: ['oa_staff'] },
  { realname: '郑凯', pinyin: 'zhengkai', sex: 1, orgCode: 'A01A12A01', post: '项目经理', roles: ['project_manager'] },
  { realname: '程晨', pinyin: 'chengchen', sex: 2, orgCode: 'A01A12A02', post: '会计', roles: ['finance'] },
  { realname: '曹阳', pinyin: 'caoyang', sex: 1, orgCode: 'A01A13', post: '分公司经理', roles: ['dept_manager'], head: true },
  { realname: '唐亮', pinyin: 'tangliang', sex: 1, orgCode: 'A01A13A01', post: '项目经理', roles: ['project_manager'] },
  { realname: '董浩', pinyin: 'donghao', sex: 1, orgCode: 'A01A14A01', post: '项目经理', roles: ['project_manager'] },
  { realname: '许鑫', pinyin: 'xuxin', sex: 1, orgCode: 'A01A14A02', post: '综合主管', roles: ['oa_staff'] },
  { realname: 'OA演示用户', pinyin: 'oa_demo', username: 'oa_demo', sex: 1, orgCode: 'A01A01', post: '演示账号', roles: ['oa_staff'] },
  { realname: '财务演示用户', pinyin: 'bss_demo', username: 'bss_demo', sex: 2, orgCode: 'A01A02', post: '演示账号', roles: ['finance'] },
  { realname: '仓储演示用户', pinyin: 'wms_demo', username: 'wms_demo', sex: 1, orgCode: 'A01A05', post: '演示账号', roles: ['warehouse'] },
  {
    realname: '项目演示用户',
    pinyin: 'pm_demo',
    username: 'pm_demo',
    sex: 1,
    orgCode: 'A01A09',
    post: '演示账号',
    roles: ['project_manager'],
  },
  {
    realname: '工程演示用户',
    pinyin: 'iee_demo',
    username: 'iee_demo',
    sex: 1,
    orgCode: 'A01A04',
    post: '演示账号',
    roles: ['engineering'],
  },
  {
    realname: '供应商演示用户',
    pinyin: 'sup_demo',
    username: 'sup_demo',
    sex: 2,
    orgCode: 'A01A05',
    post: '演示账号',
    roles: ['supplier_manager'],
  },
];

/** Mobile prefixes 13x/15x/17x/18x (spec 5.1 mobile rule: 1, then 3/4/5/7/8, then 9 digits). */
const MOBILE_PREFIXES = ['130', '131', '132', '133', '135', '136', '137', '138', '139', '150', '151', '152', '155', '156', '158', '159'];
const MOBILE_PREFIXES_2 = ['170', '173', '176', '177', '180', '181', '182', '185', '186', '187', '188', '189'];

/**
 * Seeds the roles (SEED_ROLES) and users: `admin` (管理员, A01, role admin), 34 staff spread
 * over the departments (finance 王芳 出纳 / 李娜 会计, warehouse staff in 物资设备部, project
 * managers in the business units and branches…), and the demo users oa_demo, bss_demo,
 * wms_demo, pm_demo, iee_demo, sup_demo (one per product variant). Writes sys_role, sys_user, sys_user_depart (three users in two
 * departments) and sys_user_role in one transaction. Personal data (birthday, phone) comes from
 * a fixed-seed PRNG, so it is the same on every install.
 * @param db the open database (migrations applied)
 * @param opts.passwordHash Argon2id hash (modules/auth/password.ts) stored as every seeded user's password (first-start password)
 * @param opts.departs the departments from seedOrg (orgCode → id)
 * @returns the users (admin first) and roles written
 * @throws Error when a user's department is missing from `departs`; database errors (e.g. an
 *   existing username or role code) roll the transaction back and are rethrown
 */
export async function seedUsers(
  db: Db,
  opts: { passwordHash: string; departs: SeededDepart[] },
): Promise<{ users: SeededUser[]; roles: SeededRole[] }> {
  const rng = createRng('seed:users');
  const now = formatDateTime();
  const departByCode = new Map(opts.departs.map((d) => [d.orgCode, d]));
  const depart = (code: string): SeededDepart => {
    const d = departByCode.get(code);
    if (!d) throw new Error(`seedUsers: department ${code} was not seeded`);
    return d;
  };

  const roles: SeededRole[] = SEED_ROLES.map((r) => ({ id: newId(), roleCode: r.roleCode, roleName: r.roleName }));
  const roleByCode = new Map(roles.map((r) => [r.roleCode, r]));
  const roleRows: Insertable<Database['sys_role']>[] = SEED_ROLES.map((r) => ({
    id: roleByCode.get(r.roleCode)!.id,
    role_code: r.roleCode,
    role_name: r.roleName,
    description: r.description,
    tenant_id: 0,
    create_by: 'admin',
    create_time: now,
    update_by: null,
    update_time: null,
  }));

  const users: SeededUser[] = [];
  const userRows: Insertable<Database['sys_user']>[] = [];
  const userDepartRows: Insertable<Database['sys_user_depart']>[] = [];
  const userRoleRows: Insertable<Database['sys_user_role']>[] = [];
  const usernames = new Set<string>();
  const phones = new Set<string>();
  const baseYear = new Date().getFullYear();

  USERS.forEach((def, index) => {
    let username = def.username ?? def.pinyin;
    for (let n = 2; usernames.has(username); n++) username = `${def.pinyin}${n}`;
    usernames.add(username);

    let phone: string;
    do {
      phone = rng.pick(rng.chance(0.7) ? MOBILE_PREFIXES : MOBILE_PREFIXES_2) + rng.digits(8);
    } while (phones.has(phone));
    phones.add(phone);

    const senior = def.head || def.post.includes('经理');
    const age = senior ? rng.int(36, 55) : rng.int(24, 45);
    const birthday = formatDate(new Date(baseYear - age, rng.int(0, 11), rng.int(1, 28)));
    const primary = depart(def.orgCode);
    const orgCodes = [def.orgCode, ...(def.extraOrgCodes ?? [])];
    for (const code of orgCodes) depart(code);

    const id = newId();
    users.push({ id, username, realname: def.realname, orgCode: def.orgCode, roleCodes: [...def.roles] });
    userRows.push({
      id,
      username,
      realname: def.realname,
      password: opts.passwordHash,
      avatar: null,
      birthday,
      sex: def.sex,
      email: `${username}@zjzl.com.cn`,
      phone,
      telephone: null,
      org_code: def.orgCode,
      status: 1,
      del_flag: 0,
      work_no: `ZJ${String(index + 1).padStart(4, '0')}`,
      post: def.post,
      user_identity: def.head ? 2 : 1,
      depart_ids: def.head ? primary.id : null,
      rel_tenant_ids: null,
      client_id: null,
      login_fail_count: 0,
      lock_until: null,
      create_by: 'admin',
      create_time: now,
      update_by: null,
      update_time: null,
    });
    for (const code of orgCodes) userDepartRows.push({ id: newId(), user_id: id, dep_id: depart(code).id });
    for (const roleCode of def.roles) {
      const role = roleByCode.get(roleCode);
      if (!role) throw new Error(`seedUsers: role ${roleCode} is not defined`);
      userRoleRows.push({ id: newId(), user_id: id, role_id: role.id });
    }
  });

  await inTransaction(db, async (trx) => {
    await trx.insertInto('sys_role').values(roleRows).execute();
    await trx.insertInto('sys_user').values(userRows).execute();
    await trx.insertInto('sys_user_depart').values(userDepartRows).execute();
    await trx.insertInto('sys_user_role').values(userRoleRows).execute();
  });
  return { users, roles };
}
