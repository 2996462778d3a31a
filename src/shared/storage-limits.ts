/**
 * The storage limits a screen field's dbType implies (the column types of
 * src/server/online/ddl.ts), in ONE table, and the two forms that apply it: the imperative check
 * with a field-naming message ({@link checkStorage}: form, editable table, server) and the JSON
 * Schema of the stored value ({@link storageSchema}: the server's ajv value schemas, which add
 * each widget's own shape on top).
 */
import type { ScreenField } from './generated/screen-schema.js';

type DbType = ScreenField['dbType'];

/** A resolved limit of one field. */
export type StorageLimit =
  | { kind: 'text'; maxLength?: number }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'number' }
  | { kind: 'decimal'; precision: number; scale: number }
  | { kind: 'date' }
  | { kind: 'datetime' };

/**
 * The table: each dbType's kind and defaults. `dbLength` overrides a text's maxLength and a
 * decimal's precision, `dbPointLength` a decimal's scale. string 255 characters by default, Text
 * unlimited; int a PostgreSQL integer; BigDecimal numeric(18, 2) by default; Date 'YYYY-MM-DD';
 * Datetime 'YYYY-MM-DD HH:mm:ss'.
 */
export const STORAGE_LIMITS: Readonly<Record<DbType, StorageLimit>> = Object.freeze({
  string: { kind: 'text', maxLength: 255 },
  Text: { kind: 'text' },
  int: { kind: 'integer', min: -2147483648, max: 2147483647 },
  double: { kind: 'number' },
  BigDecimal: { kind: 'decimal', precision: 18, scale: 2 },
  Date: { kind: 'date' },
  Datetime: { kind: 'datetime' },
});

/** The limit of `field` ({@link STORAGE_LIMITS} with its dbLength / dbPointLength), or null for an unknown dbType. */
export function storageLimitOf(field: Pick<ScreenField, 'dbType' | 'dbLength' | 'dbPointLength'>): StorageLimit | null {
  const base = Object.prototype.hasOwnProperty.call(STORAGE_LIMITS, field.dbType) ? STORAGE_LIMITS[field.dbType] : undefined;
  if (!base) return null;
  if (base.kind === 'text') return field.dbLength ? { kind: 'text', maxLength: field.dbLength } : base;
  if (base.kind === 'decimal')
    return { kind: 'decimal', precision: field.dbLength ?? base.precision, scale: field.dbPointLength ?? base.scale };
  return base;
}

/** The largest number of integer digits of a decimal limit (precision − scale, at least 0). */
export const integerDigits = (limit: { precision: number; scale: number }) => Math.max(limit.precision - limit.scale, 0);

/** Messages of the storage checks (not given by the spec; kept here as the one zh-CN place). */
export const STORAGE_MESSAGES = {
  tooLong: (title: string, max: number) => `${title}长度不能超过${max}个字符`,
  notText: (title: string) => `${title}格式不正确`,
  notInteger: (title: string) => `${title}必须为整数`,
  intRange: (title: string) => `${title}超出整数范围`,
  notNumber: (title: string) => `${title}必须为数字`,
  tooManyDecimals: (title: string, n: number) => `${title}最多${n}位小数`,
  tooManyDigits: (title: string, n: number) => `${title}整数部分不能超过${n}位`,
  badDate: (title: string) => `${title}格式应为YYYY-MM-DD`,
  badDatetime: (title: string) => `${title}格式应为YYYY-MM-DD HH:mm:ss`,
} as const;

const NUMERIC = /^-?(\d+)(?:\.(\d+))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/** The text of a scalar value (string, finite number, boolean), or null for anything else. */
export function asScalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  return null;
}

/**
 * Checks a non-empty value against the field's storage limit ({@link storageLimitOf}): text length
 * in characters ≤ maxLength; int an integer in range; double a number; BigDecimal a number with ≤
 * scale decimals and ≤ precision − scale integer digits; Date 'YYYY-MM-DD' and a real date;
 * Datetime 'YYYY-MM-DD HH:mm:ss' and a real time. A value that is not a scalar fails with
 * {title}格式不正确. Returns the message or null.
 */
