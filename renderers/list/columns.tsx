import type { ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { toColumn } from '../../src/shared/columns';
import { Ellipsis } from '../../registry/components/ellipsis';
import type { WidgetRegistry } from '../../registry/registry';
import { formatThousands } from '../../src/runtime/list/column-settings';
import { fieldHref, isExternalHref } from '../../src/shared/field-href';

type Row = Record<string, unknown>;

const NUMERIC = new Set(['int', 'double', 'BigDecimal']);

/** Whether a field's list column holds a number (right-aligned): a numeric type without a dictionary. */
export function isNumberColumn(f: Pick<ScreenSchema['fields'][number], 'dbType' | 'dictCode'>): boolean {
  return NUMERIC.has(f.dbType) && !f.dictCode;
}

/**
 * Table columns of a screen (fields shown in the list), each cell drawn by the field's
 * registry Cell; plain strings longer than 25 characters are cut with a tooltip (spec 9),
 * every stored column sortable by the server unless its field says `sortable: false`, a link
 * field's (`fieldHref`) non-empty cells as links (http(s) ones in a new window), numbers right-aligned with thousands separators, text
 * (and dictionary texts, dates, names) left-aligned; the action column is `actionWidth` px wide
 * and never wraps its links.
 */
export function buildColumns(
  screen: ScreenSchema,
  registry: WidgetRegistry,
  sort: { column: string; order: 'asc' | 'desc' },
  action: (row: Row) => ReactNode,
  actionWidth = 150,
): TableColumnsType<Row> {
  const cols: TableColumnsType<Row> = [];
  for (const f of screen.fields) {
    if (f.showList === false) continue;
    const column = toColumn(f.name);
    const Cell = registry.get(f.widget)?.Cell;
    const cellContent = (value: unknown, record: Row): ReactNode => {
      // plain numbers with thousands separators (spec 9); inputNumber's own Cell already does
      // so, and a dictionary-backed number (status, sex …) shows its text through its Cell
      if (NUMERIC.has(f.dbType) && !f.dictCode && (f.widget === 'input' || f.widget === 'normal')) return formatThousands(value);
      if (Cell) return <Cell value={value} record={record} field={f} column={column} />;
      return <Ellipsis value={value === null || value === undefined ? '' : String(value)} />;
    };
    cols.push({
      key: column,
      dataIndex: column,
      title: f.title,
      width: f.width,
      align: isNumberColumn(f) ? 'right' : 'left',
      sorter: f.persist !== false && f.sortable !== false,
      sortOrder: sort.column === column ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (value: unknown, record: Row) => {
        const content = cellContent(value, record);
        const href = f.fieldHref && value !== null && value !== undefined && value !== '' ? fieldHref(f.fieldHref, record) : undefined;
        if (!href) return content;
        return isExternalHref(href) ? (
          <a href={href} target="_blank" rel="noopener noreferrer" data-link-field={column}>
            {content}
          </a>
        ) : (
          <a href={href} data-link-field={column}>
            {content}
          </a>
        );
      },
    });
  }
  cols.push({
    key: '_action',
    title: '操作',
    fixed: 'right',
    align: 'center',
    width: actionWidth,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_: unknown, row: Row) => action(row),
  });
  return cols;
}
