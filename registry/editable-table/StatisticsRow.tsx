/**
 * The editable table's statistics row (spec 9: 32 px high; docs/architecture.md "Spec quirks and deviations": exact decimal
 * sums): under each column with `statistics`, 合计 and/or 平均 with thousands separators, aligned
 * with the grid's column widths.
 */
import { formatNumber } from '../shared/format.js';
import { EDITABLE_TABLE_TEXT as T } from '../shared/locale.js';
import type { EditableColumn } from './columns.js';
import type { StatisticsRow as Stats } from './model.js';

/** Props: the model's statistics, the shown columns and their widths, the width before them, the row height. */
export interface StatisticsRowProps {
  stats: Stats;
  columns: readonly EditableColumn[];
  widths: readonly number[];
  leadWidth: number;
  height: number;
}

/** See the file comment. */
export function StatisticsRow({ stats, columns, widths, leadWidth, height }: StatisticsRowProps) {
  return (
    <div
      className="editable-table-statistics"
      data-testid="editable-table-statistics"
      style={{
        display: 'flex',
        height: height,
        lineHeight: `${height}px`,
        borderTop: '1px solid #e8e8e8',
        boxSizing: 'border-box',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
      }}
    >
      <div style={{ width: leadWidth, flex: 'none', textAlign: 'center' }}>{T.sum}</div>
      {columns.map((c, i) => {
        const s = stats[c.key];
        const parts = s
          ? [
              s.sum !== undefined ? `${T.sum} ${formatNumber(s.sum)}` : '',
              s.average !== undefined ? `${T.average} ${formatNumber(s.average)}` : '',
            ].filter(Boolean)
          : [];
        return (
          <div
            key={c.key}
            data-key={c.key}
            style={{
              width: widths[i],
              flex: 'none',
              padding: '0 4px',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              textAlign: 'right',
            }}
          >
            {parts.join(' / ')}
          </div>
        );
      })}
    </div>
  );
}
