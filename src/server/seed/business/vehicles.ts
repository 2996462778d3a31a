import { newId } from '../../db/ids.js';
import { formatDate } from '../../../shared/time.js';
import type { Rng } from '../random.js';
import {
  auditColumns,
  preferStaff,
  regionOfDepart,
  usersInRegion,
  usersWithRole,
  type BusinessSeedContext,
  type Region,
} from './context.js';

const DAY_MS = 86_400_000;

interface ModelDef {
  brandModel: string;
  /** vehicle_type dict value. */
  type: string;
  seats: number;
  /** fuel_type dict value: 1 汽油, 2 柴油, 3 纯电动, 4 插电混动. */
  fuel: string;
  minPrice: number;
  maxPrice: number;
  /** World manufacturer identifier + 5-character descriptor section of the VIN. */
  wmi: string;
  vds: string;
  enginePrefix: string;
  weight: number;
}

/**
 * Fleet models (business-screens.md §5.2 "Vehicles"; 比亚迪汉EV added so the 纯电动 value of
 * fuel_type is represented). Prices within 90,000–380,000.
 */
const MODELS: readonly ModelDef[] = [
  {
    brandModel: '大众帕萨特',
    type: '1',
    seats: 5,
    fuel: '1',
    minPrice: 180_000,
    maxPrice: 260_000,
    wmi: 'LSV',
    vds: 'AA6A3',
    enginePrefix: 'DKV',
    weight: 14,
  },
  {
    brandModel: '丰田凯美瑞',
    type: '1',
    seats: 5,
    fuel: '1',
    minPrice: 175_000,
    maxPrice: 280_000,
    wmi: 'LVG',
    vds: 'C41K4',
    enginePrefix: 'A25A',
    weight: 12,
  },
  {
    brandModel: '别克GL8',
    type: '3',
    seats: 7,
    fuel: '1',
    minPrice: 230_000,
    maxPrice: 380_000,
    wmi: 'LSG',
    vds: 'UV83L',
    enginePrefix: 'LXH',
    weight: 10,
  },
  {
    brandModel: '长城炮',
    type: '4',
    seats: 5,
    fuel: '2',
    minPrice: 100_000,
    maxPrice: 190_000,
    wmi: 'LGW',
    vds: 'DBD1C',
    enginePrefix: 'GW4D20',
    weight: 16,
  },
  {
    brandModel: '五十铃D-MAX',
    type: '4',
    seats: 5,
    fuel: '2',
    minPrice: 130_000,
    maxPrice: 220_000,
    wmi: 'LWL',
    vds: 'DA4D8',
    enginePrefix: '4JK1',
    weight: 12,
  },
  {
    brandModel: '江铃全顺',
    type: '5',
    seats: 3,
    fuel: '2',
    minPrice: 150_000,
    maxPrice: 250_000,
    wmi: 'LJX',
    vds: 'CA4R2',
    enginePrefix: 'JX4D24',
    weight: 10,
  },
  {
    brandModel: '福田时代',
    type: '6',
    seats: 3,
    fuel: '2',
    minPrice: 90_000,
    maxPrice: 160_000,
    wmi: 'LVB',
    vds: 'V4J0B',
    enginePrefix: '4A2',
    weight: 9,
  },
  {
    brandModel: '比亚迪唐DM-i',
    type: '2',
    seats: 7,
    fuel: '4',
    minPrice: 200_000,
    maxPrice: 300_000,
    wmi: 'LGX',
    vds: 'CH4C5',
    enginePrefix: 'BYD476ZQC',
    weight: 9,
  },
  {
    brandModel: '吉利星越L',
    type: '2',
    seats: 5,
    fuel: '1',
    minPrice: 130_000,
    maxPrice: 185_000,
    wmi: 'L6T',
    vds: '79T2E',
    enginePrefix: 'JLH',
    weight: 10,
  },
  {
    brandModel: '比亚迪汉EV',
    type: '1',
    seats: 5,
    fuel: '3',
    minPrice: 210_000,
    maxPrice: 290_000,
    wmi: 'LGX',
    vds: 'FH4C8',
    enginePrefix: 'TZ200XSE',
    weight: 6,
  },
];

