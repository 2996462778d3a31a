import { evaluate, ExprError } from '../../../shared/expr.js';
import { rowScope } from '../../../shared/expr.js';
import { WF_TEXT } from './texts.js';

const TEMPLATE = /\$\{(.+?)\}/;
const WHOLE = /^\$\{(.+?)\}$/;
const NAME = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*$/;

/** What an expression may read besides the message: the record's values and the counters of a multi-instance node. */
export interface ExpressionScope {
  /** The record's values (field names or columns), the initiator and further process variables. */
  variables: Record<string, unknown>;
  /** nrOfCompletedInstances and nrOfActiveInstances of the multi-instance node being completed. */
  counters?: Record<string, number>;
}

/** An error of a model's expression: the engine stops the step and the caller reports the message. */
export class ModelExpressionError extends Error {}

/**
 * The engine's expression handler (bpmn-elements `expressions` option) evaluating `${…}` with the
 * project's small expression language (src/shared/expr.ts): fields, numbers, texts, comparisons,
 * && || !, ?: and the listed functions — no property access, no calls into JavaScript, so a
 * model can never run code (spec 4.5 conditions such as `${amount > 5000}`). A lone `${name}`
 * gives the variable as it is (a list for a multi-instance collection). A text without `${}`
 * read for a multi-instance node is a literal: a number (cardinality) or a comma-joined list.
 * Names resolve in order: the multi-instance counters (nrOfInstances from the loop, the
 * completed/active counts the caller gives), the engine message's content (the element
 * variable of an iteration), then the record's variables.
 */
export function safeExpressions(scope: ExpressionScope) {
  const lookup = (ctx: any) => {
    const content = (ctx?.content ?? {}) as Record<string, unknown>;
    const counters: Record<string, unknown> = { ...scope.counters };
    if (typeof content.loopCardinality === 'number') counters.nrOfInstances = content.loopCardinality;
    const own = rowScope(scope.variables);
    return {
      get(name: string): unknown {
        if (name in counters) return counters[name];
        if (name !== 'id' && name !== 'type' && Object.prototype.hasOwnProperty.call(content, name)) return content[name];
        return own.get(name);
      },
    };
  };
  const one = (inner: string, ctx: any): unknown => {
    const names = lookup(ctx);
    const plain = NAME.exec(inner);
    if (plain) return names.get(plain[1]);
    try {
      return evaluate(inner, { get: (n) => names.get(n) as never });
    } catch (e) {
      if (e instanceof ExprError) throw new ModelExpressionError(WF_TEXT.expression(`\${${inner}}`, e.message));
      throw e;
    }
  };
  return {
    isExpression: (text: unknown) => typeof text === 'string' && WHOLE.test(text),
    hasExpression: (text: unknown) => typeof text === 'string' && TEMPLATE.test(text),
    resolveExpression(text: unknown, ctx?: any): unknown {
      if (typeof text !== 'string') return text;
      const whole = WHOLE.exec(text.trim());
      if (whole) return one(whole[1], ctx);
      if (!TEMPLATE.test(text)) {
        if (ctx?.content?.isMultiInstance) {
          const t = text.trim();
          if (/^\d+$/.test(t)) return Number(t);
          return t
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
        }
        return text;
      }
      return text.replace(/\$\{(.+?)\}/g, (_m, inner: string) => {
        const v = one(inner, ctx);
        return v === undefined || v === null ? '' : String(v);
      });
    },
  };
}

/** The engine's script handler: a model's scripts are never run (script tasks are refused at deploy). */
export const NO_SCRIPTS = {
  register() {},
  getScript() {
    return undefined;
  },
};
