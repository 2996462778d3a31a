/**
 * Live formulas and cross-field checks of a form (screen `compute` and `checks`), headless: the
 * form compiler turns them into Formily reactions and validators. The server computes and checks
 * the same expressions (src/shared/expr.ts), so what the form shows is what is saved.
 */
import type { ScreenField, ScreenSchema } from '../../shared/generated/screen-schema.js';
import { evaluate, identifiers, rowScope, type ExprValue } from '../../shared/expr.js';
import { computePlan, storedValue } from '../../shared/compute-plan.js';
import { formatDate } from '../../shared/time.js';
import type { ReactiveField, ValidatorRule } from './compile.js';

/**
 * The reaction of a computed field whose formula needs only the row (no aggregate): it reads
 * the other fields' values from form.values (so Formily runs it again when they change) and
 * writes the result, rounded as the field stores it. Undefined for fields without such a formula
 * (values read from other records are filled by the server on save).
 */
export function computeReaction(screen: ScreenSchema, field: ScreenField): ((target: ReactiveField) => void) | undefined {
  const planned = computePlan(screen).rowOnly.find((p) => p.field === field);
  if (!planned) return undefined;
  return (target) => {
    const value = storedValue(field, evaluate(planned.expr, rowScope(target.form.values, {}, formatDate())) as ExprValue);
    const current = target.value === undefined || target.value === '' ? null : target.value;
    if (current !== value && !(typeof current === 'string' && typeof value === 'number' && Number(current) === value)) target.value = value;
  };
}

/** A Formily validator context: the form whose values a rule reads. */
interface ValidatorContext {
  form?: { values: Record<string, unknown> };
}

/**
 * The validators the schema's `checks` put on `field` (a check sits on its `field`, else on the
 * first field its expression names): checks that read only the form's own fields (no aggregate)
 * fail with their message when the expression is false. The server checks every rule again.
 */
export function checkValidators(screen: ScreenSchema, field: ScreenField): ValidatorRule[] {
  const names = new Set(screen.fields.map((f) => f.name));
  return (screen.checks ?? [])
    .filter((c) => !c.aggregates || !Object.keys(c.aggregates).length)
    .filter((c) => (c.field ?? identifiers(c.expr).find((n) => names.has(n))) === field.name)
    .map((c) => ({
      triggerType: 'onBlur' as const,
      validator: (_value: unknown, _rule?: unknown, ctx?: ValidatorContext) => {
        const values = ctx?.form?.values;
        if (!values) return null;
        return evaluate(c.expr, rowScope(values, {}, formatDate())) === false ? c.message : null;
      },
    }));
}
