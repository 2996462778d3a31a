/** The values and texts of a switch (headless: shared by the widget and the editable table's cells). */
import type { ScreenField } from '../../../src/shared/generated/screen-schema.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import type { FieldExtendLike } from '../../shared/props.js';

/** Spec 9: switch default options Y (on) and N (off). */
export const SWITCH_DEFAULT_OPTIONS = ['Y', 'N'] as const;

/** The [on, off] values of a switch (extend.options, default ['Y', 'N']). */
export function switchOptions(extend: FieldExtendLike | undefined): [string, string] {
  const o = extend?.options;
  return o && o.length >= 2 ? [String(o[0]), String(o[1])] : [SWITCH_DEFAULT_OPTIONS[0], SWITCH_DEFAULT_OPTIONS[1]];
}

/** 是 when the value is the on option, else 否 (spec 9). */
export function switchText(value: unknown, field: Pick<ScreenField, 'extend'> | undefined): string {
  return String(value) === switchOptions(field?.extend)[0] ? WIDGET_TEXT.yes : WIDGET_TEXT.no;
}
