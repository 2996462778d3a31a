/**
 * One handsontable grid of the form designer (heavy: only the lazily loaded editor imports it,
 * so the lists and the login page never download handsontable). Edits `data` in place (the
 * row objects every tab shares), tells `onCellChange` of each user edit (after which the
 * caller may patch the row and call `render()` on the instance), and with `rowMove` lets rows
 * be dragged by their row header and reports the new physical order to `onReorder`.
 */
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { registerLanguageDictionary, zhCN } from 'handsontable/i18n';
import { registerAllModules } from 'handsontable/registry';
import { textRenderer } from 'handsontable/renderers/textRenderer';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import { useEffect, useRef } from 'react';
import { handsontableLicenseKey } from '../../../../../registry/editable-table/licence';

registerAllModules();
registerLanguageDictionary(zhCN);

/** A column of a designer grid: `type` text (default), numeric, checkbox, dropdown or autocomplete (free text with suggestions). */
export interface GridColumn {
  data: string;
  title: string;
  type?: 'text' | 'numeric' | 'checkbox' | 'dropdown' | 'autocomplete';
  source?: string[];
  /** Texts shown for stored values (e.g. single → 单条件). */
  labels?: Record<string, string>;
  width?: number;
  readOnly?: boolean;
}

/** Props of {@link DesignerGrid}. */
export interface DesignerGridProps<T extends object> {
  data: T[];
  columns: GridColumn[];
  readOnly?: boolean;
  /** Grid name, set as `data-grid` for tests and styling. */
  name: string;
  /** Grid height in px, or 'auto' (every row drawn; default). */
  height?: number | 'auto';
  rowMove?: boolean;
  onCellChange?: (row: T, prop: string, before: unknown, after: unknown, hot: Handsontable) => void;
  onReorder?: (order: number[]) => void;
  /** Receives the handsontable instance (selection, render). */
  onReady?: (hot: Handsontable) => void;
}

/**
 * Handsontable settings of a column. Keys without a value are left out: a key present as
 * undefined would replace the cell type's own renderer or editor.
 */
function columnSettings(c: GridColumn): Handsontable.ColumnSettings {
  const out: Handsontable.ColumnSettings = { data: c.data, type: c.type ?? 'text', className: 'htLeft htMiddle' };
  if (c.width) out.width = c.width;
  if (c.readOnly) out.readOnly = true;
  if (c.source) out.source = c.source;
  if (c.type === 'dropdown') Object.assign(out, { strict: true, allowInvalid: false, filter: true, visibleRows: 12 });
  if (c.type === 'autocomplete') Object.assign(out, { strict: false, allowInvalid: true, filter: true });
  if (c.labels)
    out.renderer = (
      instance: Handsontable,
      td: HTMLTableCellElement,
      row: number,
      col: number,
      prop: string | number,
      value: unknown,
      props: Handsontable.CellProperties,
    ) => {
      textRenderer(instance, td, row, col, prop, value, props);
      td.textContent = c.labels?.[String(value)] ?? (value == null ? '' : String(value));
    };
  return out;
}

/** A designer grid (see the file comment). */
export default function DesignerGrid<T extends object>({
  data,
  columns,
  readOnly,
  name,
  height = 'auto',
  rowMove,
  onCellChange,
  onReorder,
  onReady,
}: DesignerGridProps<T>) {
  const ref = useRef<HotTableRef>(null);
  useEffect(() => {
    const hot = ref.current?.hotInstance;
    if (hot && onReady) onReady(hot);
  });

  return (
    <div data-grid={name}>
      <HotTable
        ref={ref}
        data={data as unknown as Handsontable.RowObject[]}
        colHeaders={columns.map((c) => c.title)}
        columns={columns.map((c) => columnSettings(c))}
        readOnly={readOnly}
        rowHeaders
        manualRowMove={!!rowMove && !readOnly}
        manualColumnResize
        height={height}
        width="100%"
        stretchH="all"
        autoWrapRow
        themeName="ht-theme-main"
        language="zh-CN"
        licenseKey={handsontableLicenseKey()}
        outsideClickDeselects={false}
        afterChange={(changes, source) => {
          if (!changes || source === 'loadData') return;
          const hot = ref.current?.hotInstance;
          if (!hot) return;
          for (const [visual, prop, before, after] of changes) {
            if (before === after) continue;
            const row = data[hot.toPhysicalRow(visual)];
            if (!row) continue;
            onCellChange?.(row, String(prop), before, after, hot);
          }
          hot.render();
        }}
        afterRowMove={(_moved, _final, _drop, _possible, changed) => {
          const hot = ref.current?.hotInstance;
          if (!hot || !changed) return;
          onReorder?.(Array.from({ length: hot.countRows() }, (_, v) => hot.toPhysicalRow(v)));
        }}
      />
    </div>
  );
}
