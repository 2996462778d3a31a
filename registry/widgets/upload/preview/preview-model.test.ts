import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  base64Utf8,
  decodeText,
  extensionOf,
  onlinePreviewUrl,
  previewKindOf,
  previewMimeOf,
  storedFileRequestPath,
  usesOnlinePreview,
} from './preview-model.js';
import { cellText, columnLetters, sheetTable } from './sheet-model.js';

describe('file preview: type detection (spec 9)', () => {
  it('picks the viewer from the stored name, whatever the case, the uniquifier or the query', () => {
    expect(previewKindOf('temp/20261127/工牌_0123456789abcdef.PNG')).toBe('image');
    expect(previewKindOf('temp/a_0123456789abcdef.pdf')).toBe('pdf');
    expect(previewKindOf('temp/合同.docx')).toBe('docx');
    expect(previewKindOf('temp/台账.xlsx')).toBe('xlsx');
    expect(previewKindOf('temp/说明.md')).toBe('markdown');
    expect(previewKindOf('temp/readme.txt')).toBe('text');
    expect(previewKindOf('temp/data.json')).toBe('text');
    expect(previewKindOf('https://oss.example.com/a/b.jpg?x-oss-sign=1')).toBe('image');
    // formats without a built-in viewer
    for (const p of ['temp/old.doc', 'temp/old.xls', 'temp/slides.pptx', 'temp/a.zip', 'temp/noext', 'temp/.hidden']) {
      expect(previewKindOf(p)).toBe('none');
    }
    expect(extensionOf('temp/a.tar.gz')).toBe('gz');
  });
  it('gives images and PDF the MIME type a blob URL needs', () => {
    expect(previewMimeOf('a.svg')).toBe('image/svg+xml');
    expect(previewMimeOf('a.PDF')).toBe('application/pdf');
    expect(previewMimeOf('a.txt')).toBe('');
  });
});

describe('file preview: the online preview service (spec 9 ONLINE_PREVIEW_URL)', () => {
  it('is used only when set, for the formats it handles', () => {
    expect(usesOnlinePreview(null, 'a.docx')).toBe(false);
    expect(usesOnlinePreview('', 'a.docx')).toBe(false);
    expect(usesOnlinePreview('http://kk:8012/onlinePreview', 'a.doc')).toBe(true);
    expect(usesOnlinePreview('http://kk:8012/onlinePreview', 'a.pptx')).toBe(true);
    expect(usesOnlinePreview('http://kk:8012/onlinePreview', 'a.exe')).toBe(false);
    expect(usesOnlinePreview('http://kk:8012/onlinePreview', 'noext')).toBe(false);
  });
  it('builds ?url=<encoded base64 of the absolute file address>, UTF-8 names included', () => {
    const file = absoluteUrl('/jeecg-boot/sys/common/static/temp/合同_0123456789abcdef.docx', 'https://office.example.com');
    expect(file).toBe('https://office.example.com/jeecg-boot/sys/common/static/temp/%E5%90%88%E5%90%8C_0123456789abcdef.docx');
    const url = onlinePreviewUrl('http://kk:8012/onlinePreview', file);
    expect(url.startsWith('http://kk:8012/onlinePreview?url=')).toBe(true);
    const param = new URL(url).searchParams.get('url')!;
    expect(Buffer.from(param, 'base64').toString('utf8')).toBe(file);
    expect(url.split('url=')[1]).not.toMatch(/[+/=]/); // base64's +, / and = are percent-encoded
    expect(base64Utf8('合同')).toBe(Buffer.from('合同', 'utf8').toString('base64'));
    expect(onlinePreviewUrl('http://kk/onlinePreview?watermark=1', 'http://a/b.pdf')).toMatch(
      /^http:\/\/kk\/onlinePreview\?watermark=1&url=/,
    );
    expect(absoluteUrl('https://cdn.example.com/x.pdf', 'https://office.example.com')).toBe('https://cdn.example.com/x.pdf');
  });
});

describe('file preview: reading the file', () => {
  it('reads stored paths through the static path under the API base; object-storage addresses directly', () => {
    expect(storedFileRequestPath('temp/20261127/a.txt')).toBe('/sys/common/static/temp/20261127/a.txt');
    expect(storedFileRequestPath('/temp/a.txt')).toBe('/sys/common/static/temp/a.txt');
    expect(storedFileRequestPath('https://oss.example.com/a.txt')).toBeNull();
  });
  it('decodes UTF-8 (BOM dropped), falls back to GB18030, and cuts at the limit', () => {
    const utf8 = new TextEncoder().encode('\uFEFF会议纪要');
    expect(decodeText(utf8)).toEqual({ text: '会议纪要', truncated: false });
    const gbk = Uint8Array.from([0xbb, 0xe1, 0xd2, 0xe9]); // 会议 in GB18030
    expect(decodeText(gbk).text).toBe('会议');
    const long = new TextEncoder().encode('汉'.repeat(10)); // 30 bytes
    expect(decodeText(long, 10)).toEqual({ text: '汉汉汉', truncated: true });
  });
});

describe('file preview: Excel sheets as tables', () => {
  it('names columns A … Z, AA …', () => {
    expect([1, 26, 27, 52, 53, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'AAA']);
  });
  it('turns every kind of cell value into its text', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(true)).toBe('true');
    expect(cellText(new Date(Date.UTC(2026, 10, 27)))).toBe('2026-11-27');
    expect(cellText(new Date(Date.UTC(2026, 10, 27, 9, 5, 0)))).toBe('2026-11-27 09:05:00');
    expect(cellText({ richText: [{ text: '合' }, { text: '同' }] })).toBe('合同');
    expect(cellText({ formula: 'A1*2', result: 25 })).toBe('25');
    expect(cellText({ sharedFormula: 'A1', result: { error: '#DIV/0!' } })).toBe('#DIV/0!');
    expect(cellText({ text: '官网', hyperlink: 'https://example.com' })).toBe('官网');
  });
  it('reads a workbook written by exceljs: every sheet, trailing empty rows dropped, limits noted', async () => {
    const wb = new ExcelJS.Workbook();
    const s1 = wb.addWorksheet('库存');
    s1.addRow(['物料', '数量', '单价', '金额']);
    s1.addRow(['螺栓', 100, 0.5, { formula: 'B2*C2', result: 50 }]);
    s1.getCell('A4').value = null;
    wb.addWorksheet('空表');
    const s3 = wb.addWorksheet('长表');
    for (let i = 1; i <= 12; i++) s3.addRow([i]);
    const loaded = new ExcelJS.Workbook();
    await loaded.xlsx.load(await wb.xlsx.writeBuffer());
    const [t1, t2, t3] = loaded.worksheets.map((s) => sheetTable(s, 10, 3));
    expect(t1).toEqual({
      name: '库存',
      columns: ['A', 'B', 'C'],
      rows: [
        ['物料', '数量', '单价'],
        ['螺栓', '100', '0.5'],
      ],
      truncated: true, // 4 columns, 3 shown
    });
    expect(sheetTable(loaded.worksheets[0]).rows[1]).toEqual(['螺栓', '100', '0.5', '50']);
    expect(t2).toMatchObject({ name: '空表', rows: [], truncated: false });
    expect(t3.rows).toHaveLength(10);
    expect(t3.truncated).toBe(true);
  });
});
