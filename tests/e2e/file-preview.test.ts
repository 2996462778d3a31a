import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formItem, signedInPage, startE2eApp, type E2eApp } from './app.js';

// The file preview (spec 9 "online preview URL") on the fixture screen 控件示例
// (tests/e2e/schemas/demo_widgets.json, field 附件): text, markdown, Excel, Word and image files
// previewed from the upload list, the file popup and the detail view; a PDF in the browser's own
// viewer (a blob: frame the CSP's frame-src allows); an unsupported type offers its download.
// Files are read with the session's token.
let app: E2eApp;
let page: Page;
let token: string;
let problems: string[] = [];
const cspViolations: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-e2e-preview-'));
const staticReads: { url: string; token: string | undefined }[] = [];

const PNG_3x2 = 'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGP4z8AAQQxwFgBB0gX7h/C5SAAAAABJRU5ErkJggg==';

/** A minimal valid one-page PDF (header, catalog, pages, page, xref with exact offsets, trailer). */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function makeFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {
    txt: path.join(tmp, '会议纪要.txt'),
    md: path.join(tmp, '操作说明.md'),
    xlsx: path.join(tmp, '库存台账.xlsx'),
    docx: path.join(tmp, '采购合同.docx'),
    png: path.join(tmp, '工牌.png'),
    pdf: path.join(tmp, '质检报告.pdf'),
    zip: path.join(tmp, '资料包.zip'),
  };
  fs.writeFileSync(files.txt, '会议纪要：第一行\n<b>不是标签</b>\n');
  fs.writeFileSync(files.md, '# 操作说明\n\n**加粗的步骤**\n\n<img src="x" onerror="window.__previewXss=1">\n');
  const wb = new ExcelJS.Workbook();
  const stock = wb.addWorksheet('库存');
  stock.addRow(['物料', '数量', '单价', '金额']);
  stock.addRow(['螺栓', 100, 0.5, { formula: 'B2*C2', result: 50 }]);
  wb.addWorksheet('汇总').addRow(['合计', 50]);
  fs.writeFileSync(files.xlsx, Buffer.from(await wb.xlsx.writeBuffer()));
  fs.copyFileSync(path.join(import.meta.dirname, 'fixtures/preview/purchase-contract.docx'), files.docx);
  fs.writeFileSync(files.png, Buffer.from(PNG_3x2, 'base64'));
  fs.writeFileSync(files.pdf, minimalPdf());
  fs.writeFileSync(files.zip, Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
  return files;
}

beforeAll(async () => {
  app = await startE2eApp();
  ({ page, token, problems } = await signedInPage(app));
  // Content-Security-Policy violations: Chromium's console line and the DOM event
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && cspViolations.push(m.text()));
  await page.exposeFunction('__cspViolation', (text: string) => cspViolations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
      ),
    );
  });
  page.on('request', (r) => {
    // the preview's reads (the header's avatar is an <img> of its own)
    if (r.url().includes('/sys/common/static/') && ['xhr', 'fetch'].includes(r.resourceType()))
      staticReads.push({ url: r.url(), token: r.headers()['x-access-token'] });
  });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const dialog = () => page.locator('.ant-modal-wrap:visible').filter({ has: page.getByTestId('file-preview') });

/**
 * Clicks 预览 in `scope`'s entry of the file `name` (lists show names cut to 5 characters + '...'),
 * checks the dialog titled with the full name with `check`, closes it with 关闭.
 */
async function preview(scope: Locator, name: string, check: (d: Locator) => Promise<void>): Promise<void> {
  await scope
    .filter({ hasText: name.slice(0, 3) })
    .getByTestId('upload-preview')
    .click();
  const d = dialog();
  await d.getByText(`文件预览：${name}`).waitFor();
  await check(d);
  await d.getByRole('button', { name: /关\s*闭/ }).click();
  await d.waitFor({ state: 'hidden' });
}

