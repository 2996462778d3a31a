import { describe, expect, it } from 'vitest';
import type { ScreenSchema } from '../../shared/generated/screen-schema.js';
import { checkValidators, computeReaction } from './compute-reactions.js';
import { compileScreenForm, type ReactiveField } from './compile.js';

const screen: ScreenSchema = {
  id: 'demo_invoice',
  title: '发票',
  tableName: 'demo_invoice',
  tableType: 'single',
  template: 'normal',
  authPre: 'demo:invoice',
  checks: [{ expr: 'endDate >= startDate', message: '结束日期不能早于开始日期', field: 'endDate' }],
  fields: [
    { name: 'total', title: '价税合计', widget: 'inputNumber', dbType: 'BigDecimal', dbLength: 18, dbPointLength: 2, required: true },
    { name: 'taxRate', title: '税率', widget: 'select', dbType: 'string', dbLength: 4, dictCode: 'tax_rate' },
    {
      name: 'exclTax',
      title: '金额',
      widget: 'inputNumber',
      dbType: 'BigDecimal',
      dbLength: 18,
      dbPointLength: 2,
      required: true,
      readOnly: true,
      compute: { expr: 'round(total / (1 + taxRate / 100), 2)' },
    },
    {
      name: 'paid',
      title: '已付',
      widget: 'inputNumber',
      dbType: 'BigDecimal',
      readOnly: true,
      compute: { expr: 'v', aggregates: { v: { from: 'demo_pay', fn: 'sum', field: 'amount', match: { invoiceId: 'id' } } } },
    },
    { name: 'startDate', title: '开始日期', widget: 'date', dbType: 'Date' },
    { name: 'endDate', title: '结束日期', widget: 'date', dbType: 'Date' },
  ],
};
const field = (name: string) => screen.fields.find((f) => f.name === name)!;

function fakeField(values: Record<string, unknown>): ReactiveField {
  return { form: { values }, visible: true, required: false, value: undefined, componentProps: {}, setComponentProps() {} };
}

describe('live formulas and checks of a form', () => {
  it('computes a row formula as the field stores it; a formula reading other records is left to the server', () => {
    const reaction = computeReaction(screen, field('exclTax'))!;
    const target = fakeField({ total: 1090, tax_rate: '9' });
    reaction(target);
    expect(target.value).toBe(1000);
    target.form.values.total = 100;
    reaction(target);
    expect(target.value).toBe(91.74);
    expect(computeReaction(screen, field('paid'))).toBeUndefined();
  });

  it('compiles the reaction, drops the required rule of a computed field and puts checks on their field', () => {
    const { schema } = compileScreenForm(screen, { mode: 'add', widgetComponent: (w) => `W_${w}`, context: {} });
    const props = schema.properties!._grid.properties!;
    expect(props.excl_tax['x-reactions']).toHaveLength(1);
    expect(props.excl_tax.required).toBeUndefined();
    expect(props.excl_tax['x-validator']!.some((r) => r.required !== undefined)).toBe(false);
    expect(props.total.required).toBe(true);
  });

  it('fails a check only when its expression is false for the form values', () => {
    const [rule] = checkValidators(screen, field('endDate'));
    const form = (start: string | null, end: string | null) => ({ form: { values: { start_date: start, end_date: end } } });
    expect(rule.validator!(null, undefined, form('2026-03-01', '2026-02-01'))).toBe('结束日期不能早于开始日期');
    expect(rule.validator!(null, undefined, form('2026-03-01', '2026-03-02'))).toBeNull();
    expect(rule.validator!(null, undefined, form(null, '2026-03-02'))).toBeNull();
    expect(checkValidators(screen, field('startDate'))).toEqual([]);
  });
});
