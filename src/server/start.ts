import { sql } from 'kysely';
import type { ServerConfig } from './config.js';
import { openDatabase, type OpenedDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { claimIdWorker } from './db/ids.js';
import { ScreenRegistry } from './online/screen-registry.js';
import { readTableCatalog, syncScreenTable } from './online/ddl.js';
import { loadAuthored } from './online/designer/store.js';
import { loadReportFiles, syncReports } from './online/cgreport/report-files.js';
import { REPORT_TEXT } from './online/cgreport/texts.js';
import { reportDictionaryProblems, unknownPlainDictionaries } from './online/dict-check.js';
import { syncMenus } from './seed/menus.js';
import { firstStartSeed, type SeedReport } from './seed/index.js';
import { buildApp, type BuiltApp } from './app.js';
import { settleGinIndexes } from './db/gin-indexes.js';
import { serveOpsSocket } from './ops/ops-socket.js';
import { useCustomPatternEngine } from '../shared/custom-pattern.js';
import { guardedPattern } from './http/safe-regex.js';
import { loadCasSettings } from './modules/signin/cas-client.js';

export interface StartedServer extends BuiltApp {
  database: OpenedDatabase;
  seed: SeedReport | null;
  /** Stops the HTTP server and closes the database (releasing the data-folder lock). */
  close(): Promise<void>;
}

/**
 * Brings the whole server up without listening: opens the database (PGlite under DATA_DIR or
 * PostgreSQL), runs migrations, loads and checks every screen schema and report file (their
 * table dictionaries must resolve; unknown plain dictionary codes are logged), creates or extends their
 * tables, syncs menus, seeds on first start, and builds the Fastify app. `opts.database` lets
 * tests pass an already opened database (e.g. an isolated PostgreSQL schema).
 */
export async function prepareServer(
  config: ServerConfig,
  opts: { database?: OpenedDatabase; inMemory?: boolean } = {},
): Promise<StartedServer> {
  // single sign-on on without CAS_SERVICE_ORIGIN: refused before the database opens (its message names the variable)
  loadCasSettings(process.env);
  // administrator-authored patterns (custom validType) are tested under a time limit here
  useCustomPatternEngine(guardedPattern);
  const screens = ScreenRegistry.load(config.schemasDirs);
  const reports = loadReportFiles(config.schemasDirs);
  const reportDicts = reportDictionaryProblems(screens, reports);
  if (reportDicts.length) throw new Error(REPORT_TEXT.fileProblems(reportDicts.join('\n')));
  // a PostgreSQL connection cut by a server restart: logged (by the app's logger once built)
  let idleError = (err: Error) => console.warn(`database connection lost: ${err.message}`);
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: opts.inMemory,
      lockTimeoutMs: config.dbLockTimeoutMs,
      onIdleError: (err) => idleError(err),
    }));
  const { db } = database;
  try {
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
    } catch {
      // without pg_trgm, substring search works without its index
    }
    await migrateToLatest(db);
    await claimIdWorker(db);
    const catalog = await readTableCatalog(db, [...new Set(screens.list().map((l) => l.screen.tableName))]);
    for (const loaded of screens.list()) await syncScreenTable(db, loaded, { force: config.schemaForce, catalog });
    // screens authored in the designer: their tables are synced from the designer, not here
    const authoredProblems = screens.setAuthored(await loadAuthored(db));
    if (authoredProblems.length) throw new Error(`在线表单配置校验失败：\n${authoredProblems.join('\n')}`);
    const seed = await firstStartSeed(db, config, screens, reports);
    await syncMenus(db, screens);
    await syncReports(db, reports);
    await settleGinIndexes(db);
    await sql`analyze`.execute(db);
    const built = await buildApp(config, db, screens, database);
    idleError = (err) =>
      built.app.log.warn({ code: (err as { code?: string }).code, error: err.message }, 'database connection lost (the pool reconnects)');
    // a plain dictionary an admin has not created (yet) leaves its options empty: say so at start
    for (const line of await unknownPlainDictionaries(db, screens, reports)) built.app.log.warn(line);
    // the embedded database opened here from DATA_DIR: `npm run db:backup` dumps it through this process
    const ownsDataDir = !opts.database && !opts.inMemory && database.kind === 'pglite' && database.dump;
    const closeOpsSocket = ownsDataDir ? await serveOpsSocket(config.dataDir, database.dump!, (m) => built.app.log.warn(m)) : undefined;
    return {
      ...built,
      database,
      seed,
      close: async () => {
        await built.app.close();
        await closeOpsSocket?.();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
