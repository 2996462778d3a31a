import type { CSSProperties, ReactNode } from 'react';
import { Tooltip } from 'antd';
import type { CellProps } from '../registry.js';
import { ellipsis } from '../../src/runtime/list/list-state.js';

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

/** Spec 9: list texts are cut at 25 characters, the whole text in a tooltip. */
const LIST_ELLIPSIS = 25;

/** List cell: the `_dictText` translation when the row has one, else the raw value; long texts cut at 25 characters. */
export function TextCell({ value, record, column }: CellProps) {
  const text = dictTextOf(record, column) ?? displayText(value);
  return text.length > LIST_ELLIPSIS ? <Tooltip title={text}>{ellipsis(text, LIST_ELLIPSIS)}</Tooltip> : <>{text}</>;
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
