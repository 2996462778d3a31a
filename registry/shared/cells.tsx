import type { CSSProperties, ReactNode } from 'react';
import type { CellProps } from '../registry.js';
import { Ellipsis } from '../components/ellipsis/index.js';

/** The translated text of a list value (`record[column + '_dictText']`, api-contract `_dictText`), if any. */
export function dictTextOf(record: Record<string, unknown>, column: string): string | undefined {
  const t = record?.[column + '_dictText'];
  return t === undefined || t === null || t === '' ? undefined : String(t);
}

/** Plain text of a value for display ('' for no value). */
export function displayText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value);
}

/** List cell: the `_dictText` translation when the row has one, else the raw value; long texts cut at 25 characters. */
export function TextCell({ value, record, column }: CellProps) {
  // spec 9: list texts are cut at 25 characters, the whole text in a tooltip
  return <Ellipsis value={dictTextOf(record, column) ?? displayText(value)} />;
}

const readStyle: CSSProperties = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' };

/** Read-pretty rendering of a text (detail view); multi-line text keeps its line breaks. */
export function ReadText({ children, style }: { children?: ReactNode; style?: CSSProperties }) {
  return (
    <div className="widget-read" style={{ ...readStyle, ...style }}>
      {children}
    </div>
  );
}
