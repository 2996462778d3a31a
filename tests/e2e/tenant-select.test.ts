import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD, startE2eApp, type E2eApp } from './app.js';

/**
 * Tenant choice after sign-in in Chromium (api-contract §2.2 `tenantList`): an
 * admin puts a demo user into the two demo tenants through the user form's API (relTenantIds);
 * that user signs in, must pick a tenant in the 租户选择 dialog, lands on the dashboard, and every
 * later API request carries the chosen `tenant-id` header.
 */

let app: E2eApp;
let restore: (() => Promise<void>) | undefined;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await restore?.();
  await app?.close();
});

/** Signs in by API and returns the token. */
async function token(username: string): Promise<string> {
  const res = await fetch(`${app.server.url}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: E2E_PASSWORD }),
  });
  return ((await res.json()) as { result: { token: string } }).result.token;
}

async function asAdmin(method: string, url: string, body?: unknown) {
  const res = await fetch(`${app.server.url}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': await token('admin') },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; result: any };
}

describe('tenant choice after sign-in', () => {
  it('asks a user of two tenants to pick one, then sends it as tenant-id on every request', async () => {
    const users = await asAdmin('GET', '/sys/user/list?pageNo=1&pageSize=10&username=wms_demo');
    const user = (users.result.records as { id: string; username: string; relTenantIds?: string }[]).find(
      (u) => u.username === 'wms_demo',
    )!;
    expect((await asAdmin('PUT', '/sys/user/edit', { id: user.id, relTenantIds: '1000,1001' })).success).toBe(true);
    // the browser tests share one seed: give wms_demo its one tenant back afterwards
    restore = async () => {
      expect((await asAdmin('PUT', '/sys/user/edit', { id: user.id, relTenantIds: user.relTenantIds ?? '' })).success).toBe(true);
    };

    const ctx = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    const tenantHeaders: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/jeecg-boot/') && !req.url().includes('/sys/login')) tenantHeaders.push(req.headers()['tenant-id'] ?? '');
    });
    await page.goto(`${app.server.url}/user/login`);
    await page.locator('#username').fill('wms_demo');
    await page.locator('#password').fill(E2E_PASSWORD);
    await page.locator('button[type=submit]').first().click();

    const dialog = page.locator('.login-select-modal .ant-modal');
    await dialog.getByText('租户选择').waitFor();
    // a choice is required: OK alone keeps the dialog and marks the field
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await dialog.getByText('请选择登录租户', { exact: true }).last().waitFor();
    expect(page.url()).toContain('/user/login');
    // the spec 4.6 wrapper: neither a mask click nor Escape dismisses it
    await page.mouse.click(8, 8);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);

    await dialog.locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '华东分公司' }).click();
    tenantHeaders.length = 0;
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.waitForURL(/\/dashboard\/analysis/);
    await page.locator('.ant-layout-sider, .ant-menu').first().waitFor();

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__TENANT_ID') ?? 'null') as { value: unknown } | null);
    expect(String(stored?.value)).toBe('1001');
    await expect.poll(() => tenantHeaders.length).toBeGreaterThan(0);
    expect(new Set(tenantHeaders)).toEqual(new Set(['1001']));

    // after a reload the choice is still sent, and the server accepts it
    tenantHeaders.length = 0;
    const answered = page.waitForResponse((r) => r.url().includes('/sys/permission/getUserPermissionByToken'));
    await page.reload();
    expect((await answered).status()).toBe(200);
    expect(new Set(tenantHeaders)).toEqual(new Set(['1001']));
    await ctx.close();
  });
});
