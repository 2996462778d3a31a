/**
 * The statistics row's figures (spec 9; docs/architecture.md "Spec quirks and deviations": exact decimal sums, no float
 * drift). Headless; the model exposes them as `statistics()`, StatisticsRow.tsx draws them.
 */
import type { EditableColumn, EditableRow, StatisticKind } from './columns.js';
import { decimalAverage, decimalSum } from './decimal.js';

/** A column's statistics cell: `{ sum?: '12.30', average?: '4.10' }`, keyed by column key. */
export type StatisticsRow = Record<string, Partial<Record<StatisticKind, string>>>;

/** For each column with `statistics`, its sum and/or average over the rows' numeric values (texts). */
export function columnStatistics(columns: readonly EditableColumn[], rows: readonly EditableRow[]): StatisticsRow {
  const out: StatisticsRow = {};
  for (const c of columns) {
    if (!c.statistics) continue;
    const kinds = Array.isArray(c.statistics) ? c.statistics : [c.statistics];
    const values = rows.map((r) => r[c.key]);
    const cell: Partial<Record<StatisticKind, string>> = {};
    if (kinds.includes('sum')) cell.sum = decimalSum(values).text;
    if (kinds.includes('average')) cell.average = decimalAverage(values);
    out[c.key] = cell;
  }
  return out;
}
