/**
 * Field linkage (screen schema `linkage`) evaluated the same way by the form
 * compiler (Formily reactions) and the server (a field hidden by linkage is not required).
 * Declarative only: a condition on another field's value and the state it implies.
 */
import type { FieldLinkage, ScreenField } from './generated/screen-schema.js';
import { isEmptyValue } from './rule-codes.js';

/** Text form of a value for comparisons (numbers, booleans and strings compare as text). */
function asText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/**
 * Whether a linkage condition holds for `value` (the other field's current value). eq / ne
 * compare as text; in / notIn test membership of a list (a comma-joined multi value matches when
 * any of its items is in the list); empty / notEmpty use isEmptyValue.
 */
export function conditionHolds(when: FieldLinkage['when'], value: unknown): boolean {
  const list = (Array.isArray(when.value) ? when.value : [when.value]).map(asText);
  const items = Array.isArray(value) ? value.map(asText) : asText(value).split(',');
  switch (when.op) {
    case 'eq':
      return asText(value) === asText(when.value);
    case 'ne':
      return asText(value) !== asText(when.value);
    case 'in':
      return items.some((v) => list.includes(v));
    case 'notIn':
      return !items.some((v) => list.includes(v));
    case 'empty':
      return isEmptyValue(value);
    case 'notEmpty':
      return !isEmptyValue(value);
  }
}

export interface LinkageState {
  visible: boolean;
  required: boolean;
}

/**
 * The visibility and required flag of `field` for the current values (`valueOf(name)` = the
 * value of the field named `name`). Each entry with `then.visible` gives that flag while its
 * condition holds and the opposite otherwise; the field is visible when every such entry says so.
 * Entries with `then.required` likewise; the field is required when any of them says so (without
 * such entries: `field.required`). A hidden field is never required.
 */
export function linkageState(field: Pick<ScreenField, 'required' | 'linkage'>, valueOf: (name: string) => unknown): LinkageState {
  let visible = true;
  let required: boolean | undefined;
  for (const { when, then } of field.linkage ?? []) {
    const holds = conditionHolds(when, valueOf(when.field));
    if (then.visible !== undefined && (holds ? !then.visible : then.visible)) visible = false;
    if (then.required !== undefined) required = (required ?? false) || (holds ? then.required : !then.required);
  }
  const req = required ?? !!field.required;
  return { visible, required: visible && req };
}
