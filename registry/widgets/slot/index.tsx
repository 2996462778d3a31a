import { connect, mapReadPretty } from '@formily/react';
import type { CellProps, EditableCellProps, WidgetDefinition } from '../../registry.js';
import { ReadText, TextCell, displayText } from '../../shared/cells.js';
import type { WidgetProps } from '../../shared/props.js';
import { useSlot } from '../../shared/slots.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';

/**
 * Edit renderer of `slot`: the content the screen's host provides for this field through
 * WidgetSlotsContext (by field name), given the value and onChange; without one, the value as text.
 */
export function SlotEdit({ value, onChange, disabled, readOnly, screenField }: WidgetProps) {
  const slot = useSlot(screenField);
  if (slot && screenField)
    return <>{slot({ field: screenField, value, onChange: (v) => onChange?.(v), disabled: disabled || readOnly, mode: 'form' })}</>;
  return <ReadText>{displayText(value)}</ReadText>;
}

/** Read-pretty of `slot`: the host's slot in read mode, else the value as text. */
export function SlotRead({ value, screenField }: WidgetProps) {
  const slot = useSlot(screenField);
  if (slot && screenField) return <>{slot({ field: screenField, value, mode: 'read' })}</>;
  return <ReadText>{displayText(value)}</ReadText>;
}

/** List cell of `slot`: the host's slot in cell mode, else the text cell. */
export function SlotCell(props: CellProps) {
  const slot = useSlot(props.field);
  if (slot) return <>{slot({ field: props.field, value: props.value, record: props.record, mode: 'cell' })}</>;
  return <TextCell {...props} />;
}

/** Editable-table cell of `slot`: the host's slot in editable mode, else the value as text. */
export function SlotEditableCell({ value, onChange, field, record, disabled }: EditableCellProps) {
  const slot = useSlot(field);
  if (slot) return <>{slot({ field, value, onChange, record, disabled, mode: 'editable' })}</>;
  return <span>{displayText(value)}</span>;
}

/** `slot` — a field whose rendering the screen's host supplies (spec 3 "Column types": slot). */
export const slotWidget: WidgetDefinition = {
  type: 'slot',
  title: '插槽',
  FormWidget: connect(SlotEdit, mapReadPretty(SlotRead)),
  Cell: SlotCell,
  EditableCell: SlotEditableCell,
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
