import type { Db } from '../../db/connection.js';
import type { ScreenField } from '../../../shared/generated/screen-schema.js';
import { fillRuleCode } from '../../../shared/fill-rule-default.js';
import { toColumn } from '../../../shared/columns.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import { executeFillRule } from './fill-rule.js';

type Row = Record<string, unknown>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The values the fill rules of a screen generate for a new record (api-contract §6.6: a field
 * default `${ruleCode}`; business-screens.md §2.3: document numbers generated on add). A field
 * gets one when it is read-only or the body leaves it empty; `body` is the rule's form data.
 * Each value is taken by the rule's atomic sequence, so concurrent adds never share one (a
 * refused add leaves a gap, as JeecgBoot's numbers taken when a form opens do). Numbers count
 * within `tenantId` (the tenant the record is written in; 0 = none).
 */
export async function generatedValues(db: Db, loaded: LoadedScreen, body: Row, tenantId = 0): Promise<Map<ScreenField, string>> {
  const out = new Map<ScreenField, string>();
  for (const f of loaded.screen.fields) {
    const code = fillRuleCode(f.defaultValue);
    if (!code) continue;
    const given = body[toColumn(f.name)] ?? body[f.name];
    if (!f.readOnly && !isEmpty(given)) continue;
    out.set(f, await executeFillRule(db, code, body, { tenantId }));
  }
  return out;
}
