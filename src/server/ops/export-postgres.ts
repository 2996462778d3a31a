import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../db/connection.js';
import { portableDump } from './backup.js';

/** Per table: rows in the embedded source and the target, and the sample checksums. */
export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceSample: string;
  targetSample: string;
}

/** Rows per table hashed for the sample checksum (the first ones in the rows' text order). */
const SAMPLE_ROWS = 200;

/** The session settings under which a row's text is the same on both servers. */
const STABLE_TEXT = ["set TimeZone = 'UTC'", "set DateStyle = 'ISO, YMD'", "set IntervalStyle = 'postgres'", 'set extra_float_digits = 1'];

const tablesSql = `select table_name as t from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`;
const countSql = (t: string) => `select count(*)::int as n from public."${t}"`;
const sampleSql = (t: string) =>
  `select coalesce(md5(string_agg(x, E'\\n' order by x collate "C")), '') as h
   from (select r::text as x from public."${t}" r order by r::text collate "C" limit ${SAMPLE_ROWS}) s`;

/** Anything that runs text queries (a pg client, or the embedded database through Kysely). */
type Run = (text: string) => Promise<Record<string, unknown>[]>;

async function checks(run: Run, tables: string[]): Promise<{ rows: number; sample: string }[]> {
  for (const stmt of STABLE_TEXT) await run(stmt);
  const out: { rows: number; sample: string }[] = [];
  for (const t of tables) {
    const rows = Number((await run(countSql(t)))[0].n);
    const sample = String((await run(sampleSql(t)))[0].h);
    out.push({ rows, sample });
  }
  return out;
}

/** sha256 of every file under `dir`, by relative path. */
function fileHashes(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out.set(path.relative(dir, full), createHash('sha256').update(fs.readFileSync(full)).digest('hex'));
  }
  return out;
}

/**
 * `npm run db:export-to-postgres DATABASE_URL [UPLOAD_DIR]`: the upgrade path from the embedded
 * database. With the server stopped (the data-folder lock must be free), dumps the embedded
 * database of `dataDir` (pg_dump, consistent), loads it into the empty PostgreSQL database at
 * `databaseUrl` in one transaction (all or nothing; a database that already has `sys_user` is
 * refused), then verifies every table: the same row count and the same md5 over the first 200
 * rows in text order. When `uploadDir` is given (the new installation's DATA_DIR/upload, on
 * storage every process sees), copies the uploaded files there and compares their sha256.
 * Throws on any difference. Returns the checks.
 */
export async function exportToPostgres(
  dataDir: string,
  databaseUrl: string,
  opts: { uploadDir?: string } = {},
): Promise<{ tables: TableCheck[]; files: number }> {
  const source = await openDatabase({ dataDir });
  const target = new pg.Client({ connectionString: databaseUrl });
  try {
    await target.connect();
    const existing = await target.query(`select to_regclass('public.sys_user') as t`);
    if (existing.rows[0].t) throw new Error('目标数据库不是空的（已有 sys_user 表），为避免覆盖数据，拒绝导入。请使用新建的空数据库。');
    const dump = portableDump(await source.dump!());
    // one simple-protocol script: PostgreSQL runs it as one transaction
    await target.query(dump);
    await target.query('reset search_path');

    const runSource: Run = async (text) => (await sql.raw<Record<string, unknown>>(text).execute(source.db)).rows;
    const runTarget: Run = async (text) => (await target.query<Record<string, unknown>>(text)).rows;
    const tables = (await runSource(tablesSql)).map((r) => String(r.t));
    const targetTables = new Set((await runTarget(tablesSql)).map((r) => String(r.t)));
    const missing = tables.filter((t) => !targetTables.has(t));
    if (missing.length) throw new Error(`导入后目标数据库缺少表：${missing.join(', ')}`);
    const [src, dst] = [await checks(runSource, tables), await checks(runTarget, tables)];
    const result = tables.map((table, i) => ({
      table,
      sourceRows: src[i].rows,
      targetRows: dst[i].rows,
      sourceSample: src[i].sample,
      targetSample: dst[i].sample,
    }));
    const bad = result.filter((c) => c.sourceRows !== c.targetRows || c.sourceSample !== c.targetSample);
    if (bad.length) throw new Error(`导入校验失败：${bad.map((c) => `${c.table}（${c.sourceRows} → ${c.targetRows} 行）`).join('，')}`);

    let files = 0;
    if (opts.uploadDir) {
      const from = path.join(dataDir, 'upload');
      const to = path.resolve(opts.uploadDir);
      if (fs.existsSync(from) && path.resolve(from) !== to) fs.cpSync(from, to, { recursive: true });
      const a = fileHashes(from);
      const b = fileHashes(to);
      for (const [rel, hash] of a) if (b.get(rel) !== hash) throw new Error(`上传文件复制校验失败：${rel}`);
      files = a.size;
    }
    return { tables: result, files };
  } finally {
    await target.end().catch(() => undefined);
    await source.close();
  }
}
