import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { StartedServer } from '../../src/server/start.js';

/** Reads an .xlsx buffer. */
export async function workbookOf(data: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb;
}

/** The rows of a worksheet as arrays of cell values (header included). */
export function sheetValues(ws: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

/** An .xlsx of one sheet holding `titleRows` then `rows`. */
export async function xlsx(rows: unknown[][], titleRows: unknown[][] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  for (const r of [...titleRows, ...rows]) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart body with the given files (field name `files[]` unless told) and validateStatus 1. */
export function multipart(files: { name: string; data: Buffer; field?: string }[]) {
  const boundary = `----obo${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files[]'}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="validateStatus"\r\n\r\n1\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Posts `files` as a multipart import to `url` (under the API base) with the token. */
export async function upload(server: StartedServer, url: string, files: { name: string; data: Buffer; field?: string }[], token: string) {
  const body = multipart(files);
  const res = await server.app.inject({
    method: 'POST',
    url: server.ctx.config.apiBase + url,
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': token },
  });
  return { status: res.statusCode, body: res.json() };
}

/** GET `url` (under the API base) with the token; the raw answer. */
export function download(server: StartedServer, url: string, query: Record<string, string>, token: string) {
  return server.app.inject({ method: 'GET', url: server.ctx.config.apiBase + url, query, headers: { 'x-access-token': token } });
}
