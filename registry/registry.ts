/**
 * The widget registry (docs/architecture.md "Screens are data"): one definition per field type gives the form
 * widget (edit + read-pretty), the list cell, the editable-table cell and the stored value's
 * JSON Schema. A registry is an object built by {@link createWidgetRegistry} — never a global
 * singleton — so a test or a screen can build its own.
 */
import { createElement, type ComponentType } from 'react';
import type { ScreenField } from '../src/shared/generated/screen-schema.js';
import type { JsonSchemaLike } from '../src/shared/value-schema.js';
import { componentNameOf } from '../src/shared/widget-types.js';

/** Props of a list cell renderer. A translated text may sit in `record[column + '_dictText']`. */
export interface CellProps {
  value: unknown;
  record: Record<string, unknown>;
  field: ScreenField;
  column: string;
}

/**
 * Props of an editable-table cell editor (the editable table, renders one per
 * edited cell): the cell's value and a change callback emitting the stored form (null for no
 * value), the column's field, the row and its column key.
 */
export interface EditableCellProps<V = unknown> {
  value: V | undefined;
  onChange: (value: V | null) => void;
  onBlur?: () => void;
  field: ScreenField;
  record: Record<string, unknown>;
  column: string;
  disabled?: boolean;
  placeholder?: string;
}

/** One widget type. */
export interface WidgetDefinition {
  /** Type key as in the screen schema's `widget` (JeecgBoot fieldShowType names: sel_user …). */
  type: string;
  /** Human title (shown by the designer). */
  title: string;
  /** Formily-connected form component (value/onChange; read-pretty in detail mode). */
  FormWidget: ComponentType<any>;
  /** List cell renderer. */
  Cell: ComponentType<CellProps>;
  /** Editable-table cell editor ({@link EditableCellProps}); {@link editableCellOf} falls back to the list cell. */
  EditableCell?: ComponentType<EditableCellProps<any>>;
  /** JSON Schema of the stored value (server-side ajv), or a function of the field. */
  valueSchema: JsonSchemaLike | ((field: ScreenField) => JsonSchemaLike);
  /** dbType a new field of this type gets in the designer. */
  defaultDbType: ScreenField['dbType'];
  /** Loader for heavy widgets (bpmn-js, editors): resolves the definition's components. */
  load?: () => Promise<Partial<Pick<WidgetDefinition, 'FormWidget' | 'Cell' | 'EditableCell'>>>;
}

export interface RegisterOptions {
  /** Replace an existing definition of the same type (a customer overriding a built-in). */
  override?: boolean;
}

export interface WidgetRegistry {
  /** Adds a definition; throws when the type exists and `override` is not true. */
  register(def: WidgetDefinition, opts?: RegisterOptions): void;
  /** Removes a type; returns whether it existed. */
  unregister(type: string): boolean;
  /** The definition of a type, or undefined. */
  get(type: string): WidgetDefinition | undefined;
  has(type: string): boolean;
  /** Every definition, in registration order. */
  list(): WidgetDefinition[];
}

/**
 * Creates an empty widget registry (STYLE.md: amis-like contract without globals).
 * `register` throws `Error('控件类型 X 已注册')` on a duplicate type unless `{ override: true }`,
 * and on a definition without a type, FormWidget or Cell.
 */
export function createWidgetRegistry(): WidgetRegistry {
  const defs = new Map<string, WidgetDefinition>();
  return {
    register(def, opts = {}) {
      if (!def || !def.type) throw new Error('控件定义缺少 type');
      if (!def.FormWidget || !def.Cell) throw new Error(`控件类型 ${def.type} 缺少 FormWidget 或 Cell`);
      if (defs.has(def.type) && !opts.override) throw new Error(`控件类型 ${def.type} 已注册`);
      const name = componentNameOf(def.type);
      for (const other of defs.values()) {
        if (other.type !== def.type && componentNameOf(other.type) === name) {
          throw new Error(`控件类型 ${def.type} 与 ${other.type} 的组件名 ${name} 冲突`);
        }
      }
      defs.set(def.type, def);
    },
    unregister(type) {
      return defs.delete(type);
    },
    get(type) {
      return defs.get(type);
    },
    has(type) {
      return defs.has(type);
    },
    list() {
      return [...defs.values()];
    },
  };
}

/**
 * The editable-table cell of a definition: its EditableCell, or — for a widget without one — a
 * read-only cell showing the list Cell (the value cannot be edited in the table).
 */
export function editableCellOf(def: WidgetDefinition): ComponentType<EditableCellProps<any>> {
  if (def.EditableCell) return def.EditableCell;
  const Cell = def.Cell;
  return function ReadOnlyCell({ value, record, field, column }: EditableCellProps) {
    return createElement(Cell, { value, record, field, column });
  };
}

/** The value schema of a field under a definition (resolves the function form). */
export function valueSchemaOf(def: WidgetDefinition, field: ScreenField): JsonSchemaLike {
  return typeof def.valueSchema === 'function' ? def.valueSchema(field) : def.valueSchema;
}

/**
 * The `{ [componentName]: FormWidget }` map for Formily's createSchemaField, component names
 * from {@link componentNameOf} ('sel_user' → 'W_sel_user').
 */
export function formComponents(registry: WidgetRegistry): Record<string, ComponentType<any>> {
  const out: Record<string, ComponentType<any>> = {};
  for (const def of registry.list()) out[componentNameOf(def.type)] = def.FormWidget;
  return out;
}

/** The `widgetComponent` function compileScreenForm needs, bound to a registry. */
export function widgetComponentResolver(registry: WidgetRegistry): (widget: string) => string | undefined {
  return (widget) => (registry.has(widget) ? componentNameOf(widget) : undefined);
}
