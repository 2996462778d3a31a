/**
 * A field default that names a fill rule (api-contract §6.6: an online field's default value
 * `${ruleCode}` runs that rule): returns the rule code, or null for any other default. The
 * form leaves such a field empty and the server generates the value when the record is added
 * (business-screens.md §2.3: document numbers are generated on add).
 */
export function fillRuleCode(defaultValue: unknown): string | null {
  if (typeof defaultValue !== 'string') return null;
  const m = /^\s*=?\$\{\s*([A-Za-z][A-Za-z0-9_]{0,99})\s*\}\s*$/.exec(defaultValue);
  return m ? m[1] : null;
}
