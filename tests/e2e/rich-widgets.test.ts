import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, formItem, signedInPage, startE2eApp, type E2eApp } from './app.js';

// The rich widgets through the real list and form runtime, on the fixture
// screen tests/e2e/schemas/demo_widgets.json (控件示例).
let app: E2eApp;
let page: Page;
let token: string;
let problems: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-e2e-files-'));

beforeAll(async () => {
  app = await startE2eApp();
  ({ page, token, problems } = await signedInPage(app));
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

describe('cron', () => {
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

  it('定时任务 opens the text-input builder: field inputs apply on blur or Enter, the full Cron input emits on blur', async () => {
    await page.goto(`${app.server.url}/isystem/QuartzJobList`);
    await page.locator('.screen-list').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const item = formItem(page, 'Cron表达式');
    await expect.poll(() => item.getByTestId('cron-input').inputValue()).toBe('0 0 2 * * ?');
    await item.getByTestId('cron-open').click();
    const builder = page.getByTestId('cron-input-builder');
    await builder.waitFor();
    const field = (unit: string) => builder.getByTestId(`cron-field-${unit}`);
    const text = builder.getByTestId('cron-text');
    const preview = builder.getByTestId('cron-preview');
    expect(await text.inputValue()).toBe('0 0 2 * * ?');
    const before = await preview.inputValue();
    expect(before).toMatch(/ 02:00:00/);

    // typing in a field input changes nothing until it is left
    await field('minute').fill('30');
    expect(await text.inputValue()).toBe('0 0 2 * * ?');
    expect(await preview.inputValue()).toBe(before);
    await field('minute').blur();
    await expect.poll(() => text.inputValue()).toBe('0 30 2 * * ? *');
    await expect.poll(() => preview.inputValue()).toMatch(/ 02:30:00/);
    // Enter commits as well
    await field('hour').fill('9');
    expect(await text.inputValue()).toBe('0 30 2 * * ? *');
    await field('hour').press('Enter');
    await expect.poll(() => text.inputValue()).toBe('0 30 9 * * ? *');

    // the full Cron input: the fields follow only when it is left
    await text.fill('0 15 10 ? * 2-6');
    expect(await field('minute').inputValue()).toBe('30');
    expect(await field('week').inputValue()).toBe('?');
    await text.blur();
    await expect.poll(() => field('minute').inputValue()).toBe('15');
    expect(await field('hour').inputValue()).toBe('10');
    expect(await field('week').inputValue()).toBe('2-6');
    await expect.poll(() => preview.inputValue()).toMatch(/ 10:15:00/);
    expect(await text.inputValue()).toBe('0 15 10 ? * 2-6 *');

    const modal = page.locator('.ant-modal:visible').filter({ has: builder });
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => item.getByTestId('cron-input').inputValue()).toBe('0 15 10 ? * 2-6 *');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });
});

describe('rich text', () => {
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
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    await read.waitFor({ state: 'hidden' });
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
    // the detail view renders the stored HTML with the image loaded
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '带图片的正文' }).first().getByText('详情').click();
    const read = page.locator('.ant-modal:visible').getByTestId('umeditor-read');
    await read.waitFor();
    expect(await read.textContent()).toContain('图片如下');
    await expect
      .poll(() =>
        read
          .locator('img')
          .first()
          .evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth),
      )
      .toBe(1);
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    await read.waitFor({ state: 'hidden' });
  });
});

describe('files and images', () => {
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
    // Record what the link opens: headless Chromium turns the opened PDF into a download and
    // closes the popup, so the bytes are fetched again from the very address that was opened.
    await page.evaluate(() => {
      const w = window as unknown as { __opened: string[]; open: typeof window.open };
      const original = window.open.bind(window);
      w.__opened = [];
      w.open = (url?: string | URL, ...rest) => {
        w.__opened.push(String(url));
        return original(url, ...rest);
      };
    });
    const popup = page.waitForEvent('popup');
    await link.click();
    const opener = await popup;
    const opened = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
    expect(opened).toHaveLength(1);
    const url = new URL(opened[0], app.server.url);
    expect(decodeURIComponent(url.pathname)).toBe(`/jeecg-boot/sys/common/static/${stored}`);
    const res = await page.context().request.get(url.href);
    expect(res.status()).toBe(200);
    expect(Buffer.from(await res.body()).equals(bytes)).toBe(true);
    if (!opener.isClosed()) await opener.close();
  });

  it('adds an image through the image upload dialog and shows its thumbnail in the list', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const file = path.join(tmp, '工牌照片.png');
    fs.writeFileSync(file, png);
    await openList();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await formItem(page, '标题').locator('input').fill('图片测试');
    await formItem(page, '照片').getByTestId('image-add').click();
    const dialog = page.getByRole('dialog', { name: '添加图片' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('tab').allTextContents()).toEqual(['本地上传', '网络图片地址']);
    // confirming with nothing uploaded warns 未上传任何文件 and keeps the dialog open
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message').getByText('未上传任何文件').waitFor();
    // a file that is not an image is refused with 请上传图片 and never uploaded
    const text = path.join(tmp, '说明.txt');
    fs.writeFileSync(text, 'not an image');
    await dialog.locator('input[type=file]').setInputFiles(text);
    await page.locator('.ant-message').getByText('请上传图片').waitFor();
    expect(await dialog.getByTestId('upload-item').count()).toBe(0);
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.locator('[data-testid="upload-item"][data-status="done"]').waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const thumb = formItem(page, '照片').locator('[data-testid="upload-item"][data-status="done"] img');
    await thumb.waitFor();
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.locator('.ant-message').getByText('添加成功！').waitFor();
    const rows = await api('GET', '/online/cgform/api/getData/demo_widgets?title=图片测试');
    const stored = rows.result.records[0].photo as string;
    expect(stored).toMatch(/^temp\/\d{8}\/.+\.png$/);
    const cell = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '图片测试' }).locator('img');
    await cell.first().waitFor();
    const src = (await cell.first().getAttribute('src'))!;
    expect(decodeURIComponent(new URL(src, app.server.url).pathname)).toBe(`/jeecg-boot/sys/common/static/${stored}`);
    await expect.poll(() => cell.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const res = await page.context().request.get(new URL(src, app.server.url).href);
    expect(Buffer.from(await res.body()).equals(png)).toBe(true);
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
