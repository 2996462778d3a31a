import { describe, expect, it } from 'vitest';
import type { EditableColumn } from './columns.js';
import { cellText, fieldOfColumn } from './display.js';
import { HANDSONTABLE_EVALUATION_KEY, handsontableLicenseKey } from './licence.js';
import { EditableTableModel } from './model.js';

const col = (over: Partial<EditableColumn>): EditableColumn => ({ key: 'k', title: '列', type: 'input', ...over });

describe('cell texts (spec 4.3, 9)', () => {
  it('thousands separators, option texts, file names, single checkbox, switch', () => {
    expect(cellText(col({ type: 'inputNumber' }), '-1234567.5')).toBe('-1,234,567.5');
    const options = [
      { value: '1', text: '启用' },
      { value: '0', text: '停用' },
    ];
    expect(cellText(col({ type: 'select', options }), '1')).toBe('启用');
    expect(cellText(col({ type: 'list_multi', options }), '1,0')).toBe('启用,停用');
    expect(cellText(col({ type: 'upload' }), 'temp/合同_0123456789abcdef.pdf,temp/b.png')).toBe('合同.pdf,b.png');
    expect(cellText(col({ type: 'checkbox', customValue: ['Y', 'N'] }), 'Y')).toBe('是');
    expect(cellText(col({ type: 'switch' }), 'Y')).toBe('是');
    expect(cellText(col({ type: 'switch' }), 'N')).toBe('否');
    expect(cellText(col({ type: 'switch', fieldExtendJson: { options: ['1', '0'] } }), '1')).toBe('是');
    expect(cellText(col({}), null)).toBe('');
  });

  it('the ScreenField a registry cell receives', () => {
    const f = fieldOfColumn(col({ type: 'select', dictCode: 'sex', fieldExtendJson: '{"multi":true}', customValue: ['Y', 'N'] }));
    expect(f).toMatchObject({ name: 'k', title: '列', widget: 'select', dictCode: 'sex', extend: { multi: true, options: ['Y', 'N'] } });
    expect(fieldOfColumn(col({ type: 'inputNumber' })).dbType).toBe('BigDecimal');
  });

  it('licence key: configuration, else the evaluation key', () => {
    expect(handsontableLicenseKey()).toBe(HANDSONTABLE_EVALUATION_KEY);
  });

  it('previewCell validates a typed value without storing it (on input)', () => {
    const m = new EditableTableModel({ columns: [col({ validateRules: [{ pattern: 'm' }] })], rows: [{ id: 'a', k: '' }] });
    expect(m.previewCell('a', 'k', '123')).toBe('请输入正确的手机号码');
    expect(m.row('a')!.k).toBe('');
  });
});
