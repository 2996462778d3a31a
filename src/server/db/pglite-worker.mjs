// Hosts the embedded PGlite database inside a worker thread so that a slow query never blocks
// the HTTP event loop (docs/architecture.md "The embedded database").
// Protocol: parent posts {id, op: 'query'|'exec'|'dump'|'snapshot'|'close', sql, params}; the worker
// answers {id, ok: true, rows, affectedRows} or {id, ok: false, error: {message, code}}.
// workerData: {dataDir} for a database on disk, else in memory, started from the data-folder
// tarball `template` (bytes of an earlier 'snapshot') when one is given.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const identity = (v) => v;
const toNumber = (v) => (v === null ? null : Number(v));
// Same type parsing as the pg driver path (see connection.ts): dates and timestamps stay text,
// numeric and bigint become JS numbers.
const parsers = { 1082: identity, 1114: identity, 1184: identity, 1083: identity, 1700: toNumber, 20: toNumber };

const options = { extensions: { pg_trgm }, parsers };
// PGlite reads a non-string first argument as the options object (in-memory database).
const template = workerData.template ? { loadDataDir: new Blob([workerData.template]) } : {};
const db = workerData.dataDir ? new PGlite(workerData.dataDir, options) : new PGlite({ ...options, ...template });

parentPort.on('message', async (msg) => {
  const { id, op, sql, params } = msg;
  try {
    if (op === 'close') {
      await db.close();
      parentPort.postMessage({ id, ok: true, rows: [], affectedRows: 0 });
      return;
    }
    if (op === 'dump') {
      // loaded on demand: only backups need pg_dump's WebAssembly build
      const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
      const file = await pgDump({ pg: db, args: ['--inserts', '--rows-per-insert=200', '--no-owner', '--no-privileges'] });
      // pg_dump shares the single connection and leaves its read-only snapshot transaction open
      // and its session settings (an empty search_path…): end the one, reset the others
      await db.exec('rollback');
      await db.exec('reset all');
      parentPort.postMessage({ id, ok: true, rows: [await file.text()], affectedRows: 0 });
      return;
    }
    if (op === 'snapshot') {
      // the data folder as an uncompressed tarball: a copy starts from it (workerData.template)
      const file = await db.dumpDataDir('none');
      const bytes = new Uint8Array(await file.arrayBuffer());
      parentPort.postMessage({ id, ok: true, rows: [bytes], affectedRows: 0 }, [bytes.buffer]);
      return;
    }
    if (op === 'exec') {
      await db.exec(sql);
      parentPort.postMessage({ id, ok: true, rows: [], affectedRows: 0 });
      return;
    }
    const res = await db.query(sql, params ?? [], { rowMode: 'object' });
    parentPort.postMessage({ id, ok: true, rows: res.rows, affectedRows: res.affectedRows ?? 0 });
  } catch (err) {
    parentPort.postMessage({
      id,
      ok: false,
      error: { message: String(err?.message ?? err), code: err?.code, detail: err?.detail, constraint: err?.constraint },
    });
  }
});

await db.waitReady;
parentPort.postMessage({ ready: true });
