import { describe, expect, it } from 'vitest';
import { fillRuleCode } from '../../shared/fill-rule-default.js';
import { resolveDefaultValue } from '../../shared/default-value.js';
import { fieldValidators } from './compile.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';

describe('fill-rule defaults (api-contract §6.6)', () => {
  it('reads the rule code of ${ruleCode} and =${ruleCode}, nothing else', () => {
    expect(fillRuleCode('${oa_contract_no}')).toBe('oa_contract_no');
    expect(fillRuleCode(' =${ pm_project_no } ')).toBe('pm_project_no');
    for (const other of ['#{sysDate}', 'CG-${x', '${1abc}', '${a;drop}', 12, null, undefined]) expect(fillRuleCode(other)).toBeNull();
  });

  it('leaves the form field empty and not required: the server fills it on add', () => {
    const field = {
      name: 'docNo',
      title: '单据编号',
      widget: 'input',
      dbType: 'string',
      required: true,
      defaultValue: '${oa_expense_no}',
    } as ScreenField;
    expect(resolveDefaultValue(field.defaultValue, {})).toBeUndefined();
    expect(fieldValidators(field).some((r) => (r as { required?: boolean }).required)).toBe(false);
    expect(resolveDefaultValue('#{sysDate}', { now: new Date(2026, 10, 22) })).toBe('2026-11-22');
  });
});
