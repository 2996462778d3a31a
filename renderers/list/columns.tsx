import type { ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { toColumn } from '../../src/shared/columns';
import { Ellipsis } from '../../registry/components/ellipsis';
import type { WidgetRegistry } from '../../registry/registry';
import { formatThousands } from '../../src/runtime/list/column-settings';

type Row = Record<string, unknown>;

const NUMERIC = new Set(['int', 'double', 'BigDecimal']);

/**
 * Table columns of a screen (fields shown in the list), each cell drawn by the field's
 * registry Cell; plain strings longer than 25 characters are cut with a tooltip (spec 9),
 * every column sortable by the server, numbers right-aligned with thousands separators.
 */
export function buildColumns(
  screen: ScreenSchema,
  registry: WidgetRegistry,
  sort: { column: string; order: 'asc' | 'desc' },
  action: (row: Row) => ReactNode,
): TableColumnsType<Row> {
  const cols: TableColumnsType<Row> = [];
  for (const f of screen.fields) {
    if (f.showList === false) continue;
    const column = toColumn(f.name);
    const Cell = registry.get(f.widget)?.Cell;
    cols.push({
      key: column,
      dataIndex: column,
      title: f.title,
      width: f.width,
      align: NUMERIC.has(f.dbType) ? 'right' : 'center',
      sorter: f.persist !== false,
      sortOrder: sort.column === column ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (value: unknown, record: Row) => {
        // plain numbers with thousands separators (spec 9); inputNumber's own Cell already does
        // so, and a dictionary-backed number (status, sex …) shows its text through its Cell
        if (NUMERIC.has(f.dbType) && !f.dictCode && (f.widget === 'input' || f.widget === 'normal')) return formatThousands(value);
        if (Cell) return <Cell value={value} record={record} field={f} column={column} />;
        return <Ellipsis value={value === null || value === undefined ? '' : String(value)} />;
      },
    });
  }
  cols.push({ key: '_action', title: '操作', fixed: 'right', align: 'center', width: 150, render: (_: unknown, row: Row) => action(row) });
  return cols;
}
