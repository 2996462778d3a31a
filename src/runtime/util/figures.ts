/** A KPI figure's display format (report cards, the home page). */
export type FigureFormat = 'int' | 'money' | 'percent';

const MONEY = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const INT = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });

/**
 * A figure as text (spec 9: numbers with thousands separators): money with two decimals, percent
 * with two decimals and '%', int rounded. Non-numbers show as 0.
 */
export function formatFigure(value: unknown, format: FigureFormat = 'int'): string {
  const n = typeof value === 'number' ? value : Number(value);
  const v = Number.isFinite(n) ? n : 0;
  if (format === 'money') return MONEY.format(v);
  if (format === 'percent') return `${MONEY.format(v)}%`;
  return INT.format(v);
}
