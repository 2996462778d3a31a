import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { loadConfig } from '../../src/server/config.js';
import { BizError } from '../../src/server/http/envelope.js';
import { exportFileName } from '../../src/shared/time.js';
import { client, login, startTestServer } from './harness.js';
import { download as downloadAs, sheetValues, upload as uploadAs, workbookOf, xlsx } from './excel-helpers.js';

// Excel export streamed with dictionary texts and sub sheets, and
// import with per-row validation, code 201 + bad-row workbook, and refusal of broken files.
let server: StartedServer;
let admin: ReturnType<typeof client>;
let token = '';
const base = '/online/cgform/api';

beforeAll(async () => {
  const dirs = [...loadConfig({}).schemasDirs, path.join(import.meta.dirname, 'schemas/engine')];
  server = await startTestServer({ schemasDirs: dirs });
  token = await login(server, 'admin');
  admin = client(server, token);
  server.ctx.hooks.register('tst_order', {
    beforeWrite: ({ row }) => {
      if (row.customer === '触发回滚') throw new BizError('钩子拒绝了这一行');
    },
  });
  const order = (no: string, customer: string, priority: string, lines: number) => ({
    order_no: no,
    customer,
    priority,
    amount: 100 * lines,
    qty: lines,
    order_date: '2026-10-0' + lines,
    tst_order_line: Array.from({ length: lines }, (_, i) => ({ item_name: `${no}-品${i + 1}`, quantity: i + 1, price: 9.5 })),
    tst_order_note: [{ note: `${no} 备注` }],
  });
  for (const [no, c, p, n] of [
    ['EX-001', '北京光缆公司', 'H', 1],
    ['EX-002', '天津通信公司', 'M', 2],
    ['EX-003', '河北光缆集团', 'L', 3],
  ] as const) {
    const res = await admin.post(`${base}/form/tst_order`, order(no, c, p, n));
    if (!res.body.success) throw new Error(res.body.message);
  }
});
afterAll(async () => server?.close());

const download = (url: string, query: Record<string, string> = {}, as = token) => downloadAs(server, url, query, as);
const upload = (url: string, files: { name: string; data: Buffer; field?: string }[], as = token) => uploadAs(server, url, files, as);
const values = sheetValues;

