import type { Form } from '@formily/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createDefaultRegistry, defaultRegistry } from '../../registry/index.js';
import { memoryStorage } from '../../src/runtime/storage.js';
import { fakeRequest, okResult } from '../../registry/shared/fake-request.js';
import bankAccount from '../../schemas/finance/fin_bank_account.json';
import vehicle from '../../schemas/warehouse/wms_vehicle.json';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { RuntimeContext, type RuntimeContextValue } from '../../registry/context/RuntimeContext.js';
import { ScreenForm } from './ScreenForm.js';

// Server-side rendering smoke test (node, no DOM): effects do not run, so no request is made;
// interaction is covered by the lead's browser tests.
const bank = bankAccount as unknown as ScreenSchema;
const wms = vehicle as unknown as ScreenSchema;

function render(node: React.ReactNode, over: Partial<RuntimeContextValue> = {}) {
  const ctx: RuntimeContextValue = {
    request: fakeRequest(() => okResult([])),
    auth: [],
    allAuth: [],
    user: { id: '1', username: 'admin', realname: '管理员', orgCode: 'A01' },
    storage: memoryStorage(),
    registry: defaultRegistry,
    ...over,
  };
  return renderToStaticMarkup(<RuntimeContext.Provider value={ctx}>{node}</RuntimeContext.Provider>);
}

describe('ScreenForm (SSR smoke)', () => {
  it('renders an add form with labels and placeholders', () => {
    const html = render(<ScreenForm screen={bank} mode="add" />);
    for (const f of bank.fields.filter((x) => x.showForm !== false)) expect(html).toContain(f.title);
    expect(html).toContain('请输入账户名称');
    expect(html).toContain('点击上传');
    expect(html).toContain('data-grid-span="2"');
    expect(render(<ScreenForm screen={wms} mode="add" />)).toContain('点击选择部门');
  });

  it('renders a detail form read-pretty with the record values', () => {
    const record = {
      id: '1',
      account_name: '基本户',
      opening_balance: '1234567.5',
      online_banking: 'Y',
      remark: '第一行\n第二行',
      opening_license: 'temp/contract_1700.pdf',
    };
    const html = render(<ScreenForm screen={bank} mode="detail" values={record} />);
    expect(html).toContain('基本户');
    expect(html).toContain('1,234,567.50');
    expect(html).toContain('是');
    expect(html).toContain('contr...');
    expect(html).not.toContain('请输入账户名称');
  });

  it('renders the vehicle screen in edit mode and reports the form', () => {
    let form: Form | undefined;
    const html = render(<ScreenForm screen={wms} mode="edit" values={{ id: 'v1', plate_no: '京A·12345' }} onReady={(f) => (form = f)} />);
    expect(html).toContain('车牌号');
    expect(form).toBeUndefined(); // effects do not run during SSR
  });

  it('shows an error panel for an unregistered widget', () => {
    const registry = createDefaultRegistry();
    registry.unregister('sel_user');
    const html = render(<ScreenForm screen={bank} mode="add" registry={registry} />);
    expect(html).toContain('表单配置错误');
    expect(html).toContain('custodian');
  });

  it('shows titles and placeholders from the screen as text, never as Formily expressions', () => {
    const screen: ScreenSchema = {
      ...bank,
      id: 'expr_probe',
      fields: [{ name: 'probe', title: '{{ 6 * 7 }}', widget: 'input', dbType: 'string', dbLength: 20 }],
    } as ScreenSchema;
    const html = render(<ScreenForm screen={screen} mode="add" />);
    expect(html).toContain('{{ 6 * 7 }}');
    expect(html).toContain('请输入{{ 6 * 7 }}');
    expect(html).not.toContain('>42<');
  });
});
