import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { ReadText, displayText } from '../../shared/cells.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';

dayjs.extend(customParseFormat);

/** Spec 9 formats. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const MONTH_FORMAT = 'YYYY-MM';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

export type PickerKind = 'date' | 'datetime' | 'time';

/** The stored format of a picker kind (date with extend.picker 'month' → YYYY-MM). */
export function pickerFormat(kind: PickerKind, picker?: string): string {
  if (kind === 'datetime') return DATETIME_FORMAT;
  if (kind === 'time') return TIME_FORMAT;
  return picker === 'month' ? MONTH_FORMAT : DATE_FORMAT;
}

/**
 * Parses a stored string with `format` (strict; a datetime value may also be a date-only
 * prefix of a longer timestamp such as '2024-01-02 03:04:05.0'). Invalid or empty → null.
 */
export function parseStored(value: unknown, format: string): Dayjs | null {
  if (value === undefined || value === null || value === '') return null;
  const text = String(value).trim().slice(0, format.length);
  const d = dayjs(text, format, true);
  return d.isValid() ? d : null;
}

/** Edit renderer shared by date, datetime and time: value is the formatted string (null when cleared). */
export function DateLikeEdit({ kind, ...props }: WidgetProps<string> & { kind: PickerKind }) {
  const { value, onChange, extend, readOnly, disabled, ...rest } = props;
  const format = pickerFormat(kind, extend?.picker);
  const current = parseStored(value, format);
  const emit = (d: Dayjs | null) => onChange?.(d ? d.format(format) : null);
  const common = { ...stripMeta(rest), disabled: disabled || readOnly, format, style: { width: '100%' } };
  if (kind === 'time') return <TimePicker {...common} value={current} onChange={(d) => emit(d)} />;
  return (
    <DatePicker
      {...common}
      picker={kind === 'date' && extend?.picker === 'month' ? 'month' : 'date'}
      showTime={kind === 'datetime'}
      value={current}
      onChange={(d) => emit(Array.isArray(d) ? null : (d as Dayjs | null))}
    />
  );
}

/** Read-pretty of pickers: the stored string as is. */
export function DateLikeRead({ value }: WidgetProps) {
  return <ReadText>{displayText(value)}</ReadText>;
}
