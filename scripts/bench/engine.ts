/**
 * Benchmarks of the generic engine: a generated 100,000-row table `bench_order`
 * (scripts/bench/schemas/bench_order.json, served through SCHEMAS_DIR), getData with a
 * `*abc*` filter matching 1% of the rows, the streamed export of every row with the server's
 * RSS growth and the latency of other requests meanwhile, and the import of 10,000 rows.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connection.js';

export const BENCH_ROWS = 100_000;

/**
 * Fills bench_order (created by the server's first start) with BENCH_ROWS rows directly in the
 * embedded database in `dataDir` (the server must be stopped): one customer in a hundred
 * contains "abc", create_time one minute apart. Returns the seconds it took.
 */
export async function generateRows(dataDir: string): Promise<number> {
  const started = performance.now();
  const { db, close } = await openDatabase({ dataDir });
  try {
    await sql`delete from bench_order`.execute(db);
    await sql`insert into bench_order (id, create_by, create_time, sys_org_code, order_no, customer, priority, amount, qty, order_date, remark)
      select lpad(i::text, 19, '0'), 'admin', timestamp '2025-01-01 00:00:00' + i * interval '1 minute', 'A01',
        'BO' || lpad(i::text, 8, '0'),
        case when i % 100 = 0 then '华北abc客户' || i else '中冀智联客户' || (i * 7919 % 100003) end,
        (array['H','M','L'])[1 + i % 3], round((i % 10000) * 1.37, 2), i % 50, date '2025-01-01' + (i % 365),
        '备注' || i
      from generate_series(1, ${BENCH_ROWS}) as g(i)`.execute(db);
    await sql`analyze bench_order`.execute(db);
  } finally {
    await close();
  }
  return (performance.now() - started) / 1000;
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export interface ExportFigures {
  seconds: number;
  bytes: number;
  rows: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  probes: number;
  probeP50: number;
  probeMax: number;
}

/**
 * Downloads the export of every bench_order row while sampling the server's RSS every 50 ms
 * and timing a small list request every 200 ms (other requests must keep being answered).
 */
export async function exportBench(baseUrl: string, token: string, pid: number, probeUrl: string): Promise<ExportFigures> {
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 50);
  const latencies: number[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const t = performance.now();
      const r = await fetch(probeUrl, { headers: { 'X-Access-Token': token } });
      await r.arrayBuffer();
      latencies.push(performance.now() - t);
      await new Promise((res) => setTimeout(res, 200));
    }
  })();
  const started = performance.now();
  const res = await fetch(`${baseUrl}/jeecg-boot/online/cgform/api/exportXls/bench_order`, { headers: { 'X-Access-Token': token } });
  if (!res.ok || !res.body) throw new Error(`export failed: HTTP ${res.status}`);
  const file = `/tmp/obo-bench-export-${process.pid}.xlsx`;
  const chunks = fs.createWriteStream(file);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    chunks.write(chunk);
  }
  await new Promise((r) => chunks.end(r));
  const seconds = (performance.now() - started) / 1000;
  probing = false;
  await prober;
  clearInterval(sampler);
  // count the rows written (streaming reader, so the bench itself stays small)
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  for await (const ws of reader) {
    for await (const _row of ws) rows++;
    break;
  }
  fs.rmSync(file, { force: true });
  latencies.sort((a, b) => a - b);
  return {
    seconds,
    bytes,
    rows: rows - 1,
    rssBeforeMb,
    rssPeakMb,
    probes: latencies.length,
    probeP50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    probeMax: latencies[latencies.length - 1] ?? 0,
  };
}

/** Builds an .xlsx of `n` valid bench_order rows and times its import. */
export async function importBench(baseUrl: string, token: string, n = 10_000): Promise<{ seconds: number; message: string; code: number }> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('压测订单');
  ws.addRow(['订单编号', '客户名称', '优先级', '金额', '数量', '下单日期', '备注']);
  for (let i = 0; i < n; i++)
    ws.addRow([
      `IM${String(i).padStart(8, '0')}`,
      `导入客户${i}`,
      ['高', '中', '低'][i % 3],
      (i % 1000) + 0.5,
      i % 20,
      '2026-11-01',
      `导入备注${i}`,
    ]);
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  const form = new FormData();
  form.append('file', new Blob([data]), 'bench-import.xlsx');
  const started = performance.now();
  const res = await fetch(`${baseUrl}/jeecg-boot/online/cgform/api/importXls/bench_order`, {
    method: 'POST',
    headers: { 'X-Access-Token': token },
    body: form,
  });
  const body = (await res.json()) as { message: string; code: number };
  return { seconds: (performance.now() - started) / 1000, message: body.message, code: body.code };
}
