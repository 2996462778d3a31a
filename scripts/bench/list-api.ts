import autocannon from 'autocannon';
import { sql, type RawBuilder } from 'kysely';
import { openDatabase } from '../../src/server/db/connection.js';
import { ScreenRegistry } from '../../src/server/online/screen-registry.js';
import { buildConditions, buildOrder } from '../../src/server/online/filters.js';
import { loadConfig } from '../../src/server/config.js';

export interface LoadFigures {
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requestsTotal: number;
}

/** autocannon against one GET url with the token: `connections` for `seconds`. */
export async function loadTest(url: string, token: string, connections = 10, seconds = 10): Promise<LoadFigures> {
  const r = await autocannon({ url, connections, duration: seconds, headers: { 'X-Access-Token': token } });
  return {
    requestsPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    requestsTotal: r.requests.total,
  };
}

/**
 * Times the list endpoint's own SQL (page query + count, as RecordService.page builds it for
 * `params`, plus `scope`: the conditions the screen's hooks add for the caller) directly on the
 * embedded database in `dataDir`, `runs` times; returns the median and mean in ms. The folder
 * must not be in use by a server at that moment.
 */
export async function timeDirectSql(
  dataDir: string,
  screenId: string,
  params: Record<string, unknown>,
  runs = 200,
  scope: RawBuilder<unknown>[] = [],
): Promise<{ medianMs: number; meanMs: number }> {
  const screens = ScreenRegistry.load(loadConfig().schemasDirs);
  const loaded = screens.get(screenId)!;
  const { db, close } = await openDatabase({ dataDir });
  try {
    const conds = [...buildConditions(loaded, params), ...scope];
    const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
    const table = sql.table(loaded.screen.tableName);
    const cols = sql.join(loaded.columns.map((c) => sql.ref(c)));
    const order = buildOrder(loaded, params.column, params.order);
    const size = Number(params.pageSize ?? 10);
    const offset = (Math.max(1, Number(params.pageNo ?? 1)) - 1) * size;
    const once = async () => {
      await sql`select ${cols} from ${table} ${where} order by ${order} limit ${size} offset ${offset}`.execute(db);
      await sql`select count(*) as n from ${table} ${where}`.execute(db);
    };
    for (let i = 0; i < 20; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await once();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { medianMs: times[Math.floor(times.length / 2)], meanMs: times.reduce((s, t) => s + t, 0) / times.length };
  } finally {
    await close();
  }
}
