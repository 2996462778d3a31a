/**
 * Greeting by hour of day (spec 9 "Greeting by hour"): before 9 早上好, up to 11 上午好,
 * up to 13 中午好, before 20 下午好, otherwise 晚上好.
 * Input: the hour 0–23, or a Date (its local hour); default now. The single implementation:
 * the client shell's `timeFix` re-exports it.
 */
export function greeting(hour: number | Date = new Date()): string {
  const h = hour instanceof Date ? hour.getHours() : hour;
  if (h < 9) return '早上好';
  if (h <= 11) return '上午好';
  if (h <= 13) return '中午好';
  if (h < 20) return '下午好';
  return '晚上好';
}
