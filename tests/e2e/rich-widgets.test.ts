import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formItem, signIn, startE2eApp, E2E_PASSWORD, type E2eApp } from './app.js';

// Issue 5 tests: the rich widgets through the real list and form runtime, on the fixture
// screen tests/e2e/schemas/demo_widgets.json (控件示例).
let app: E2eApp;
let page: Page;
let token: string;
const problems: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-e2e-files-'));

beforeAll(async () => {
  app = await startE2eApp();
  page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
  await signIn(page, app.server.url);
  token = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value);
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const api = async (method: string, url: string, body?: unknown) => {
  const res = await fetch(`${app.server.url}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
};

async function openList(): Promise<void> {
  await page.goto(`${app.server.url}/online/cgformList/demo_widgets`);
  await page.locator('.screen-list').waitFor();
}

describe('cron (issue 5 items 1-3)', () => {
  it('picks a cron in the modal and sees it in the saved record', async () => {
    await openList();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await formItem(page, '标题').locator('input').fill('每天中午执行');
    await formItem(page, '执行计划').getByTestId('cron-open').click();
    const modal = page.locator('.ant-modal:visible').filter({ hasText: 'cron表达式' });
    await modal.waitFor();
    // hour tab: specific value 12; minute and second: specific 0
    for (const [tab, value] of [
      ['秒', '0'],
      ['分', '0'],
      ['时', '12'],
    ] as const) {
      await modal.getByRole('tab', { name: tab, exact: true }).click();
      const pane = modal.locator('.ant-tabs-tabpane-active');
      // choose "specific values" (it starts with the first value), then keep only `value`
      await pane.getByText(/^指定(秒数|分钟|小时)/).click();
      const wanted = value.padStart(2, '0');
      await pane.getByRole('checkbox', { name: wanted, exact: true }).check();
      if (wanted !== '00') await pane.getByRole('checkbox', { name: '00', exact: true }).uncheck();
    }
    await expect.poll(() => modal.getByTestId('cron-result').textContent()).toMatch(/^0 0 12 \* \* \?/);
    const expr = (await modal.getByTestId('cron-result').textContent())!.trim();
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => formItem(page, '执行计划').getByTestId('cron-input').inputValue()).toBe(expr);
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.locator('.ant-message').getByText('添加成功！').waitFor();
    const rows = await api('GET', '/online/cgform/api/getData/demo_widgets?title=每天中午执行');
    expect(rows.result.records[0].schedule).toBe(expr);
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').first().textContent()).toContain(expr);
  });
});

describe('rich text (issue 5 item 4)', () => {
  it('stores rich text sanitised and renders it without running scripts', async () => {
    const html =
      '<p>正文<b>加粗</b></p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">链接</a>';
    const add = await api('POST', '/online/cgform/api/form/demo_widgets', { title: '富文本测试', content: html });
    expect(add.success).toBe(true);
    const stored = await api('GET', `/online/cgform/api/form/demo_widgets/${add.result}`);
    expect(stored.result.content).toContain('<b>加粗</b>');
    expect(stored.result.content).not.toMatch(/onerror|<script|javascript:/i);
    await openList();
    await page.locator('.screen-list .ant-formily-item').filter({ hasText: '标题' }).locator('input').fill('富文本测试');
    await page.getByTestId('query-search').click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().getByText('详情').click();
    const read = page.locator('.ant-modal:visible').getByTestId('umeditor-read');
    await read.waitFor();
    expect(await read.locator('b').textContent()).toBe('加粗');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.keyboard.press('Escape');
  });

  it('edits rich text with an uploaded image in the editor and shows it in the detail view', async () => {
    const png = path.join(tmp, 'dot.png');
    fs.writeFileSync(
      png,
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
    );
    await openList();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await formItem(page, '标题').locator('input').fill('带图片的正文');
    const editor = page.locator('.ant-modal:visible').getByTestId('umeditor');
    await editor.locator('[data-slate-editor]').waitFor({ timeout: 30_000 });
    await editor.locator('[data-slate-editor]').click();
    await page.keyboard.type('图片如下');
    const uploadButton = editor.locator('[data-menu-key="uploadImage"]');
    await expect.poll(() => uploadButton.getAttribute('class')).not.toContain('disabled');
    const chooser = page.waitForEvent('filechooser');
    await uploadButton.click();
    await (await chooser).setFiles(png);
    await expect.poll(() => editor.locator('[data-slate-editor] img').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.locator('.ant-message').getByText('添加成功！').waitFor();
    const rows = await api('GET', '/online/cgform/api/getData/demo_widgets?title=带图片的正文');
    const content = rows.result.records[0].content as string;
    expect(content).toContain('图片如下');
    const src = /<img[^>]+src="([^"]+)"/.exec(content)?.[1];
    expect(src).toBeTruthy();
    const img = await fetch(src!.startsWith('http') ? src! : `${app.server.url}${src}`);
    expect(img.status).toBe(200);
  });
});

describe('files (issue 5 items 7-8)', () => {
  it('uploads a file into a list record and downloads it back byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256));
    const file = path.join(tmp, '开户许可证.pdf');
    fs.writeFileSync(file, bytes);
    await openList();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await formItem(page, '标题').locator('input').fill('附件测试');
    await formItem(page, '附件').locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => formItem(page, '附件').getByTestId('upload-item').count(), { timeout: 20_000 }).toBe(1);
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.locator('.ant-message').getByText('添加成功！').waitFor();
    const rows = await api('GET', '/online/cgform/api/getData/demo_widgets?title=附件测试');
    const stored = rows.result.records[0].attachment as string;
    expect(stored).toMatch(/^temp\/\d{8}\/.+\.pdf$/);
    const link = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '附件测试' }).getByTestId('upload-download').first();
    await link.waitFor();
    const popup = page.waitForEvent('popup');
    const download = page.context().waitForEvent('response', (r) => r.url().includes('/sys/common/static/'));
    await link.click();
    const res = await download;
    expect(Buffer.from(await res.body()).equals(bytes)).toBe(true);
    await (await popup).close();
  });

  it('refuses a path-traversal download', async () => {
    for (const p of ['../instance.lock', '..%2Finstance.lock', 'temp/../../admin-password.txt']) {
      const res = await fetch(`${app.server.url}/jeecg-boot/sys/common/static/${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain(E2E_PASSWORD);
    }
    expect(problems).toEqual([]);
  });
});
