import type { ComponentType } from 'react';
import type { EditableCellProps } from '../registry.js';
import type { WidgetProps } from './props.js';

/**
 * Turns a widget's (unconnected) edit renderer into its editable-table cell: the cell's field
 * gives dictCode, extend and screenField as the form compiler would, the value and onChange pass
 * through. Input: a component taking {@link WidgetProps}. Returns an EditableCell component.
 */
export function asEditableCell<V>(Edit: ComponentType<WidgetProps<V>>, name: string): ComponentType<EditableCellProps<V>> {
  function EditableCell({ value, onChange, onBlur, field, disabled, placeholder }: EditableCellProps<V>) {
    return (
      <Edit
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        disabled={disabled}
        placeholder={placeholder}
        dictCode={field.dictCode}
        extend={field.extend}
        screenField={field}
        style={{ width: '100%' }}
      />
    );
  }
  EditableCell.displayName = `${name}Cell`;
  return EditableCell;
}
