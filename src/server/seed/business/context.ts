import type { Db } from '../../db/connection.js';
import type { SeededDepart } from '../org.js';
import type { SeededUser } from '../users.js';
import type { Rng } from '../random.js';
import { formatDateTime } from '../../../shared/time.js';
import { inTransaction } from '../../db/transaction.js';

/** What every business row generator receives (business-screens.md §5). */
export interface BusinessSeedContext {
  users: SeededUser[];
  departs: SeededDepart[];
  /** Seeded PRNG: the same seed gives the same rows. */
  rng: Rng;
  /** Dates are laid out relative to this day (history: the 24 months before it). */
  baseDate: Date;
  /** Category ids (sys_category) by code, for cat_tree fields (物资分类 C01…, 资质分类 C02…). */
  categories?: ReadonlyMap<string, string>;
}

const DAY_MS = 86_400_000;

/** Rounds to 2 decimals (money, decimal(18,2)). */
export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * The system columns of a business row (id excluded): creator, create/update times between
 * `created` and `baseDate`, and the creator's department code as sys_org_code.
 * @param ctx the seed context (update_time never passes ctx.baseDate)
 * @param creator the user who "created" the row
 * @param created creation instant (clamped to ≤ baseDate)
 */
export function auditColumns(
  ctx: BusinessSeedContext,
  creator: SeededUser,
  created: Date,
): { create_by: string; create_time: string; update_by: string | null; update_time: string | null; sys_org_code: string } {
  const base = ctx.baseDate.getTime();
  const createdMs = Math.min(created.getTime(), base - 3_600_000);
  const updated = ctx.rng.chance(0.45) ? new Date(Math.min(createdMs + ctx.rng.next() * 120 * DAY_MS, base - 60_000)) : null;
  return {
    create_by: creator.username,
    create_time: formatDateTime(new Date(createdMs)),
    update_by: updated ? creator.username : null,
    update_time: updated ? formatDateTime(updated) : null,
    sys_org_code: creator.orgCode,
  };
}

/** Users holding one of `roleCodes`; all users when none does (small test contexts). */
export function usersWithRole(ctx: BusinessSeedContext, ...roleCodes: string[]): SeededUser[] {
  const found = ctx.users.filter((u) => u.roleCodes.some((r) => roleCodes.includes(r)));
  return found.length > 0 ? found : ctx.users;
}

/** Departments whose name matches `pattern`; all departments when none does. */
export function departsNamed(ctx: BusinessSeedContext, pattern: RegExp): SeededDepart[] {
  const found = ctx.departs.filter((d) => pattern.test(d.departName));
  return found.length > 0 ? found : ctx.departs;
}

/**
 * Inserts rows into a business table in batches (at most 500 rows and ~30,000 bind
 * parameters per statement), all inside one transaction.
 * @param db the open database
 * @param table physical table name (created beforehand by the schema engine)
 * @param rows rows keyed by DB column; every row should have the same keys
 * @throws database errors (unknown table/column, constraint violation) after rolling back
 */
export async function insertRows(db: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Math.max(1, Object.keys(rows[0]).length);
  const batch = Math.max(1, Math.min(500, Math.floor(30_000 / columns)));
  await inTransaction(db, async (trx) => {
    for (let i = 0; i < rows.length; i += batch) {
      await trx
        .insertInto(table as any)
        .values(rows.slice(i, i + batch) as any)
        .execute();
    }
  });
}

/** The company's four regions (head office Beijing; branches Tianjin, Hebei, Shandong). */
export type Region = 'BJ' | 'TJ' | 'HB' | 'SD';

/** Region of a department: from its own or an ancestor's name (天津/河北/雄安/山东), else Beijing. */
export function regionOfDepart(departs: readonly SeededDepart[], orgCode: string): Region {
  const byId = new Map(departs.map((d) => [d.id, d]));
  let d = departs.find((x) => x.orgCode === orgCode);
  while (d) {
    if (/天津/.test(d.departName)) return 'TJ';
    if (/河北|雄安|石家庄|保定|廊坊/.test(d.departName)) return 'HB';
    if (/山东|济南/.test(d.departName)) return 'SD';
    d = d.parentId ? byId.get(d.parentId) : undefined;
  }
  return 'BJ';
}

/** Users of `candidates` working in `region`; all candidates when none does. */
export function usersInRegion(ctx: BusinessSeedContext, candidates: SeededUser[], region: Region): SeededUser[] {
  const found = candidates.filter((u) => regionOfDepart(ctx.departs, u.orgCode) === region);
  return found.length > 0 ? found : candidates;
}

/** Real staff first: drops the demo accounts (`*_demo`) unless nothing else is left. */
export function preferStaff(users: SeededUser[]): SeededUser[] {
  const staff = users.filter((u) => !u.username.endsWith('_demo'));
  return staff.length > 0 ? staff : users;
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗'];
const GIVEN = [
  '晓东',
  '海燕',
  '建国',
  '丽娟',
  '志强',
  '雪梅',
  '俊杰',
  '文静',
  '国华',
  '秀英',
  '子豪',
  '欣怡',
  '明辉',
  '春燕',
  '宏伟',
  '婷婷',
  '浩然',
  '佳琪',
];

/** An invented Chinese person name (outside contacts, not system users). */
export function personName(rng: Rng): string {
  return rng.pick(SURNAMES) + rng.pick(GIVEN);
}

const MOBILE_PREFIXES = [
  '130',
  '131',
  '132',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '155',
  '158',
  '159',
  '173',
  '177',
  '180',
  '185',
  '186',
  '187',
  '189',
];

/** A mobile number 13x/15x/17x/18x + 8 digits (matches validation code `m`). */
export function mobile(rng: Rng): string {
  return rng.pick(MOBILE_PREFIXES) + rng.digits(8);
}
