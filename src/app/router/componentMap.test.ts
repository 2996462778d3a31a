import fs from 'node:fs';
import path from 'node:path';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../api/types';
import { JEECG_SCREEN_PAGES, resolveComponent } from './componentMap';
import { buildMenuModel } from './menuRoutes';

const SCHEMA_ROOT = path.resolve(import.meta.dirname, '../../../schemas');

/** Every screen schema file with a menu entry: id and menu component. */
function screensWithMenus(): { id: string; component?: string; url?: string }[] {
  const out = [];
  for (const dir of fs.readdirSync(SCHEMA_ROOT)) {
    if (dir === 'meta' || dir === 'reports') continue;
    for (const file of fs.readdirSync(path.join(SCHEMA_ROOT, dir)).filter((f) => f.endsWith('.json'))) {
      const s = JSON.parse(fs.readFileSync(path.join(SCHEMA_ROOT, dir, file), 'utf8'));
      if (s.menu) out.push({ id: s.id, component: s.menu.component, url: s.menu.url });
    }
  }
  return out;
}

describe('JeecgBoot page names of the system screens', () => {
  it('every menu component a screen schema names opens a page of this client', () => {
    for (const s of screensWithMenus().filter((x) => x.component)) expect(resolveComponent(s.component), s.id).not.toBeNull();
  });

  it('each JeecgBoot page name opens the screen whose menu answers that name', () => {
    const byId = new Map(screensWithMenus().map((s) => [s.id, s]));
    for (const [component, screenId] of Object.entries(JEECG_SCREEN_PAGES)) {
      expect(byId.get(screenId)?.component, component).toBe(component);
      const page = resolveComponent(component)!;
      const el = (page as (p: object) => unknown)({ entry: undefined });
      expect(isValidElement(el) && (el.props as { screenId?: string }).screenId).toBe(screenId);
    }
  });

  it('routes a route-0 online item through the hidden :code route, titled by the item', () => {
    const item = {
      id: 'm1',
      path: '/online/cgformList/fin_bank_account',
      component: 'modules/online/cgform/auto/OnlCgformAutoList',
      route: '0',
      meta: { title: '银行账户' },
    };
    const hidden = {
      id: 'online-cgformList-@code',
      path: '/online/cgformList/:code',
      component: 'modules/online/cgform/auto/OnlCgformAutoList',
      route: '1',
      hidden: true,
      meta: { title: 'AUTO在线表单' },
    };
    const model = buildMenuModel([item, hidden] as unknown as MenuEntry[]);
    const handle = model.lookup('/online/cgformList/fin_bank_account');
    expect(handle?.title).toBe('银行账户');
    expect(handle?.entry?.id).toBe('m1');
    expect(model.routes.some((r) => r.path === '/online/cgformList/:code')).toBe(true);
  });
});
