import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PermissionEntry, MenuEntry } from '../api/types';
import type { RouteHandle } from '../router/menuRoutes';
import { logoTitle } from './logoTitle';
import { menuIcon } from './menuIcons';
import { browserTitle } from './pageTitle';
import { menuItems, selectedMenuKey } from './SideMenu';
import { deviceOf, isMobileDevice } from './useDevice';
import { applySystemSettings, DEFAULT_SYSTEM_SETTINGS, footerLine, systemSettings } from '../stores/system-settings';

const entry = (id: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  id,
  path: `/${id}`,
  component: 'x/Page',
  meta: { title: id },
  ...extra,
});

describe('logo title of the product variant (spec 1)', () => {
  const auth = (...actions: string[]): PermissionEntry[] => actions.map((action) => ({ action, type: '1' }) as PermissionEntry);
  it('comes from the first variant marker the user holds', () => {
    // the variants' Chinese names, never a bare OA / BSS / WMS
    expect(logoTitle(auth('user:oa'))).toBe('协同办公系统');
    expect(logoTitle(auth('fin:bank_account:add', 'user:bss', 'user:oa'))).toBe('业务支撑系统');
    expect(logoTitle(auth('user:gam'))).toBe('仓储管理系统');
    expect(logoTitle(auth('user:pm'))).toBe('项目管理系统');
    expect(logoTitle(auth('user:iee'))).toBe('智慧工程');
    expect(logoTitle(auth('user:supplier'))).toBe('供应商管理系统');
    expect(logoTitle(auth('x:y,user:pm'))).toBe('项目管理系统');
  });
  it('is the platform name without a marker', () => {
    expect(logoTitle([])).toBe('办公管理系统');
    expect(logoTitle(auth('user:add'))).toBe('办公管理系统');
  });
});

describe('footer (系统设置 footer text, else the copyright of the current year)', () => {
  it('is the settings’ footer text when set, else the copyright line of the year', () => {
    expect(footerLine({ footerText: '' }, 2027)).toBe('Copyright © 2027 中冀智联工程技术有限公司');
    expect(footerLine({ footerText: '' })).toContain(`© ${new Date().getFullYear()} `);
    expect(footerLine({ footerText: '中恒工程 技术支持：010-1234' }, 2027)).toBe('中恒工程 技术支持：010-1234');
  });
  it('applies only known settings of the right kind', () => {
    applySystemSettings({ platformName: '中恒办公', defaultPageSize: 20, noticeText: ' 系统维护 ', footerText: 7 });
    expect({ ...systemSettings }).toEqual({ platformName: '中恒办公', footerText: '', defaultPageSize: 20, noticeText: '系统维护' });
    applySystemSettings({ platformName: '', defaultPageSize: 15 });
    expect(systemSettings).toMatchObject({ platformName: '中恒办公', defaultPageSize: 20 });
    Object.assign(systemSettings, DEFAULT_SYSTEM_SETTINGS);
  });
});

describe('browser title (spec 2.4)', () => {
  it('is the page title plus the platform name; home shows only the platform name', () => {
    expect(browserTitle('/online/cgformList/fin_bank_account', '银行账户')).toBe('银行账户 - 办公管理系统');
    expect(browserTitle('/dashboard/analysis', '首页')).toBe('办公管理系统');
    expect(browserTitle('/online/cgformList/fin_bank_account', '银行账户', '中恒办公')).toBe('银行账户 - 中恒办公');
  });
});

describe('device classes (spec 2.4, 9 breakpoints 1087.99 / 767.99 px)', () => {
  it('below 1088 px is mobile, below 768 px the smaller mobile', () => {
    expect(deviceOf(1440)).toBe('desktop');
    expect(deviceOf(1088)).toBe('desktop');
    expect(deviceOf(1087)).toBe('tablet');
    expect(deviceOf(768)).toBe('tablet');
    expect(deviceOf(767)).toBe('mobile');
    expect(deviceOf(375)).toBe('mobile');
    expect(isMobileDevice('tablet')).toBe(true);
    expect(isMobileDevice('desktop')).toBe(false);
  });
});

