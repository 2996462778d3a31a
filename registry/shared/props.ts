import type { ScreenField } from '../../src/shared/generated/screen-schema.js';

export type FieldExtendLike = NonNullable<ScreenField['extend']>;

/**
 * Props a built-in form widget receives: Formily's value/onChange/disabled/readOnly plus the
 * x-component-props of src/runtime/form/compile.ts (placeholder, dictCode, extend, screenField).
 */
export interface WidgetProps<V = unknown> {
  value?: V;
  /** Widgets emit null for "no value" (text inputs emit the empty string). */
  onChange?: (value: V | null) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  dictCode?: string;
  extend?: FieldExtendLike;
  screenField?: ScreenField;
  style?: React.CSSProperties;
  className?: string;
}

/** Keys of {@link WidgetProps} that are field metadata, not props of the underlying antd control. */
const META_KEYS = ['dictCode', 'extend', 'screenField'] as const;

/** Removes the field-metadata props before spreading the rest onto an antd control. */
export function stripMeta<P extends object>(props: P): Omit<P, (typeof META_KEYS)[number]> {
  const out = { ...props } as Record<string, unknown>;
  for (const k of META_KEYS) delete out[k];
  return out as Omit<P, (typeof META_KEYS)[number]>;
}
