/**
 * The Excel (.xlsx) viewer of the file preview (spec 9): the workbook read with exceljs (loaded
 * lazily with this file) and each worksheet shown as a read-only table in its own tab, with
 * column letters and row numbers; at most 500 rows and 100 columns per sheet (a note says so).
 */
import { Alert, Empty, Spin, Tabs } from 'antd';
import ExcelJS from 'exceljs';
import { useEffect, useState } from 'react';
import { PREVIEW_TEXT as T } from './texts.js';
import { SHEET_PREVIEW_MAX_COLS, SHEET_PREVIEW_MAX_ROWS } from './preview-model.js';
import { sheetTable, type SheetTable } from './sheet-model.js';
import type { ViewerProps } from './viewers.js';

const cell = { border: '1px solid #f0f0f0', padding: '2px 8px', whiteSpace: 'nowrap' } as const;
const head = { ...cell, background: '#fafafa', color: 'rgba(0,0,0,0.45)', fontWeight: 400, position: 'sticky', top: 0 } as const;

function SheetGrid({ sheet }: { sheet: SheetTable }) {
  if (!sheet.rows.length) return <Empty description={T.sheetEmpty} />;
  return (
    <div style={{ overflow: 'auto', maxHeight: '60vh' }}>
      <table data-testid="preview-sheet-table" style={{ borderCollapse: 'collapse', fontSize: 13 }}>
        <thead>
          <tr>
            <th style={head} />
            {sheet.columns.map((c) => (
              <th key={c} style={head}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((row, r) => (
            <tr key={r}>
              <th style={head}>{r + 1}</th>
              {row.map((text, c) => (
                <td key={c} style={cell}>
                  {text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function SheetView({ blob }: ViewerProps) {
  const [sheets, setSheets] = useState<SheetTable[] | 'failed'>();
  useEffect(() => {
    let live = true;
    (async () => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await blob.arrayBuffer());
      return wb.worksheets.map((s) => sheetTable(s));
    })()
      .then((s) => live && setSheets(s))
      .catch(() => live && setSheets('failed'));
    return () => {
      live = false;
    };
  }, [blob]);
  if (!sheets) return <Spin />;
  if (sheets === 'failed') return <Alert type="warning" showIcon message={T.failed} />;
  if (!sheets.length) return <Empty description={T.noSheet} />;
  return (
    <div data-testid="preview-sheet">
      {sheets.some((s) => s.truncated) ? (
        <Alert type="info" showIcon message={T.sheetCut(SHEET_PREVIEW_MAX_ROWS, SHEET_PREVIEW_MAX_COLS)} style={{ marginBottom: 8 }} />
      ) : null}
      <Tabs size="small" items={sheets.map((s, i) => ({ key: String(i), label: s.name, children: <SheetGrid sheet={s} /> }))} />
    </div>
  );
}
