import { describe, expect, it } from 'vitest';
import { evalMenuUrl, firstChildPath, flattenMenu, type MenuUrlVars } from './menuModel';
import type { MenuEntry } from '../api/types';

const vars: MenuUrlVars = {
  origin: 'https://oa.example.com',
  apiBase: '/jeecg-boot',
  token: 'tok en',
  userId: '42',
  username: 'wangfang',
  realname: '王芳',
  orgCode: 'A01A02',
  tenantId: '0',
};

describe('evalMenuUrl (spec 2.2 {{expression}} placeholders)', () => {
  it('fills the JeecgBoot config variables', () => {
    expect(evalMenuUrl("{{ window._CONFIG['domianURL'] }}/jmreport/list", vars)).toBe('https://oa.example.com/jeecg-boot/jmreport/list');
    expect(evalMenuUrl('{{domainURL}}/x', vars)).toBe('https://oa.example.com/jeecg-boot/x');
    expect(evalMenuUrl("{{ window._CONFIG['staticDomainURL'] }}/a.pdf", vars)).toBe(
      'https://oa.example.com/jeecg-boot/sys/common/static/a.pdf',
    );
  });

  it('fills the user variables of the fixed list, URL-encoded', () => {
    expect(evalMenuUrl('https://bi.example.com/?token={{token}}&u={{ username }}&n={{userInfo.realname}}&o={{sys_org_code}}', vars)).toBe(
      'https://bi.example.com/?token=tok%20en&u=wangfang&n=%E7%8E%8B%E8%8A%B3&o=A01A02',
    );
  });

  it('never evaluates anything else', () => {
    expect(evalMenuUrl('https://x/?a={{ alert(1) }}&b={{ window.localStorage.clear() }}&c={{constructor}}', vars)).toBe(
      'https://x/?a=&b=&c=',
    );
  });
});

describe('flattenMenu (spec 2.2 route flag)', () => {
  it("marks an entry whose route flag is '0', and its children, as not routed; others stay routed", () => {
    const menu = [
      { path: '/a', name: 'a', route: '1', children: [{ path: '/a/b', name: 'b' }] },
      { path: '/x', name: 'x', route: '0', children: [{ path: '/x/y', name: 'y', route: '1' }] },
    ] as unknown as MenuEntry[];
    expect(flattenMenu(menu).map((f) => [f.entry.path, f.routed])).toEqual([
      ['/a', true],
      ['/a/b', true],
      ['/x', false],
      ['/x/y', false],
    ]);
  });

  it("skips a route-'0' child when choosing a container's default child", () => {
    const container = { path: '/p', children: [{ path: '/p/off', route: '0' }, { path: '/p/on' }] } as unknown as MenuEntry;
    expect(firstChildPath(container)).toBe('/p/on');
  });
});
