import { connect, mapReadPretty } from '@formily/react';
import type { EditableCellProps, WidgetDefinition } from '../../registry.js';
import { ReadText, TextCell, displayText } from '../../shared/cells.js';
import type { WidgetProps } from '../../shared/props.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';

/** `normal` shows its value as plain text in every mode (JEditableTable's normal column). */
export function NormalText({ value }: WidgetProps) {
  return (
    <ReadText>
      <span data-testid="normal-text">{displayText(value)}</span>
    </ReadText>
  );
}

/** Editable-table cell of `normal`: the text, not editable. */
export function NormalCell({ value }: EditableCellProps) {
  return <span>{displayText(value)}</span>;
}

/** `normal` — display-only text (spec 3 "Column types": normal). */
export const normalWidget: WidgetDefinition = {
  type: 'normal',
  title: '文本',
  FormWidget: connect(NormalText, mapReadPretty(NormalText)),
  Cell: TextCell,
  EditableCell: NormalCell,
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