const count = async (where = sql`true`) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from tst_order where ${where}`.execute(server.ctx.db)).rows[0].n);

describe('export', () => {
  it('streams the list as .xlsx with field titles, dictionary texts and one sheet per sub table', async () => {
    const res = await download(`${base}/exportXls/tst_order`, { column: 'orderNo', order: 'asc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    // named after the screen and the day when the client names nothing
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(exportFileName('测试订单')));
    const wb = await workbookOf(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['测试订单', '订单明细', '订单备注']);
    const main = values(wb.worksheets[0]);
    expect(main[0]).toEqual(['订单编号', '客户名称', '优先级', '金额', '数量', '下单日期', '联系电话', 'ID']);
    expect(main.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ['EX-001', '北京光缆公司', '高', 100, 1, '2026-10-01'],
      ['EX-002', '天津通信公司', '中', 200, 2, '2026-10-02'],
      ['EX-003', '河北光缆集团', '低', 300, 3, '2026-10-03'],
    ]);
    const lines = values(wb.worksheets[1]);
    expect(lines[0]).toEqual(['测试订单ID', '品名', '数量', '单价']);
    expect(lines).toHaveLength(1 + 6);
    expect(
      lines
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toContain('EX-003-品3');
    expect(values(wb.worksheets[2])).toHaveLength(1 + 3);
  });

  it('exports only the current query or the selected rows, also through paramsStr, with a given file name', async () => {
    const q = await workbookOf(
      (await download(`${base}/exportXls/tst_order`, { customer: '*光缆*', column: 'orderNo', order: 'desc' })).rawPayload,
    );
    expect(
      values(q.worksheets[0])
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['EX-003', 'EX-001']);
    expect(values(q.worksheets[1])).toHaveLength(1 + 4);
    const ids = (await sql<{ id: string }>`select id from tst_order where order_no = 'EX-002'`.execute(server.ctx.db)).rows.map(
      (r) => r.id,
    );
    const sel = await download(`${base}/exportXls/tst_order`, {
      paramsStr: JSON.stringify({ selections: ids.join(',') }),
      fileName: '订单',
    });
    expect(String(sel.headers['content-disposition'])).toContain(encodeURIComponent('订单.xlsx'));
    const wb = await workbookOf(sel.rawPayload);
    expect(
      values(wb.worksheets[0])
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['EX-002']);
    expect(values(wb.worksheets[1])).toHaveLength(1 + 2);
  });

  it('reads in keyset batches past the batch size, in list order', async () => {
    const rows = Array.from(
      { length: 2345 },
      (_, i) =>
        sql`(${`kb${i}`}, ${`KB-${String(i).padStart(5, '0')}`}, ${'批量客户'}, ${i % 7 === 0 ? null : `2026-01-01 00:00:${String(i % 60).padStart(2, '0')}`})`,
    );
    await sql`insert into tst_order (id, order_no, customer, create_time) values ${sql.join(rows)}`.execute(server.ctx.db);
    const res = await download(`${base}/exportXls/tst_order`, { customer: '批量客户', column: 'createTime', order: 'asc' });
    const got = values((await workbookOf(res.rawPayload)).worksheets[0])
      .slice(1)
      .map((r) => r[0] as string);
    expect(got).toHaveLength(2345);
    expect(new Set(got).size).toBe(2345);
    const desc = values(
      (await workbookOf((await download(`${base}/exportXls/tst_order`, { customer: '批量客户' })).rawPayload)).worksheets[0],
    );
    expect(desc).toHaveLength(2346);
    await sql`delete from tst_order where customer = '批量客户'`.execute(server.ctx.db);
  });

  it('refuses a bad filter before streaming and a user without the export button (403)', async () => {
    const bad = await download(`${base}/exportXls/tst_order`, { qty: '>= x' });
    expect(bad.json()).toMatchObject({ success: false, code: 500, message: '查询条件「数量」应为数字' });
    // make export a controlled button the general manager does not hold
    const gm = (
      await sql<{
        username: string;
      }>`select u.username from sys_user u join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
        where r.role_code = 'general_manager' limit 1`.execute(server.ctx.db)
    ).rows[0];
    const other = await login(server, gm.username);
    const res = await download(`${base}/exportXls/tst_order`, {}, other);
    expect(res.statusCode).toBe(403);
  });
});

describe('import', () => {
  const header = ['订单编号', '客户名称', '优先级', '金额', '数量', '下单日期', '联系电话'];

  it('imports a good file (dictionary texts, dates and numbers as Excel stores them) in one go', async () => {
    const file = await xlsx(
      [
        header,
        ['IM-001', '山东通信', '高', 12.5, 2, new Date(Date.UTC(2026, 9, 8)), 13911112222],
        ['IM-002', '济南光缆', 'M', '', '', '2026-10-09', ''],
      ],
      [['测试订单报表'], ['导出人:管理员']],
    );
    const res = await upload(`${base}/importXls/tst_order`, [{ name: 'orders.xlsx', data: file }]);
    expect(res.body).toMatchObject({ success: true, code: 200, message: '共2行数据全部导入成功！' });
    const rows = (
      await sql<
        Record<string, unknown>
      >`select order_no, priority, amount, order_date, contact_phone, create_by from tst_order where order_no like 'IM-%' order by order_no`.execute(
        server.ctx.db,
      )
    ).rows;
    expect(rows).toEqual([
      { order_no: 'IM-001', priority: 'H', amount: 12.5, order_date: '2026-10-08', contact_phone: '13911112222', create_by: 'admin' },
      { order_no: 'IM-002', priority: 'M', amount: null, order_date: '2026-10-09', contact_phone: null, create_by: 'admin' },
    ]);
  });

  it('imports the good rows of a file with bad ones and answers 201 with a workbook of the bad rows and reasons', async () => {
    const before = await count();
    const file = await xlsx([
      header,
      ['IM-010', '正常客户甲', '高', 1, 1, '2026-10-10', ''],
      ['IM-011', '', '高', 1, 1, '2026-10-10', ''],
      ['IM-012', '手机号错误', '中', 1, 1, '2026-10-10', '12345'],
      ['IM-010', '文件内重复', '低', 1, 1, '2026-10-10', ''],
      ['EX-001', '与已有重复', '低', 1, 1, '2026-10-10', ''],
      ['IM-013', '金额错误', '低', 'abc', 1, '2026-10-10', ''],
      ['IM-014', '正常客户乙', '', '', '', '', ''],
    ]);
    const res = await upload(`${base}/importXls/tst_order`, [{ name: 'mixed.xlsx', data: file, field: 'file' }]);
    expect(res.body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(res.body.result).toMatch(/^\/sys\/common\/static\/import_error\/.+\.xlsx$/);
    expect(await count()).toBe(before + 2);
    // the bad rows' workbook is its importer's (file access)
    const errors = await server.app.inject({
      method: 'GET',
      url: server.ctx.config.apiBase + res.body.result,
      headers: { 'x-access-token': token },
    });
    expect(errors.statusCode).toBe(200);
    const sheet = values((await workbookOf(errors.rawPayload)).worksheets[0]);
    expect(sheet[0]).toEqual(['行号', ...header, '错误原因']);
    expect(sheet.slice(1).map((r) => [r[0], r[r.length - 1]])).toEqual([
      [3, '请输入客户名称!'],
      [4, '请输入正确的手机号码'],
      [5, '订单编号「IM-010」在文件中重复'],
      [6, '订单编号「EX-001」已存在，该值不可用，系统中已存在！'],
      [7, '请输入正确的金额'],
    ]);
  });

  it('answers the JeecgBoot system shape on a screen import path and counts several files together', async () => {
    const a = await xlsx([header, ['IM-020', '甲', '高', 1, 1, '', ''], ['IM-021', '', '高', 1, 1, '', '']]);
    // another column order: each file is read by its own header
    const b = await xlsx([
      ['客户名称', '订单编号', '优先级'],
      ['乙', 'IM-022', '高'],
      ['丙', 'IM-020', '中'],
    ]);
    const res = await upload('/tst/order/importExcel', [
      { name: 'a.xlsx', data: a },
      { name: 'b.xlsx', data: b },
    ]);
    expect(res.body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(res.body.result).toMatchObject({
      totalCount: 4,
      successCount: 2,
      errorCount: 2,
      msg: '总上传行数：4，已导入行数：2，错误行数：2',
      fileName: '测试订单_错误数据.xlsx',
    });
    expect(res.body.result.fileUrl).toMatch(/^\/sys\/common\/static\/import_error\//);
    expect(await count(sql`order_no in ('IM-020', 'IM-022')`)).toBe(2);
    expect(await count(sql`order_no = 'IM-021'`)).toBe(0);
    // the bad rows of both files in one workbook, each named by its file and row
    const errors = await server.app.inject({
      method: 'GET',
      url: server.ctx.config.apiBase + res.body.result.fileUrl,
      headers: { 'x-access-token': token },
    });
    const sheet = values((await workbookOf(errors.rawPayload)).worksheets[0]);
    expect(sheet[0]).toEqual(['文件', '行号', ...header, '错误原因']);
    expect(sheet.slice(1).map((r) => [r[0], r[1], r[2], r[3] ?? null, r[r.length - 1]])).toEqual([
      ['a.xlsx', 3, 'IM-021', null, '请输入客户名称!'],
      ['b.xlsx', 3, 'IM-020', '丙', '订单编号「IM-020」与文件 a.xlsx 中的数据重复'],
    ]);
    const exported = await download('/tst/order/exportXls', { order_no: 'IM-02*' });
    expect(
      values((await workbookOf(exported.rawPayload)).worksheets[0])
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['IM-020', 'IM-022']);
  });

  it('several files are one import: a broken one or a write refused in one writes nothing of any', async () => {
    const before = await count();
    const good = await xlsx([header, ['IM-050', '多文件甲', '高', 1, 1, '', '']]);
    const broken = await upload(`${base}/importXls/tst_order`, [
      { name: 'good.xlsx', data: good },
      { name: 'broken.xlsx', data: Buffer.from('PK\u0003\u0004 not really a zip') },
    ]);
    expect(broken.body).toMatchObject({ success: false, code: 500, message: '文件导入失败：broken.xlsx 不是有效的 Excel 文件或已损坏' });
    const hook = await upload(`${base}/importXls/tst_order`, [
      { name: 'good.xlsx', data: good },
      { name: 'hook.xlsx', data: await xlsx([header, ['IM-051', '触发回滚', '高', 1, 1, '', '']]) },
    ]);
    expect(hook.body).toMatchObject({ success: false, message: '钩子拒绝了这一行' });
    expect(await count()).toBe(before);
    // the same files without the refused row go in together
    const ok = await upload(`${base}/importXls/tst_order`, [
      { name: 'good.xlsx', data: good },
      { name: 'good.xlsx', data: await xlsx([header, ['IM-052', '多文件乙', '高', 1, 1, '', '']]) },
    ]);
    expect(ok.body).toMatchObject({ success: true, code: 200, message: '共2行数据全部导入成功！' });
    expect(await count()).toBe(before + 2);
    const six = await upload(
      `${base}/importXls/tst_order`,
      Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.xlsx`, data: good })),
    );
    expect(six.body).toMatchObject({ success: false, message: '文件导入失败：一次最多导入5个文件' });
    expect(await count()).toBe(before + 2);
  });

  it('refuses broken, foreign, .xls and other files with clear messages and imports nothing', async () => {
    const before = await count();
    const good = await xlsx([header, ['IM-030', '不应导入', '高', 1, 1, '', '']]);
    expect(
      (await upload(`${base}/importXls/tst_order`, [{ name: 'broken.xlsx', data: good.subarray(0, good.length - 30) }])).body.message,
    ).toBe('文件导入失败：broken.xlsx 不是有效的 Excel 文件或已损坏');
    const broken = await upload(`${base}/importXls/tst_order`, [
      { name: 'broken.xlsx', data: Buffer.from('PK\u0003\u0004 not really a zip') },
    ]);
    expect(broken.body).toMatchObject({ success: false, code: 500, message: '文件导入失败：broken.xlsx 不是有效的 Excel 文件或已损坏' });
    const foreign = await upload(`${base}/importXls/tst_order`, [
      {
        name: 'other.xlsx',
        data: await xlsx([
          ['姓名', '年龄'],
          ['张三', 20],
        ]),
      },
    ]);
    expect(foreign.body.message).toBe('文件导入失败：other.xlsx 中没有找到「测试订单」的表头，请使用导出的文件作为模板');
    const xls = await upload(`${base}/importXls/tst_order`, [{ name: 'old.xls', data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]) }]);
    expect(xls.body.message).toBe('文件导入失败：old.xls 是旧版 .xls 格式，暂不支持，请在 Excel 中另存为 .xlsx 后再导入');
    const csv = await upload(`${base}/importXls/tst_order`, [{ name: 'data.csv', data: Buffer.from('a,b\n1,2') }]);
    expect(csv.body.message).toBe('文件导入失败：data.csv 不是 xls 或 xlsx 文件，只支持 xls、xlsx 格式');
    const empty = await upload(`${base}/importXls/tst_order`, [{ name: 'empty.xlsx', data: await xlsx([header]) }]);
    expect(empty.body.message).toBe('文件导入失败：empty.xlsx 中没有数据行');
    expect(await count()).toBe(before);
  });

  it('writes nothing when a write hook refuses a row during the transaction', async () => {
    const before = await count();
    const file = await xlsx([header, ['IM-040', '正常', '高', 1, 1, '', ''], ['IM-041', '触发回滚', '高', 1, 1, '', '']]);
    const res = await upload(`${base}/importXls/tst_order`, [{ name: 'hook.xlsx', data: file }]);
    expect(res.body).toMatchObject({ success: false, message: '钩子拒绝了这一行' });
    expect(await count()).toBe(before);
  });

  it('an exported file imports back with its sub sheets (round trip through dictionary texts)', async () => {
    const exported = (await download(`${base}/exportXls/tst_order`, { order_no: 'EX-00*' })).rawPayload;
    await sql`delete from tst_order_line where order_id in (select id from tst_order where order_no like 'EX-00%')`.execute(server.ctx.db);
    await sql`delete from tst_order where order_no like 'EX-00%'`.execute(server.ctx.db);
    const res = await upload(`${base}/importXls/tst_order`, [{ name: 'export.xlsx', data: exported }]);
    expect(res.body).toMatchObject({ success: true, message: '共3行数据全部导入成功！' });
    const rows = (
      await sql<{
        order_no: string;
        priority: string;
        lines: number;
      }>`select order_no, priority, (select count(*)::int from tst_order_line l where l.order_id = o.id) as lines
        from tst_order o where order_no like 'EX-00%' order by order_no`.execute(server.ctx.db)
    ).rows;
    expect(rows).toEqual([
      { order_no: 'EX-001', priority: 'H', lines: 1 },
      { order_no: 'EX-002', priority: 'M', lines: 2 },
      { order_no: 'EX-003', priority: 'L', lines: 3 },
    ]);
  });

  it('a bad sub row refuses its main row with the sub table and row named; orphan sub rows are bad rows', async () => {
    const wb = new ExcelJS.Workbook();
    const main = wb.addWorksheet('测试订单');
    main.addRow([...header, 'ID']);
    main.addRow(['MD-001', '主从甲', '高', 1, 1, '', '', 'k1']);
    main.addRow(['MD-002', '主从乙', '高', 1, 1, '', '', 'k2']);
    const lines = wb.addWorksheet('订单明细');
    lines.addRow(['测试订单ID', '品名', '数量', '单价']);
    lines.addRow(['k1', '光缆', 2, 1.5]);
    lines.addRow(['k2', '', 1, 1]);
    lines.addRow(['k9', '孤儿', 1, 1]);
    const res = await upload(`${base}/importXls/tst_order`, [{ name: 'md.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) }]);
    expect(res.body.code).toBe(201);
    const ok = (
      await sql<{
        item_name: string;
      }>`select l.item_name from tst_order o join tst_order_line l on l.order_id = o.id where o.order_no = 'MD-001'`.execute(server.ctx.db)
    ).rows;
    expect(ok).toEqual([{ item_name: '光缆' }]);
    expect(await count(sql`order_no = 'MD-002'`)).toBe(0);
    // the bad rows' workbook is its importer's (file access)
    const errors = await server.app.inject({
      method: 'GET',
      url: server.ctx.config.apiBase + res.body.result,
      headers: { 'x-access-token': token },
    });
    const sheet = values((await workbookOf(errors.rawPayload)).worksheets[0]);
    expect(sheet.slice(1).map((r) => [r[0], r[r.length - 1]])).toEqual([
      [3, '订单明细第3行：请输入品名!'],
      [4, '订单明细第4行：找不到对应的测试订单（测试订单ID 不在主表的 ID 列中）'],
    ]);
  });

  it('needs the import button', async () => {
    const gm = (
      await sql<{
        username: string;
      }>`select u.username from sys_user u join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
        where r.role_code = 'general_manager' limit 1`.execute(server.ctx.db)
    ).rows[0];
    const res = await upload(
      `${base}/importXls/tst_order`,
      [{ name: 'x.xlsx', data: await xlsx([header, ['IM-050', 'x', '', '', '', '', '']]) }],
      await login(server, gm.username),
    );
    expect(res.status).toBe(403);
  });
});
