import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { signedInPage, startE2eApp, type E2eApp, type SignedInPage } from './app.js';

/**
 * A list whose schema names its own URLs (spec 7.3 "List URLs come from url.list, url.delete,
 * url.deleteBatch"; JeecgBoot style) in Chromium: 职务管理 reads /sys/position/list, deletes one
 * row through url.delete `?id=` and several through url.deleteBatch `?ids=` — never through the
 * online-form API.
 */
let app: E2eApp;
let s: SignedInPage;
const NAMES = ['列表地址职务甲', '列表地址职务乙', '列表地址职务丙'];

beforeAll(async () => {
  app = await startE2eApp();
  s = await signedInPage(app);
  for (const [i, name] of NAMES.entries()) {
    const res = await fetch(`${app.server.url}/jeecg-boot/sys/position/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': s.token },
      body: JSON.stringify({ code: `e2e_url_${i}`, name, postRank: '5' }),
    });
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
  }
});
afterAll(async () => app?.close());

describe('url.list, url.delete and url.deleteBatch of a schema (spec 7.3)', () => {
  it('lists, deletes one row and then two through the schema’s own URLs', async () => {
    const { page } = s;
    const calls: string[] = [];
    const record = (r: Request) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/jeecg-boot/sys/position/') || u.pathname.startsWith('/jeecg-boot/online/cgform/api/'))
        calls.push(
          `${r.method()} ${u.pathname}${u.searchParams.has('id') ? `?id=${u.searchParams.get('id')}` : ''}${u.searchParams.has('ids') ? `?ids=${u.searchParams.get('ids')}` : ''}`,
        );
    };
    page.on('request', record);
    await page.goto(`${app.server.url}/isystem/position`);
    const rowOf = (name: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
    await expect.poll(() => rowOf(NAMES[0]).count(), { timeout: 20_000 }).toBe(1);
    expect(calls.some((c) => c.startsWith('GET /jeecg-boot/sys/position/list'))).toBe(true);

    await rowOf(NAMES[0]).getByText('删除', { exact: true }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => rowOf(NAMES[0]).count(), { timeout: 10_000 }).toBe(0);
    expect(calls.filter((c) => c.startsWith('DELETE /jeecg-boot/sys/position/delete?id='))).toHaveLength(1);

    for (const name of NAMES.slice(1)) await rowOf(name).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /批量删除/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(async () => (await rowOf(NAMES[1]).count()) + (await rowOf(NAMES[2]).count()), { timeout: 10_000 }).toBe(0);
    const batch = calls.filter((c) => c.startsWith('DELETE /jeecg-boot/sys/position/deleteBatch?ids='));
    expect(batch).toHaveLength(1);
    expect(batch[0].split('?ids=')[1].split(',')).toHaveLength(2);
    expect(calls.filter((c) => c.includes('/online/cgform/api/getData/') || (c.startsWith('DELETE') && c.includes('/online/')))).toEqual(
      [],
    );
    page.off('request', record);
    expect(s.problems).toEqual([]);
  });
});