export function checkStorage(field: ScreenField, value: unknown): string | null {
  const raw = asScalarText(value);
  const title = field.title;
  if (raw === null) return STORAGE_MESSAGES.notText(title);
  const limit = storageLimitOf(field);
  if (!limit) return null;
  const text = raw.trim();
  switch (limit.kind) {
    case 'text':
      return limit.maxLength !== undefined && [...raw].length > limit.maxLength ? STORAGE_MESSAGES.tooLong(title, limit.maxLength) : null;
    case 'integer': {
      if (!/^-?\d+$/.test(text)) return STORAGE_MESSAGES.notInteger(title);
      const n = Number(text);
      return n < limit.min || n > limit.max ? STORAGE_MESSAGES.intRange(title) : null;
    }
    case 'number':
      return NUMERIC.test(text) ? null : STORAGE_MESSAGES.notNumber(title);
    case 'decimal': {
      const m = NUMERIC.exec(text);
      if (!m) return STORAGE_MESSAGES.notNumber(title);
      if ((m[2] ?? '').length > limit.scale) return STORAGE_MESSAGES.tooManyDecimals(title, limit.scale);
      const intDigits = m[1].replace(/^0+(?=\d)/, '');
      const maxInt = integerDigits(limit);
      return intDigits !== '0' && intDigits.length > maxInt ? STORAGE_MESSAGES.tooManyDigits(title, maxInt) : null;
    }
    case 'date': {
      const m = DATE.exec(text);
      return m && isRealDate(+m[1], +m[2], +m[3]) ? null : STORAGE_MESSAGES.badDate(title);
    }
    case 'datetime': {
      const m = DATETIME.exec(text);
      const ok = m && isRealDate(+m[1], +m[2], +m[3]) && +m[4] < 24 && +m[5] < 60 && +m[6] < 60;
      return ok ? null : STORAGE_MESSAGES.badDatetime(title);
    }
  }
}

/** A JSON Schema (plain object). */
export type JsonSchemaLike = Record<string, unknown>;

/**
 * The JSON Schema of a stored value under the field's storage limit (the same table as
 * {@link checkStorage}): strings within maxLength characters; int an integer or integer string
 * within range; double/BigDecimal a number or numeric string (BigDecimal within its integer digits
 * and scale); Date 'YYYY-MM-DD'; Datetime 'YYYY-MM-DD HH:mm:ss'. null and '' (no value) pass:
 * required-ness is checked by the field pipeline. A schema adds the value's JSON type; what JSON
 * Schema cannot say — the range of an integer string, the decimals of a JSON number, a real
 * calendar date — is {@link checkStorage}'s alone (the server runs it first). Union types: compile
 * with ajv's `allowUnionTypes: true` (or `strict: false`).
 */
export function storageSchema(field: ScreenField): JsonSchemaLike {
  const limit = storageLimitOf(field);
  if (!limit) return {};
  switch (limit.kind) {
    case 'text':
      return limit.maxLength !== undefined ? { type: ['string', 'null'], maxLength: limit.maxLength } : { type: ['string', 'null'] };
    case 'integer':
      return { type: ['integer', 'string', 'null'], pattern: '^(-?\\d{1,10})?$', minimum: limit.min, maximum: limit.max };
    case 'number':
      return { type: ['number', 'string', 'null'], pattern: '^(-?\\d+(\\.\\d+)?)?$' };
    case 'decimal': {
      const maxInt = integerDigits(limit);
      // leading zeros do not count (as in checkStorage); with no integer digits only 0 is allowed
      const int = maxInt > 0 ? `0*\\d{1,${maxInt}}` : '0+';
      const frac = limit.scale > 0 ? `(\\.\\d{1,${limit.scale}})?` : '';
      const bound = 10 ** maxInt;
      return { type: ['number', 'string', 'null'], pattern: `^(-?${int}${frac})?$`, exclusiveMinimum: -bound, exclusiveMaximum: bound };
    }
    case 'date':
      return { type: ['string', 'null'], pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' };
    case 'datetime':
      return { type: ['string', 'null'], pattern: '^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})?$' };
  }
}
