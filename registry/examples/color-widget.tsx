/**
 * The worked example of registry/README.md: a `color` widget storing '#rrggbb'.
 * registry/registry.test.ts registers it, so the README's steps stay true.
 */
import { connect, mapReadPretty } from '@formily/react';
import { ColorPicker } from 'antd';
import type { CellProps, EditableCellProps, WidgetDefinition } from '../registry.js';
import type { WidgetProps } from '../shared/props.js';

/** A colour swatch followed by its code. */
function Swatch({ value }: { value: unknown }) {
  if (typeof value !== 'string' || !value) return null;
  return (
    <span>
      <span style={{ display: 'inline-block', width: 12, height: 12, marginRight: 4, background: value, verticalAlign: 'middle' }} />
      {value}
    </span>
  );
}

/** Edit renderer: antd ColorPicker; emits '#rrggbb', or null when cleared. */
function ColorEdit({ value, onChange, disabled, readOnly }: WidgetProps<string>) {
  return (
    <ColorPicker
      allowClear
      showText
      disabledAlpha
      disabled={disabled || readOnly}
      value={value || undefined}
      onChange={(color) => onChange?.(color.toHexString())}
      onClear={() => onChange?.(null)}
    />
  );
}

/** Editable-table cell: the same picker, fed from the cell's props. */
function ColorCell({ value, onChange, disabled }: EditableCellProps<string>) {
  return <ColorEdit value={value} onChange={onChange} disabled={disabled} />;
}

/** The `color` widget definition. */
export const colorWidget: WidgetDefinition = {
  type: 'color',
  title: '颜色',
  FormWidget: connect(
    ColorEdit,
    mapReadPretty(({ value }: WidgetProps) => <Swatch value={value} />),
  ),
  Cell: ({ value }: CellProps) => <Swatch value={value} />,
  EditableCell: ColorCell,
  valueSchema: { type: ['string', 'null'], pattern: '^(#[0-9a-fA-F]{6})?$' },
  defaultDbType: 'string',
};
