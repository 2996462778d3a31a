import { BUSINESS_DICTS } from '../dicts-business.js';
import type { Rng } from '../random.js';

/** Characters of the unified social credit code (GB 32100-2015): digits and letters without I, O, S, V, Z. */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * A unified social credit code (统一社会信用代码, business-screens.md §5.2): `91` (enterprise) +
 * the 6-digit area code + a 9-character organisation code + the GB 32100 mod-31 check character.
 * Matches R-credit.
 */
export function creditCode(rng: Rng, areaCode: string): string {
  let org = '';
  for (let i = 0; i < 8; i++) org += CREDIT_CHARS[rng.int(0, i < 2 ? 9 : 30)];
  org += String(rng.int(0, 9));
  const body = `91${areaCode}${org}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(body[i]) * CREDIT_WEIGHTS[i];
  return body + CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

/** True when a credit code's check character is right (tests). */
export function creditCodeValid(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(code[i]) * CREDIT_WEIGHTS[i];
  return CREDIT_CHARS[(31 - (sum % 31)) % 31] === code[17];
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/**
 * An 18-digit resident ID number (business-screens.md §5.2): area code + birth date + 3-digit
 * sequence (odd for men) + the ISO 7064 MOD 11-2 check character. Matches R-idcard.
 * @param birth the birth date; `male` chooses the parity of the sequence
 */
export function idCardNo(rng: Rng, areaCode: string, birth: Date, male: boolean): string {
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  let seq = rng.int(1, 499) * 2 - (male ? 1 : 0);
  if (seq < 1) seq = 1;
  const body = `${areaCode}${birth.getFullYear()}${pad(birth.getMonth() + 1, 2)}${pad(birth.getDate(), 2)}${pad(seq, 3)}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * ID_WEIGHTS[i];
  return body + ID_CHECK[sum % 11];
}

/** Issuer numbers of personal cards by bank (6222 ICBC, 6217 CCB, 6228 ABC, 6216 BOC, 6214 CMB, §5.2). */
const CARD_BINS: Record<string, string> = { ICBC: '6222', CCB: '6217', ABC: '6228', BOC: '6216', CMB: '6214', BOCOM: '6222', PSBC: '6221' };

/** A personal bank card number (16–19 digits, never starting with 0; matches R-bank) for a bank code. */
export function bankCardNo(rng: Rng, bank: string): string {
  const bin = CARD_BINS[bank] ?? '6230';
  return bin + rng.digits(rng.pick([12, 15]));
}

/**
 * A corporate account number (digits only, may start with 0; matches R-acct): ICBC 19 digits from
 * the area code, CCB 20, BOC 12, ABC 15–19, CMB 15, others 16.
 */
export function corporateAccountNo(rng: Rng, bank: string): string {
  switch (bank) {
    case 'ICBC':
      return rng.pick(['0200', '0302', '0402', '1602']) + rng.digits(15);
    case 'CCB':
      return rng.pick(['1105', '1205', '1305', '3705']) + rng.digits(16);
    case 'BOC':
      return String(rng.int(1, 9)) + rng.digits(11);
    case 'ABC':
      return rng.pick(['11', '02', '50', '15']) + rng.digits(rng.int(13, 17));
    case 'CMB':
      return rng.pick(['110', '122', '311', '531']) + rng.digits(12);
    default:
      return String(rng.int(1, 9)) + rng.digits(15);
  }
}

/**
 * An invoice's code and number (business-screens.md §5.2): a 数电 invoice has no code and a
 * 20-digit number starting with the 2-digit year; a paper one a 12-digit code and an 8-digit
 * number. Matches R-invno (and `n` for the code).
 */
export function invoiceCodeNo(rng: Rng, digital: boolean, year: number): { code: string | null; no: string } {
  if (digital) return { code: null, no: String(year % 100).padStart(2, '0') + rng.pick(['11', '12', '13', '37']) + rng.digits(16) };
  return { code: `0${rng.pick(['11', '12', '13', '37'])}00${year % 100}${rng.digits(5)}`, no: rng.digits(8) };
}

/** A mainland mobile number 13x/15x/17x/18x (matches `m` and R-tel). */
export function mobileNo(rng: Rng): string {
  return (
    rng.pick([
      '130',
      '131',
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
      '177',
      '180',
      '185',
      '186',
      '187',
      '189',
    ]) + rng.digits(8)
  );
}

/** A landline of the region's city (010-6xxxxxxx, 022-2xxxxxxx, 0311-8xxxxxxx, 0531-8xxxxxxx; matches R-tel). */
export function landlineNo(rng: Rng, region: 'BJ' | 'TJ' | 'HB' | 'SD'): string {
  switch (region) {
    case 'TJ':
      return `022-2${rng.digits(7)}`;
    case 'HB':
      return `0311-8${rng.digits(7)}`;
    case 'SD':
      return `0531-8${rng.digits(7)}`;
    default:
      return `010-6${rng.digits(7)}`;
  }
}

const BANKS: Readonly<Record<string, string>> = Object.fromEntries(
  (BUSINESS_DICTS.find((d) => d.code === 'bank_code')?.items ?? []).map(([v, t]) => [v, t]),
);

/** A bank's branch as written on payments: the bank name of a bank_code value plus a branch. */
export function bankBranch(rng: Rng, bank: string): string {
  return `${BANKS[bank] ?? '中国工商银行'}${rng.pick(['北京丰台支行', '北京海淀支行', '天津滨海支行', '石家庄长安支行', '保定竞秀支行', '济南历下支行', '廊坊分行营业部'])}`;
}
