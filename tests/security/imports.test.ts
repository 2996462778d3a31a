import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { upload } from '../server/excel-helpers.js';
import { login, startSecurityServer } from './helpers.js';
import { rowXml, unzippedSize, xlsxOf } from './zip-bomb.js';

// Class 6, request shape of imports: a small .xlsx that expands to hundreds of MB, or holds more
// rows than an import takes, is refused while it is being inflated (memory stays bounded); the
// several files of one request share those bounds.

let server: StartedServer;
let token = '';
const url = '/online/cgform/api/importXls/sec_public';
const MB = 1024 * 1024;

beforeAll(async () => {
  server = await startSecurityServer();
  token = await login(server, 'admin');
});
afterAll(async () => server?.close());

const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from sec_public`.execute(server.ctx.db)).rows[0].n);
const rows = (n: number, prefix: string) =>
  function* () {
    for (let i = 1; i <= n; i++) yield rowXml(i, [`${prefix}${i}`]);
  };

describe('import bounds', () => {
  it('the hand-built workbook imports (the target: the path reads such files)', async () => {
    const file = await xlsxOf(['标题'], rows(2, '导入目标'));
    const res = await upload(server, url, [{ name: 'ok.xlsx', data: file }], token);
    expect(res.body).toMatchObject({ success: true, message: '共2行数据全部导入成功！' });
  });

  it('a 1 MB workbook expanding to 300 MB is refused while inflating, memory bounded, nothing written', async () => {
    const bomb = await xlsxOf(['标题'], rows(1, '炸弹'), { padding: 300 * MB });
    // the attack is real: a small file that really holds hundreds of MB
    expect(bomb.length).toBeLessThan(1 * MB);
    expect(await unzippedSize(bomb)).toBeGreaterThan(300 * MB);
    const before = await count();
    global.gc?.();
    const rss = process.memoryUsage().rss;
    const started = Date.now();
    const res = await upload(server, url, [{ name: 'bomb.xlsx', data: bomb }], token);
    const grew = process.memoryUsage().rss - rss;
    expect(res.body).toMatchObject({
      success: false,
      code: 500,
      message: '文件导入失败：bomb.xlsx 解压后超过100MB，请拆分成多个文件分批导入',
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    // loosely: exceljs holding 300 MB of sheet XML would take gigabytes; the scan keeps a few buffers
    expect(grew).toBeLessThan(150 * MB);
    expect(await count()).toBe(before);
  });

  it('a bomb whose headers declare a tiny size is measured, not believed', async () => {
    const liar = await xlsxOf(['标题'], rows(1, '说谎'), { padding: 150 * MB, declare: 1000 });
    const res = await upload(server, url, [{ name: 'liar.xlsx', data: liar }], token);
    expect(res.body.message).toBe('文件导入失败：liar.xlsx 解压后超过100MB，请拆分成多个文件分批导入');
  });

  it('more rows than an import takes are refused while counting, before any row is parsed', async () => {
    // 300 000 rows: parsed whole, exceljs would spend half a minute and hundreds of MB on them
    const many = await xlsxOf(['标题'], rows(300_000, '行'));
    expect(many.length).toBeLessThan(4 * MB);
    const before = await count();
    const started = Date.now();
    const res = await upload(server, url, [{ name: 'many.xlsx', data: many }], token);
    expect(res.body).toMatchObject({ success: false, message: '文件导入失败：一次最多导入50000行数据' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await count()).toBe(before);
  });

  it('several files of one request share one budget: rows, unzipped MB and file count are bounded together, nothing written', async () => {
    const before = await count();
    // each file alone is within the bounds; together they are not
    const half = await xlsxOf(['标题'], rows(30_000, '半'));
    const tooMany = await upload(
      server,
      url,
      [
        { name: 'a.xlsx', data: half },
        { name: 'b.xlsx', data: half },
      ],
      token,
    );
    expect(tooMany.body).toMatchObject({ success: false, code: 500, message: '文件导入失败：一次最多导入50000行数据' });
    const big = await xlsxOf(['标题'], rows(1, '大'), { padding: 60 * MB });
    const tooLarge = await upload(
      server,
      url,
      [
        { name: 'a.xlsx', data: big },
        { name: 'b.xlsx', data: big },
      ],
      token,
    );
    expect(tooLarge.body).toMatchObject({ success: false, code: 500, message: '文件导入失败：所选文件解压后合计超过100MB，请分批导入' });
    const small = await xlsxOf(['标题'], rows(1, '小'));
    const six = await upload(
      server,
      url,
      Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.xlsx`, data: small })),
      token,
    );
    expect(six.body).toMatchObject({ success: false, code: 500, message: '文件导入失败：一次最多导入5个文件' });
    expect(await count()).toBe(before);
  });
});
