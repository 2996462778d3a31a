import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';
import { popupConfigOf } from './PopupEdit.js';

const base = { name: 'supplierName', title: '供应商', widget: 'popup', dbType: 'string' } as const;

describe('popup (spec 5.6, 9)', () => {
  it('a read-only input with placeholder 请选择', () => {
    const html = renderForm([{ ...base, extend: { popupCode: 'rep_supplier', orgFields: 'name', destFields: 'supplierName' } }], 'add');
    expect(html).toMatch(/<input data-testid="popup-input" readOnly="" placeholder="请选择"/);
    expect(html).not.toContain('popup-error');
  });
  it('shows the configuration errors', () => {
    expect(renderForm([{ ...base, extend: { popupCode: 'rep_supplier' } }], 'add')).toContain('popup参数未正确配置!');
    expect(renderForm([{ ...base, extend: { popupCode: 'r', orgFields: 'a,b', destFields: 'supplierName' } }], 'add')).toContain(
      'popup参数未正确配置,原始值和目标值数量不一致!',
    );
  });
  it('reads its settings from extend; the value in detail and list', () => {
    expect(popupConfigOf({ popupCode: 'r', orgFields: 'a', destFields: 'b' })).toEqual({ code: 'r', orgFields: 'a', destFields: 'b' });
    expect(renderForm([{ ...base }], 'detail', { supplier_name: '甲公司' })).toContain('甲公司');
    expect(renderCell({ ...base }, '甲公司')).toContain('甲公司');
  });
});
