import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeRequest, okResult } from '../../registry/shared/fake-request.js';
import bankAccount from '../../schemas/finance/fin_bank_account.json';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { RuntimeContext, type RuntimeContextValue } from '../../registry/context/RuntimeContext.js';
import ScreenList from './ScreenList.js';
import { defaultRegistry } from '../../registry/index.js';
import { memoryStorage } from '../../src/runtime/storage.js';

// Server-side rendering smoke test (node, no DOM): effects do not run, so no request is made.
const bank = bankAccount as unknown as ScreenSchema;
const admin = { id: '1', username: 'admin', realname: '管理员' };

function render(screen: ScreenSchema, over: Partial<RuntimeContextValue> = {}) {
  const ctx: RuntimeContextValue = {
    request: fakeRequest(() => okResult([])),
    auth: [],
    allAuth: [],
    user: admin,
    storage: memoryStorage(),
    registry: defaultRegistry,
    ...over,
  };
  return renderToStaticMarkup(
    <RuntimeContext.Provider value={ctx}>
      <ScreenList screen={screen} hideColumns={[]} />
    </RuntimeContext.Provider>,
  );
}

describe('ScreenList (SSR smoke, spec 2.2 configuration messages)', () => {
  it('says 当前系统无登录用户! without a signed-in user', () => {
    expect(render(bank, { user: null })).toContain('当前系统无登录用户!');
  });
  it('says 请设置url.list属性! when the screen names its urls but no list url', () => {
    expect(render({ ...bank, url: { list: '' } })).toContain('请设置url.list属性!');
  });
  it('renders the toolbar of a normal list: 高级查询 and 列设置, with the schema columns', () => {
    const html = render(bank);
    expect(html).toContain('高级查询');
    expect(html).toContain('列设置');
    expect(html).toContain('list-template-normal');
    expect(html).not.toContain('当前系统无登录用户!');
  });
});
