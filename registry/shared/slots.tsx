import { createContext, useContext, type ReactNode } from 'react';
import type { ScreenField } from '../../src/shared/generated/screen-schema.js';

/** What a slot renderer receives: the field, its value and a change callback (null = no value). */
export interface SlotRenderProps {
  field: ScreenField;
  value: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** 'form' (edit), 'read' (detail), 'cell' (list) or 'editable' (editable table). */
  mode: 'form' | 'read' | 'cell' | 'editable';
  record?: Record<string, unknown>;
}

/** Slot renderers a screen's host provides, by field name (JeecgBoot's scoped slots). */
export type WidgetSlots = Record<string, (props: SlotRenderProps) => ReactNode>;

/** The slot renderers of the screen being shown (empty by default). */
export const WidgetSlotsContext = createContext<WidgetSlots>({});

/** The slot renderer of a field, if the host provides one. */
export function useSlot(field: ScreenField | undefined): ((props: SlotRenderProps) => ReactNode) | undefined {
  const slots = useContext(WidgetSlotsContext);
  return field ? slots[field.name] : undefined;
}