describe('side menu (spec 2.4)', () => {
  const menu: MenuEntry[] = [
    entry('dash'),
    entry('fin', {
      component: 'layouts/RouteView',
      children: [entry('bank'), entry('secret', { hidden: true }), entry('cash', { meta: { title: 'cash', hideMenu: true } })],
    }),
    entry('single', { alwaysShow: true, children: [entry('inner')] }),
    entry('gone', { hidden: true }),
  ];

  it('hides hidden entries, shows submenus for children and a single item for alwaysShow', () => {
    const items = menuItems(menu) as { key: string; children?: { key: string }[] }[];
    expect(items.map((i) => i.key)).toEqual(['dash', 'fin', 'single']);
    expect(items[1].children?.map((c) => c.key)).toEqual(['bank']);
    expect(items[2].children).toBeUndefined();
  });

  it('selects the route entry (param routes by their concrete entry), a hidden page its visible parent', () => {
    const fin = menu[1];
    const bank = fin.children![0];
    const secret = fin.children![1];
    const handle = (e: MenuEntry, parents: MenuEntry[]): RouteHandle => ({ title: '', entry: e, parents, keepAlive: false });
    expect(selectedMenuKey(handle(bank, [fin]))).toBe('bank');
    expect(selectedMenuKey(handle(secret, [fin]))).toBe('fin');
    expect(selectedMenuKey(null)).toBeUndefined();
  });

  it('shows font icons for names starting with icon-yl, ant icons by name, nothing for unknown names', () => {
    const font = [{ family: '"iconfont"' }];
    expect(renderToStaticMarkup(<>{menuIcon('icon-yl-caiwu', font)}</>)).toBe(
      '<span role="img" class="anticon iconfont icon-yl-caiwu" aria-label="icon-yl-caiwu"></span>',
    );
    // no icon font loaded: never blank — the ant icon named by the rest, else appstore
    expect(renderToStaticMarkup(<>{menuIcon('icon-yl-caiwu', [])}</>)).toContain('anticon-appstore');
    expect(renderToStaticMarkup(<>{menuIcon('icon-yl-caiwu', [])}</>)).toContain('aria-label="icon-yl-caiwu"');
    expect(renderToStaticMarkup(<>{menuIcon('icon-yl-bank', [{ family: 'Roboto' }])}</>)).toContain('anticon-bank');
    expect(renderToStaticMarkup(<>{menuIcon('icon-yl-caiwu')}</>)).toContain('anticon-appstore');
    expect(renderToStaticMarkup(<>{menuIcon('bank')}</>)).toContain('anticon-bank');
    expect(menuIcon('no-such-icon')).toBeUndefined();
  });
});

describe('page-content shell (spec 2.4)', () => {
  it('titles the page from the route, with description, links, extra image, search and tabs', async () => {
    const { MemoryRouter } = await import('react-router-dom');
    const { default: PageContent } = await import('./PageContent');
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/result/success']}>
        <PageContent
          description="页面说明"
          linkList={[{ title: '快速开始', href: '#start' }]}
          extraImage="/extra.png"
          search
          tabs={{ items: [{ key: 'a', title: '文章' }], activeKey: 'a' }}
        >
          <p>正文</p>
        </PageContent>
      </MemoryRouter>,
    );
    expect(html).toContain('提交成功');
    expect(html).toContain('页面说明');
    expect(html).toContain('href="#start"');
    expect(html).toContain('src="/extra.png"');
    expect(html).toContain('placeholder="请输入..."');
    expect(html).toContain('文章');
    expect(html).toContain('<p>正文</p>');
    const bare = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/result/success']}>
        <PageContent title={false}>内容</PageContent>
      </MemoryRouter>,
    );
    expect(bare).not.toContain('page-header');
  });
});
