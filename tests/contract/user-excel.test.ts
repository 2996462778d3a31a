import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { recordsOf, resultOf, startContractServer, vue2Client } from './jeecg-client.js';

/**
 * 用户管理's 导出 and 导入 buttons of the JeecgBoot Vue 2 client (JeecgListMixin: `handleExportXls`
 * downloads `url.exportXlsUrl` with the list's query and `selections`; the antd Upload of
 * `url.importExcelUrl` posts the file as `file` and reads `success`, `code` 201 with
 * `result.{msg, fileUrl, fileName}` for rows it refused, else `message`) against
 * `/sys/user/exportXls` and `/sys/user/importExcel` (api-contract §4.1, §4.4).
 */
let server: StartedServer;
let jeecg: Awaited<ReturnType<typeof vue2Client>>;

beforeAll(async () => {
  server = await startContractServer();
  jeecg = await vue2Client(server);
});
afterAll(async () => server?.close());

/** The first sheet of an xlsx answer as rows of cell texts. */
async function sheetRows(data: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return rows;
}

/** An xlsx of one sheet with these rows. */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户信息');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('用户管理 导出 (/sys/user/exportXls)', () => {
  it('answers an xlsx of the users the list query selects, with the list columns and never a password', async () => {
    const reply = await jeecg.get('/sys/user/exportXls', { username: 'admin', pageNo: '1', pageSize: '10' });
    expect(reply.status).toBe(200);
    expect(String(reply.headers['content-type'])).toMatch(/spreadsheet|excel|octet-stream/);
    expect(reply.raw.length).toBeGreaterThan(0); // the mixin reports 文件下载失败 for an empty blob
    const rows = await sheetRows(reply.raw);
    const header = rows.findIndex((r) => r.includes('用户账号'));
    expect(header).toBeGreaterThanOrEqual(0);
    expect(rows[header]).toEqual(expect.arrayContaining(['用户账号', '用户姓名']));
    expect(rows[header]).not.toContain('登录密码');
    const col = rows[header].indexOf('用户账号');
    const names = rows.slice(header + 1).map((r) => r[col]);
    expect(names).toContain('admin');
    expect(names.every((n) => n.includes('admin'))).toBe(true);
    const hash = (await server.ctx.db.selectFrom('sys_user').select('password').where('username', '=', 'admin').executeTakeFirstOrThrow())
      .password;
    expect(reply.raw.toString('latin1')).not.toContain(String(hash));
  });

  it('is refused to a user without 用户管理 (the list permission)', async () => {
    const other = await vue2Client(server, 'wms_demo');
    const reply = await other.get('/sys/user/exportXls', {});
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ success: false });
  });
});

describe('用户管理 导入 (/sys/user/importExcel)', () => {
  it('creates the users of the file, refuses a taken username as a row of the error file (code 201), and the new users list', async () => {
    const exported = await sheetRows((await jeecg.get('/sys/user/exportXls', { username: 'admin' })).raw);
    const header = exported.find((r) => r.includes('用户账号'))!;
    const row = (values: Record<string, string>) => header.map((h) => values[h] ?? '');
    const file = await workbook([
      header,
      row({ 用户账号: 'imp_user_a', 用户姓名: '导入甲', 工号: 'IMP-A' }),
      row({ 用户账号: 'imp_user_b', 用户姓名: '导入乙' }),
      row({ 用户账号: 'admin', 用户姓名: '重复' }),
    ]);
    const reply = await jeecg.upload('/sys/user/importExcel', '用户信息.xlsx', file);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, code: 201 });
    expect(typeof reply.body.message).toBe('string');
    const { msg, fileUrl, fileName, totalCount, successCount, errorCount } = reply.body.result;
    expect({ totalCount, successCount, errorCount }).toEqual({ totalCount: 3, successCount: 2, errorCount: 1 });
    expect(typeof msg).toBe('string');
    expect(typeof fileName).toBe('string');
    expect(String(fileUrl)).toMatch(/^\/sys\/common\/static\//);
    const listed = recordsOf(await jeecg.get('/sys/user/list', { username: 'imp_user_*', pageNo: '1', pageSize: '10' }));
    expect(listed.map((u) => u.username).sort()).toEqual(['imp_user_a', 'imp_user_b']);
    expect(listed.find((u) => u.username === 'imp_user_a')).toMatchObject({ realname: '导入甲', workNo: 'IMP-A', status: 1 });
    expect(listed.every((u) => u.password === undefined)).toBe(true);
    // the admin's own row is untouched
    const admin = recordsOf(await jeecg.get('/sys/user/list', { username: 'admin' }));
    expect(admin.find((u) => u.username === 'admin')?.realname).not.toBe('重复');
  });

  it('answers a file without errors as JeecgBoot (success, the count in the message)', async () => {
    const file = await workbook([
      ['用户账号', '用户姓名'],
      ['imp_user_c', '导入丙'],
    ]);
    const reply = await jeecg.upload('/sys/user/importExcel', 'users.xlsx', file);
    expect(resultOf(reply)).toBeDefined();
    expect(reply.body.message).toContain('1');
  });

  it('is refused to a user without 用户管理, and nothing is written', async () => {
    const other = await vue2Client(server, 'wms_demo');
    const file = await workbook([
      ['用户账号', '用户姓名'],
      ['imp_user_x', '越权'],
    ]);
    const reply = await other.upload('/sys/user/importExcel', 'users.xlsx', file);
    expect(reply.status).toBe(403);
    expect(await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'imp_user_x').executeTakeFirst()).toBeUndefined();
  });
});
