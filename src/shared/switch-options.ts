/**
 * The values and texts of a switch (headless: shared by the switch widget, the editable table's
 * cells, and the server's export and import, which write and read the same 是/否).
 */
import type { ScreenField } from './generated/screen-schema.js';

/** Spec 9: switch default options Y (on) and N (off). */
export const SWITCH_DEFAULT_OPTIONS = ['Y', 'N'] as const;

/** The texts of a switch's on and off values (spec 9). */
export const SWITCH_TEXT = { yes: '是', no: '否' } as const;

/** The [on, off] values of a switch (extend.options, default ['Y', 'N']). */
export function switchOptions(extend: ScreenField['extend'] | undefined): [string, string] {
  const o = extend?.options;
  return o && o.length >= 2 ? [String(o[0]), String(o[1])] : [SWITCH_DEFAULT_OPTIONS[0], SWITCH_DEFAULT_OPTIONS[1]];
}

/** 是 when the value is the on option, else 否 (spec 9). */
export function switchText(value: unknown, field: Pick<ScreenField, 'extend'> | undefined): string {
  return String(value) === switchOptions(field?.extend)[0] ? SWITCH_TEXT.yes : SWITCH_TEXT.no;
}