describe('file preview', () => {
  it('previews text, markdown, Excel, Word, images and PDF from the upload list, the file popup and the detail view', async () => {
    const files = await makeFiles();
    await page.goto(`${app.server.url}/online/cgformList/demo_widgets`);
    await page.locator('.screen-list').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await formItem(page, '标题').locator('input').fill('预览测试');
    const field = formItem(page, '附件');
    await field.locator('input[type=file]').setInputFiles(Object.values(files));
    await expect.poll(() => field.locator('[data-testid="upload-item"][data-status="done"]').count(), { timeout: 30_000 }).toBe(7);
    const rows = field.getByTestId('upload-item');

    await preview(rows, '会议纪要.txt', async (d) => {
      const text = d.getByTestId('preview-text');
      await text.waitFor();
      // shown as text, never as HTML
      expect(await text.textContent()).toBe('会议纪要：第一行\n<b>不是标签</b>\n');
    });
    const seenBeforeMarkdown = cspViolations.length;
    await preview(rows, '操作说明.md', async (d) => {
      const md = d.getByTestId('preview-markdown');
      await md.locator('h1').filter({ hasText: '操作说明' }).waitFor();
      expect(await md.locator('strong').textContent()).toBe('加粗的步骤');
      expect(await md.locator('img[onerror]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __previewXss?: number }).__previewXss)).toBeUndefined();
    });
    // Chromium reports the handler of the raw <img onerror> once, while the sanitiser parses the
    // markdown's HTML in an inert document (where handlers never run) before dropping it: every
    // report of this step comes from the sanitiser's own chunk, none from the rendered preview
    const markdownReports = cspViolations.slice(seenBeforeMarkdown).filter((v) => v.startsWith('script-src'));
    expect(
      markdownReports.every((v) => /\/assets\/sanitize-[\w-]+\.js:/.test(v)),
      markdownReports.join('\n'),
    ).toBe(true);
    await preview(rows, '库存台账.xlsx', async (d) => {
      const sheet = d.getByTestId('preview-sheet');
      await sheet.waitFor();
      expect(await sheet.getByRole('tab').allTextContents()).toEqual(['库存', '汇总']);
      const cells = await sheet.locator('.ant-tabs-tabpane-active tbody tr').nth(1).locator('td').allTextContents();
      expect(cells).toEqual(['螺栓', '100', '0.5', '50']);
      await sheet.getByRole('tab', { name: '汇总' }).click();
      await sheet.locator('.ant-tabs-tabpane-active td').filter({ hasText: '合计' }).waitFor();
    });
    await preview(rows, '采购合同.docx', async (d) => {
      const doc = d.getByTestId('preview-docx');
      await doc.getByText('采购合同', { exact: true }).waitFor({ timeout: 20_000 });
      await doc.getByText('甲方：中冀智联工程技术有限公司').waitFor();
    });
    await preview(rows, '工牌.png', async (d) => {
      const img = d.getByTestId('preview-image');
      expect(await img.getAttribute('src')).toMatch(/^blob:/);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(3);
    });
    const seenBeforePdf = cspViolations.length;
    await preview(rows, '质检报告.pdf', async (d) => {
      const frame = d.getByTestId('preview-pdf');
      const src = (await frame.getAttribute('src')) ?? '';
      expect(src).toMatch(/^blob:/);
      // the frame loaded the blob itself (a frame the CSP blocked shows Chromium's error page instead)
      await expect.poll(async () => (await frame.elementHandle())?.contentFrame().then((f) => f?.url())).toBe(src);
      // no violation while the PDF showed
      expect(cspViolations.slice(seenBeforePdf)).toEqual([]);
    });
    await preview(rows, '资料包.zip', async (d) => {
      const none = d.getByTestId('preview-unsupported');
      await none.getByText('该文件类型暂不支持在线预览').waitFor();
      await none.getByRole('button', { name: /下\s*载/ }).waitFor();
    });

    // the file popup offers 预览 too
    await field.getByRole('button', { name: /文件列表 \(7\)/ }).click();
    const popup = page.getByRole('dialog', { name: '文件列表' });
    await preview(popup.getByTestId('upload-popup-item'), '库存台账.xlsx', async (d) => {
      await d.getByTestId('preview-sheet').getByText('螺栓').waitFor();
    });
    await popup.locator('.ant-modal-close').click();
    await popup.waitFor({ state: 'hidden' });

    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.locator('.ant-message').getByText('添加成功！').waitFor();

    // the detail view
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '预览测试' }).first().getByText('详情').click();
    const detail = formItem(page, '附件').getByTestId('upload-item');
    await detail.first().waitFor();
    await preview(detail, '采购合同.docx', async (d) => {
      await d.getByTestId('preview-docx').getByText('甲方：中冀智联工程技术有限公司').waitFor({ timeout: 20_000 });
    });

    // every file was read with the session's token
    expect(staticReads.length).toBeGreaterThanOrEqual(7); // txt, md, xlsx ×2, docx ×2, png, pdf
    expect(staticReads.every((r) => r.token === token)).toBe(true);
    expect(problems).toEqual([]);
    expect(cspViolations.filter((v) => /frame-src|blob:/.test(v))).toEqual([]);
  });
});
