import type { ScreenField } from './generated/screen-schema.js';

const NUMERIC = new Set(['int', 'double', 'BigDecimal']);

/**
 * What is wrong with a field's `dbDefault` (the column's SQL default), or undefined when it is
 * a literal its column can hold: a finite number (an integer for int) on numeric columns; on
 * the others text without control characters — a date YYYY-MM-DD for Date, a time
 * YYYY-MM-DD HH:mm:ss for Datetime, at most dbLength (255) characters for string.
 */
export function dbDefaultProblem(f: Pick<ScreenField, 'name' | 'dbType' | 'dbLength' | 'dbDefault'>): string | undefined {
  const v = f.dbDefault;
  if (v === undefined) return undefined;
  if (NUMERIC.has(f.dbType)) {
    if (typeof v !== 'number' || !Number.isFinite(v)) return `字段 ${f.name} 的数据库默认值应为数字`;
    if (f.dbType === 'int' && !Number.isInteger(v)) return `字段 ${f.name} 的数据库默认值应为整数`;
    return undefined;
  }
  if (typeof v !== 'string') return `字段 ${f.name} 的数据库默认值应为文本`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(v)) return `字段 ${f.name} 的数据库默认值不能含控制字符`;
  if (f.dbType === 'Date' && !/^\d{4}-\d{2}-\d{2}$/.test(v)) return `字段 ${f.name} 的数据库默认值应为日期 YYYY-MM-DD`;
  if (f.dbType === 'Datetime' && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v))
    return `字段 ${f.name} 的数据库默认值应为时间 YYYY-MM-DD HH:mm:ss`;
  if (f.dbType === 'string' && [...v].length > (f.dbLength ?? 255)) return `字段 ${f.name} 的数据库默认值超过字段长度 ${f.dbLength ?? 255}`;
  return undefined;
}

/**
 * The SQL literal of a valid `dbDefault` (see {@link dbDefaultProblem}): the number itself, or
 * the text in single quotes with quotes doubled (standard-conforming strings). Throws on an
 * invalid one, so nothing but a checked literal reaches DDL.
 */
export function dbDefaultLiteral(f: Pick<ScreenField, 'name' | 'dbType' | 'dbLength' | 'dbDefault'>): string | undefined {
  const problem = dbDefaultProblem(f);
  if (problem) throw new Error(problem);
  const v = f.dbDefault;
  if (v === undefined) return undefined;
  return typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`;
}
