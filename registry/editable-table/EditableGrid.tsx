/**
 * The editable table on handsontable (JEditableTable / JVxeTable semantics,
 * spec 3, 4.4, 5.4, 9). Heavy: only {@link ./EditableTable.tsx} imports it, lazily, so lists and
 * the login page never download handsontable. Renders an {@link EditableTableModel}: native
 * renderers show each cell's text (thousands separators, option texts, file names) and its
 * error (a cell whose async rule runs shows 校验中…); the registry's editable cells edit
 * (RegistryCellEditor.tsx; a column with its own or linked options gets OptionsCell.tsx); a
 * dictCode-only column shows its dictionary's texts (useColumnOptions.ts); `sorter` columns sort
 * the shown rows on header clicks (sort.ts); `tipsContent` becomes a header tooltip; rows are
 * 61 px high (spec 9); a toolbar adds (1500 ms guard; count, position and scroll kept under a
 * local key, AddSettings.tsx), removes, clears the selection, moves rows, and optionally saves and
 * collapses; with drag sort a row's context menu offers 上移 / 下移 / 在下方插入一行; a 32 px
 * statistics row sits below. Cells changed from outside show the 1400 ms reload effect
 * (`reloadEffect` of the model); `socketReload` exchanges edited rows with the other pages
 * showing the same table (table-socket.ts). Props: see {@link EditableGridProps}.
 */
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import { Button, Space, message } from 'antd';
import Handsontable from 'handsontable/base';
import { textRenderer } from 'handsontable/renderers/textRenderer';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import './editable-table.css';
import { memo, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { defaultRegistry } from '../index.js';
import type { WidgetRegistry } from '../registry.js';
import { useRuntimeContext } from '../context/RuntimeContext.js';
import { EDITABLE_TABLE_TEXT as T } from '../shared/locale.js';
import { columnWidths, type EditableColumn } from './columns.js';
import { cellText } from './display.js';
import { handsontableLicenseKey } from './licence.js';
import { TableValidationError, type EditableTableModel, type TableValues } from './model.js';
import { AddSettingsButton, useAddSettings } from './AddSettings.js';
import { columnHeaderTips } from './header-tips.js';
import { outsideClickDeselects } from './editor-focus.js';
import { OptionsCell } from './OptionsCell.js';
import { StatisticsRow } from './StatisticsRow.js';
import { comparatorFor, isSortable, type SortOrder } from './sort.js';
import { useColumnOptions } from './useColumnOptions.js';
import { makeRegistryCellEditor } from './RegistryCellEditor.js';
import { dragSortContextMenu } from './drag-sort-context.js';
import { useTableSocket } from './useTableSocket.js';
import { registerEditableTableModules } from './handsontable-modules.js';

registerEditableTableModules();

/** Spec 9: statistics row height; default max height of the table; row height. */
export const STATISTICS_ROW_HEIGHT = 32;
export const ROW_HEIGHT = 61;
export const DEFAULT_MAX_HEIGHT = 400;
const SELECT_KEY = '__selected';
const SELECT_WIDTH = 40;
const ROW_HEADER_WIDTH = 50;
/** Columns rendered beyond the visible ones (an editable table has tens of columns at most). */
const COLUMN_RENDERING_OFFSET = 40;

/** Props of the editable table. */
export interface EditableGridProps {
  model: EditableTableModel;
  /** Widget registry resolving the cell editors (default: the runtime context's, else the built-ins). */
  registry?: WidgetRegistry;
  /** Grid height in px (default 400, spec 9). */
  height?: number;
  /**
   * Default add-row settings of the toolbar's 新增 (spec 5.4): count ≥ 1, position 0 = bottom;
   * the user's own settings are kept under a local key (add-settings.ts, `addSettingsKey`).
   */
  addCount?: number;
  addPosition?: number;
  /** Whether 新增 scrolls to the first new row by default (spec 9: no scroll). */
  addScroll?: boolean;
  /** The local key of the add-row settings (default 'default'). */
  addSettingsKey?: string;
  /** Optional toolbar buttons. */
  showSave?: boolean;
  showCollapse?: boolean;
  /** Called with the collected values after 保存 validated everything. */
  onSave?: (values: TableValues) => void | Promise<void>;
  /** Table width used by the spec 9 width share (default the container's, else 1000). */
  width?: number;
  /**
   * Exchange edited rows with the other pages showing a table of the same `socketKey` over the
   * table websocket (spec 7.3; needs the runtime's `socket` port and a signed-in user).
   */
  socketReload?: boolean;
  /** Tables with the same key exchange rows (default 'vxe-default'). */
  socketKey?: string;
}

type HotRow = Record<string, unknown> & { id: string };

/**
 * The wrapper re-applies every setting (updateSettings, a full redraw) on each render of
 * HotTable: memoised, the grid is updated only when one of its props changes, not when the
 * toolbar, the message line or an option list re-renders the table around it (the model's
 * changes repaint the grid through their own subscription).
 */
const Grid = memo(HotTable);

function copyRows(model: EditableTableModel): HotRow[] {
  const sel = new Set(model.selectedIds);
  return model.rows.map((r) => ({ ...r, [SELECT_KEY]: sel.has(r.id) }));
}

/** The editable table (see the file comment). */
export default function EditableGrid({
  model,
  registry: ownRegistry,
  height = DEFAULT_MAX_HEIGHT,
  addCount = 1,
  addPosition = 0,
  addScroll = false,
  addSettingsKey = 'default',
  showSave,
  showCollapse,
  onSave,
  width,
  socketReload,
  socketKey,
}: EditableGridProps) {
  const contextRegistry = useRuntimeContext().registry;
  const registry = ownRegistry ?? contextRegistry ?? defaultRegistry;
  const hotRef = useRef<HotTableRef>(null);
  const dataRef = useRef<HotRow[]>(copyRows(model));
  const [collapsed, setCollapsed] = useState(false);
  const [notice, setNotice] = useState<string>('');
  const noticeRef = useRef<HTMLSpanElement>(null);
  const [current, setCurrent] = useState<string | undefined>(undefined);
  useSyncExternalStore(
    (fn) => model.subscribe(fn),
    () => model.getVersion(),
  );
  const visibleCols = useMemo(() => model.columns.filter((c) => c.type !== 'hidden'), [model]);
  const headers = useMemo(() => ['', ...visibleCols.map((c) => c.title)], [visibleCols]);
  const widths = useMemo(() => columnWidths(visibleCols, width ?? 1000), [visibleCols, width]);
  const opts = useColumnOptions(model);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const [addSettings, setAddSettings] = useAddSettings(addSettingsKey, { count: addCount, position: addPosition, scroll: addScroll });
  const physical = (row: number) => hotRef.current?.hotInstance?.toPhysicalRow(row) ?? row;
  const tableSocket = useTableSocket(model, socketReload ? socketKey : undefined, !!socketReload);

  const editor = useMemo(
    () =>
      makeRegistryCellEditor({
        model,
        registry,
        columnAt: (col) => visibleCols[col - 1],
        rowIdAt: (row) => {
          const hot = hotRef.current?.hotInstance;
          const phys = hot ? hot.toPhysicalRow(row) : row;
          return dataRef.current[phys]?.id;
        },
        onInput: (rowId, key, value) => {
          const msg = model.previewCell(rowId, key, value);
          if (noticeRef.current) noticeRef.current.textContent = msg ?? '';
        },
        rootElement: () => hotRef.current?.hotInstance?.rootElement,
        onCommitted: () => hotRef.current?.hotInstance?.listen(),
        cellFor: (col, rowId) => {
          // a column with its own options, or a linked child: the table supplies the options
          if (!['select', 'list_multi', 'radio'].includes(col.type)) return undefined;
          if (!col.options?.length && !model.linkage.isChild(col.key)) return undefined;
          const load = () => optsRef.current.loadOptions(col, model.row(rowId) ?? { id: rowId });
          const multiple = col.type === 'list_multi';
          return function ColumnOptionsCell(p) {
            return <OptionsCell {...p} load={load} multiple={multiple} />;
          };
        },
      }),
    [model, registry, visibleCols],
  );

  // model → grid: a new row set or order reloads the data; other changes repaint
  useEffect(() => {
    return model.subscribe(() => {
      const hot = hotRef.current?.hotInstance;
      if (!hot || hot.isDestroyed) return;
      const rows = model.rows;
      const data = dataRef.current;
      const same = rows.length === data.length && rows.every((r, i) => r.id === data[i].id);
      if (!same) {
        dataRef.current = copyRows(model);
        hot.updateData(dataRef.current);
        return;
      }
      if (hot.getActiveEditor()?.isOpened()) return; // repaint after the edit commits
      const sel = new Set(model.selectedIds);
      for (let i = 0; i < data.length; i++) {
        const row = rows[i];
        for (const c of visibleCols) data[i][c.key] = row[c.key];
        if (model.dragSortKey in row) data[i][model.dragSortKey] = row[model.dragSortKey];
        data[i][SELECT_KEY] = sel.has(row.id);
      }
      hot.render();
    });
  }, [model, visibleCols]);

  const columns = useMemo<Handsontable.ColumnSettings[]>(() => {
    const renderer = (col: EditableColumn): Handsontable.ColumnSettings['renderer'] =>
      function render(this: unknown, instance, td, row, c, prop, value, props) {
        const record = dataRef.current[instance.toPhysicalRow(row)];
        const text = cellText(col, value, optsRef.current.optionsOf(col, record));
        textRenderer.call(this, instance, td, row, c, prop, text, props);
        const id = record?.id;
        const msg = id ? model.errorOf(id, col.key) : undefined;
        const pending = !!id && model.isValidating(id, col.key);
        td.classList.toggle('editable-table-invalid', !!msg && !pending);
        td.classList.toggle('editable-table-pending', pending);
        td.classList.toggle('editable-table-reload', !!id && model.isReloading(id, col.key));
        if (col.type === 'inputNumber') td.classList.add('htRight');
        td.title = pending ? T.validating : (msg ?? '');
      };
    return [
      {
        data: SELECT_KEY,
        type: 'checkbox',
        width: SELECT_WIDTH,
        className: 'htCenter',
        columnSorting: { headerAction: false, indicator: false },
      },
      ...visibleCols.map((col, i) => ({
        data: col.key,
        title: col.title,
        width: widths[i],
        renderer: renderer(col),
        readOnly: !!col.disabled || col.type === 'normal',
        // sorter: a header click sorts the shown rows (sort.ts); the model's order is kept
        columnSorting: {
          headerAction: isSortable(col),
          indicator: isSortable(col),
          compareFunctionFactory: (order: SortOrder) => comparatorFor(order),
        },
      })),
    ];
  }, [model, visibleCols, widths]);

  const guardedAdd = (run: () => void) => {
    if (!model.tryInsert()) {
      void message.warning(T.tooFast);
      return;
    }
    run();
  };
  const guardedAddRef = useRef(guardedAdd);
  guardedAddRef.current = guardedAdd;
  // one setting object per model (a new one each render would make the wrapper update settings)
  const contextMenu = useMemo(
    () =>
      model.dragSort
        ? dragSortContextMenu(
            model,
            () => hotRef.current?.hotInstance,
            (run) => guardedAddRef.current(run),
          )
        : false,
    [model],
  );
  const selected = model.selectedIds;
  const one = selected.length === 1 ? selected[0] : undefined;
  /** Toolbar 新增 with the add-row settings; with `scroll` the grid then shows the first new row. */
  const addWithSettings = () => {
    const added = model.addRows(addSettings);
    const hot = hotRef.current?.hotInstance;
    if (!addSettings.scroll || !added.length || !hot) return;
    const row = hot.toVisualRow(model.indexOf(added[0].id));
    if (row !== null && row >= 0) hot.scrollViewportTo({ row, verticalSnap: 'top' });
  };

  const save = async () => {
    try {
      const values = await model.getValues();
      setNotice('');
      await onSave?.(values);
    } catch (e) {
      if (e instanceof TableValidationError) {
        const first = e.errors[0];
        const col = model.columns.find((c) => c.key === first.key);
        setNotice(`第${model.indexOf(first.rowId) + 1}行 ${col?.title ?? first.key}：${first.message}`);
        const hot = hotRef.current?.hotInstance;
        const colIndex = visibleCols.findIndex((c) => c.key === first.key);
        if (hot && colIndex >= 0) hot.selectCell(hot.toVisualRow(model.indexOf(first.rowId)), colIndex + 1);
      } else throw e;
    }
  };

  // stable hook functions (a new function each render would make the wrapper update settings
  // and close an open editor)
  const hooks = useMemo(
    () => ({
      cells: (row: number) => {
        const r = dataRef.current[row];
        return r && model.isRowDisabled(r) ? { readOnly: true } : {};
      },
      beforeRowMove: (moved: number[], finalIndex: number) => {
        if (moved.length === 1) model.move(moved[0], finalIndex);
        return false;
      },
      afterSelectionEnd: (row: number, col: number) => {
        const r = row >= 0 ? dataRef.current[physical(row)] : undefined;
        const c = visibleCols[col - 1];
        setCurrent(r && c ? `${r.id}\u0000${c.key}` : undefined);
      },
      afterChange: (changes: Handsontable.CellChange[] | null, source: string) => {
        if (!changes || source === 'loadData' || source === 'updateData') return;
        if (noticeRef.current) noticeRef.current.textContent = '';
        let last: string | null = null;
        const edited = new Set<string>();
        for (const [row, prop, , value] of changes) {
          const r = dataRef.current[physical(row)];
          if (!r) continue;
          if (prop === SELECT_KEY) {
            if (!model.setSelected(r.id, !!value)) r[SELECT_KEY] = false;
            continue;
          }
          last = model.setCell(r.id, String(prop), value, 'change');
          edited.add(r.id);
        }
        setNotice(last ?? '');
        for (const id of edited) {
          const r = model.row(id);
          if (r) tableSocket.current?.sendRow({ ...r });
        }
      },
      afterGetColHeader: (col: number, th: HTMLTableCellElement) => columnHeaderTips(th, col >= 1 ? visibleCols[col - 1] : undefined),
    }),
    [model, visibleCols, tableSocket],
  );

  // an option list arrived (dictionary, linked options): repaint the texts
  useEffect(() => {
    const hot = hotRef.current?.hotInstance;
    if (hot && !hot.isDestroyed && opts.version) hot.render();
  }, [opts.version]);

  const stats = model.hasStatistics ? model.statistics() : undefined;
  const currentMsg = current ? model.errors.find((e) => `${e.rowId}\u0000${e.key}` === current)?.message : undefined;

  return (
    <div className="editable-table" data-testid="editable-table">
      <Space className="editable-table-toolbar" style={{ marginBottom: 8 }} wrap>
        <Space.Compact>
          <Button type="primary" onClick={() => guardedAdd(addWithSettings)}>
            {T.add}
          </Button>
          <AddSettingsButton value={addSettings} onChange={setAddSettings} />
        </Space.Compact>
        <Button disabled={!one} onClick={() => one && guardedAdd(() => model.insertBelow(one))}>
          {T.insertBelow}
        </Button>
        <Button danger disabled={!selected.length} onClick={() => model.removeSelected()}>
          {T.remove}
        </Button>
        <Button disabled={!selected.length} onClick={() => model.clearSelection()}>
          {T.clearSelection}
        </Button>
        <Button disabled={!one || !model.canMoveUp(one)} onClick={() => one && model.moveUp(one)}>
          {T.moveUp}
        </Button>
        <Button disabled={!one || !model.canMoveDown(one)} onClick={() => one && model.moveDown(one)}>
          {T.moveDown}
        </Button>
        {showSave ? <Button onClick={() => void save()}>{T.save}</Button> : null}
        {showCollapse ? <Button onClick={() => setCollapsed((v) => !v)}>{collapsed ? T.expand : T.collapse}</Button> : null}
        {selected.length ? <span className="editable-table-selected">{T.selected(selected.length)}</span> : null}
      </Space>
      <div style={{ display: collapsed ? 'none' : undefined }}>
        <Grid
          ref={hotRef}
          data={dataRef.current}
          columns={columns}
          colHeaders={headers}
          rowHeaders
          rowHeaderWidth={ROW_HEADER_WIDTH}
          height={height}
          width="100%"
          stretchH="none"
          manualRowMove={model.dragSort}
          contextMenu={contextMenu}
          editor={editor}
          themeName="ht-theme-main"
          language="zh-CN"
          licenseKey={handsontableLicenseKey()}
          rowHeights={ROW_HEIGHT}
          columnSorting
          autoRowSize={false}
          autoColumnSize={false}
          viewportRowRenderingOffset={9}
          viewportColumnRenderingOffset={COLUMN_RENDERING_OFFSET}
          outsideClickDeselects={outsideClickDeselects}
          {...hooks}
        />
        {stats ? (
          <StatisticsRow
            stats={stats}
            columns={visibleCols}
            widths={widths}
            leadWidth={ROW_HEADER_WIDTH + SELECT_WIDTH}
            height={STATISTICS_ROW_HEIGHT}
          />
        ) : null}
      </div>
      <div className="editable-table-message" data-testid="editable-table-message" role="alert" style={{ color: '#ff4d4f', minHeight: 22 }}>
        <span ref={noticeRef} className="editable-table-input-message" />
        {notice || currentMsg || ''}
      </div>
    </div>
  );
}
