import { describe, expect, it } from 'vitest';
import { renderCell, renderForm, renderWithRuntime } from '../../shared/test-render.js';
import { NumberCellEdit } from './index.js';

const field = { name: 'amount', title: '金额', widget: 'inputNumber', dbType: 'BigDecimal', dbPointLength: 2 } as const;

describe('inputNumber', () => {
  it('a number input; thousands separators with the scale in detail and list (spec 9)', () => {
    expect(renderForm([{ ...field }], 'add')).toContain('ant-input-number');
    expect(renderForm([{ ...field }], 'detail', { amount: '1234567.5' })).toContain('1,234,567.50');
    expect(renderCell({ ...field }, -1234.5)).toContain('-1,234.50');
  });
  it('the editable-table cell is a right-aligned text input', () => {
    const html = renderWithRuntime(
      <NumberCellEdit value="12.5" onChange={() => undefined} field={{ ...field }} record={{}} column="amount" />,
    );
    expect(html).toContain('data-testid="number-cell"');
    expect(html).toContain('value="12.5"');
  });
});
