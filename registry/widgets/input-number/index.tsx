import { connect, mapReadPretty } from '@formily/react';
import { Input, InputNumber } from 'antd';
import { useState } from 'react';
import type { ScreenField } from '../../../src/shared/generated/screen-schema.js';
import type { CellProps, EditableCellProps, WidgetDefinition } from '../../registry.js';
import { ReadText } from '../../shared/cells.js';
import { formatNumber, sanitizeNumberInput } from '../../shared/format.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';

/**
 * The stored form of a number typed into the input: null for empty; BigDecimal keeps the exact
 * decimal string; int and double become numbers (spec 5.4: "becomes a float or empty").
 */
export function toStoredNumber(
  text: string | number | null | undefined,
  dbType: ScreenField['dbType'] | undefined,
): string | number | null {
  if (text === null || text === undefined) return null;
  const clean = sanitizeNumberInput(String(text));
  if (clean === '' || clean === '-' || clean === '.' || clean === '-.') return null;
  const normal = clean.replace(/\.$/, '');
  if (dbType === 'BigDecimal') return normal;
  const n = Number(normal);
  return Number.isFinite(n) ? n : null;
}

/** Decimals a cell shows: dbPointLength (default 2) for BigDecimal and money fields, else as stored. */
export function displayDecimals(field: ScreenField | undefined): number | undefined {
  if (!field) return undefined;
  if (field.dbType === 'BigDecimal') return field.dbPointLength ?? 2;
  if (field.validType === 'money') return 2;
  return undefined;
}

/**
 * Edit renderer of `inputNumber`: antd InputNumber in string mode whose parser keeps only an
 * optional minus, digits and one decimal point (spec 5.4).
 */
export function InputNumberEdit(props: WidgetProps<string | number>) {
  const { value, onChange, screenField, readOnly, ...rest } = props;
  const current = value === undefined || value === null || value === '' ? null : String(value);
  return (
    <InputNumber<string>
      stringMode
      style={{ width: '100%' }}
      {...stripMeta(rest)}
      readOnly={readOnly}
      value={current}
      parser={(text) => sanitizeNumberInput(text ?? '')}
      onChange={(v) => onChange?.(toStoredNumber(v, screenField?.dbType))}
    />
  );
}

/**
 * Editable-table cell of `inputNumber` (spec 5.4 number cells): typing keeps only an optional
 * leading minus, digits and one decimal point (anything else is dropped at once); leaving the
 * cell emits a float (BigDecimal: the exact decimal string) or null when empty.
 */
export function NumberCellEdit({ value, onChange, onBlur, field, disabled, placeholder }: EditableCellProps<string | number>) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value === undefined || value === null ? '' : String(value));
  return (
    <Input
      data-testid="number-cell"
      value={shown}
      disabled={disabled}
      placeholder={placeholder}
      style={{ textAlign: 'right' }}
      onChange={(e) => setText(sanitizeNumberInput(e.target.value))}
      onBlur={() => {
        if (text !== null) onChange(toStoredNumber(text, field.dbType));
        setText(null);
        onBlur?.();
      }}
    />
  );
}

/** A number right-aligned with thousands separators (spec 9). */
function NumberText({ value, field }: { value: unknown; field?: ScreenField }) {
  return <div style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatNumber(value, displayDecimals(field))}</div>;
}

/** List cell of `inputNumber`. */
export function InputNumberCell({ value, field }: CellProps) {
  return <NumberText value={value} field={field} />;
}

/** `inputNumber` — numbers and money (spec 3 "Column types", 5.4 number cells). */
export const inputNumberWidget: WidgetDefinition = {
  type: 'inputNumber',
  title: '数字框',
  FormWidget: connect(
    InputNumberEdit,
    mapReadPretty(({ value, screenField }: WidgetProps) => <ReadText>{formatNumber(value, displayDecimals(screenField))}</ReadText>),
  ),
  Cell: InputNumberCell,
  EditableCell: NumberCellEdit,
  valueSchema: builtinValueSchema,
  defaultDbType: 'int',
};