/** Plate prefixes (province + issuing office) by region: 京, 津, 冀 A/F/R/B (石家庄/保定/廊坊/唐山), 鲁 A/N (济南/德州). */
const PLATE_PREFIXES: Record<Region, readonly string[]> = {
  BJ: ['京A', '京N', '京Q', '京E', '京F', '京G', '京H', '京J', '京K', '京L', '京M', '京P'],
  TJ: ['津A', '津B', '津C', '津D', '津E', '津F', '津G', '津H'],
  HB: ['冀A', '冀A', '冀F', '冀R', '冀B'],
  SD: ['鲁A', '鲁A', '鲁N'],
};
/** Plate letters: A–Z without I and O. */
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
/** VIN characters: A–Z without I, O, Q, plus digits. */
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_YEAR: Record<number, string> = {
  2015: 'F',
  2016: 'G',
  2017: 'H',
  2018: 'J',
  2019: 'K',
  2020: 'L',
  2021: 'M',
  2022: 'N',
  2023: 'P',
  2024: 'R',
  2025: 'S',
  2026: 'T',
  2027: 'V',
  2028: 'W',
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const INSURERS = [
  '中国人民财产保险股份有限公司',
  '中国平安财产保险股份有限公司',
  '中国太平洋财产保险股份有限公司',
  '中国人寿财产保险股份有限公司',
  '中华联合财产保险股份有限公司',
  '阳光财产保险股份有限公司',
];
const INSURER_CITY: Record<Region, string> = { BJ: '北京市分公司', TJ: '天津市分公司', HB: '河北省分公司', SD: '山东省分公司' };

/** Value of a VIN character for the check digit (GB 16735 / ISO 3779 transliteration). */
function vinValue(c: string): number {
  if (/\d/.test(c)) return Number(c);
  return (
    {
      A: 1,
      B: 2,
      C: 3,
      D: 4,
      E: 5,
      F: 6,
      G: 7,
      H: 8,
      J: 1,
      K: 2,
      L: 3,
      M: 4,
      N: 5,
      P: 7,
      R: 9,
      S: 2,
      T: 3,
      U: 4,
      V: 5,
      W: 6,
      X: 7,
      Y: 8,
      Z: 9,
    }[c] ?? 0
  );
}

/** A 17-character VIN with a valid check digit (position 9) and model-year code (position 10). */
function makeVin(rng: Rng, m: ModelDef, year: number): string {
  const plant = rng.pick(VIN_CHARS.slice(0, 23).split(''));
  const chars = (m.wmi + m.vds + '0' + (VIN_YEAR[year] ?? 'S') + plant + rng.digits(6)).split('');
  const sum = chars.reduce((s, c, i) => s + vinValue(c) * VIN_WEIGHTS[i], 0);
  const check = sum % 11;
  chars[8] = check === 10 ? 'X' : String(check);
  return chars.join('');
}

/** A plate number `京A·12345` (5 characters, at most two letters) or a new-energy plate `京A·D12345` / `京A·F12345`. */
function makePlate(rng: Rng, region: Region, fuel: string): string {
  const prefix = rng.pick(PLATE_PREFIXES[region]);
  if (fuel === '3' || fuel === '4') {
    // Small new-energy plates: D = pure electric, F = plug-in hybrid, then 5 characters (1 letter/digit + 4 digits).
    const second = rng.chance(0.3) ? rng.pick(PLATE_LETTERS.split('')) : String(rng.int(0, 9));
    return `${prefix}·${fuel === '3' ? 'D' : 'F'}${second}${rng.digits(4)}`;
  }
  let body = '';
  let letters = 0;
  for (let i = 0; i < 5; i++) {
    if (letters < 2 && rng.chance(0.25)) {
      body += rng.pick(PLATE_LETTERS.split(''));
      letters++;
    } else body += String(rng.int(0, 9));
  }
  return `${prefix}·${body}`;
}

/** Number of vehicles generated by default. */
const VEHICLE_COUNT = 224;

/**
 * Generates wms_vehicle rows (business-screens.md §3.2, §5.2 "Plates"/"Vehicles", §5.4 rule 5):
 * unique plates (R-plate, no I/O, 新能源 D/F plates for 纯电动/插电混动), VINs with a valid
 * check digit, seats/fuel type consistent with the model, mileage 5,000–280,000 km growing with
 * age, price 90,000–380,000 (2 decimals), owner_dept an orgCode, driver a username of that
 * region. Exactly 10 vehicles have insurance_expiry and 6 have inspection_due within 30 days
 * after ctx.baseDate (all in use); every other due date is 31–365 (insurance) / 31–730
 * (inspection) days ahead. Rows are keyed by DB column with the system columns.
 * @param ctx users (warehouse staff create the rows), departments, seeded rng, base date
 * @param count how many vehicles (default 224; at least 16 so the warning rows fit)
 * @returns the rows, ready for insertRows(db, 'wms_vehicle', rows)
 */
export function generateVehicles(ctx: BusinessSeedContext, count = VEHICLE_COUNT): Record<string, unknown>[] {
  const { rng } = ctx;
  const base = ctx.baseDate;
  const n = Math.max(count, 16);
  const warehouse = ctx.users.filter((u) => u.roleCodes.includes('warehouse'));
  const keepers = warehouse.length > 0 ? preferStaff(warehouse) : usersWithRole(ctx, 'admin');
  const drivers = preferStaff(ctx.users.filter((u) => u.username !== 'admin'));
  const plates = new Set<string>();
  const vins = new Set<string>();
  // Which vehicles get an insurance / inspection date inside the 30-day warning window.
  const order = rng.shuffle(Array.from({ length: n }, (_, i) => i));
  const insuranceSoon = new Set(order.slice(0, 10));
  const inspectionSoon = new Set(order.slice(10, 16));

  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const m = rng.weighted(MODELS.map((x) => [x, x.weight] as const));
    const dept = rng.pick(ctx.departs);
    const region = regionOfDepart(ctx.departs, dept.orgCode);
    let plate: string;
    do plate = makePlate(rng, region, m.fuel);
    while (plates.has(plate));
    plates.add(plate);

    // 比亚迪 DM-i / EV models are recent; the rest spread over the last 8 years.
    const maxAgeDays = m.fuel === '1' || m.fuel === '2' ? 8 * 365 : 4 * 365;
    const purchase = rng.daysBefore(base, 20, maxAgeDays);
    const ageYears = (base.getTime() - purchase.getTime()) / (365 * DAY_MS);
    let vin: string;
    do vin = makeVin(rng, m, purchase.getFullYear());
    while (vins.has(vin));
    vins.add(vin);

    const mileage = Math.min(280_000, Math.max(5_000, Math.round(ageYears * rng.int(18_000, 36_000))));
    const soon = insuranceSoon.has(i) || inspectionSoon.has(i);
    const status = soon
      ? '1'
      : rng.weighted([
          ['1', 82],
          ['2', 8],
          ['3', 6],
          ['4', 4],
        ] as const);
    const localDrivers = usersInRegion(ctx, drivers, region);
    const sameDept = localDrivers.filter((u) => u.orgCode.startsWith(dept.orgCode));
    const driver = status === '4' || (status === '2' && rng.chance(0.5)) ? null : rng.pick(sameDept.length > 0 ? sameDept : localDrivers);
    const insuranceExpiry = insuranceSoon.has(i) ? rng.daysAfter(base, 1, 29) : rng.daysAfter(base, 31, 365);
    const inspectionDue = inspectionSoon.has(i) ? rng.daysAfter(base, 1, 29) : rng.daysAfter(base, 31, 730);
    const creator = rng.pick(usersInRegion(ctx, keepers, region));
    const created = purchase.getTime() > base.getTime() - 729 * DAY_MS ? purchase : rng.daysBefore(base, 540, 729);
    const remark =
      status === '3'
        ? '送修中，预计两周内返还'
        : status === '4'
          ? '已达报废年限，待办理注销登记'
          : status === '2'
            ? '暂无项目使用，停放于总部车库'
            : null;

    rows.push({
      id: newId(),
      plate_no: plate,
      vehicle_type: m.type,
      brand_model: m.brandModel,
      vin,
      engine_no: m.enginePrefix + String(rng.int(1, 9)) + rng.digits(6),
      fuel_type: m.fuel,
      seats: m.seats,
      purchase_date: formatDate(purchase),
      purchase_price: rng.float(m.minPrice, m.maxPrice),
      owner_dept: dept.orgCode,
      driver: driver?.username ?? null,
      mileage,
      insurance_company: rng.pick(INSURERS) + INSURER_CITY[region],
      insurance_expiry: formatDate(insuranceExpiry),
      inspection_due: formatDate(inspectionDue),
      vehicle_status: status,
      photo: null,
      license: null,
      remark,
      ...auditColumns(ctx, creator, new Date(created.getTime() + rng.float(0, 10) * DAY_MS)),
    });
  }
  return rows;
}
