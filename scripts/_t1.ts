import { openDatabase } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { sql } from 'kysely';
const t0 = Date.now();
const o = await openDatabase({ dataDir: '/tmp/dbt1' });
console.log('open', Date.now() - t0);
await migrateToLatest(o.db);
console.log('migrated', Date.now() - t0);
await o.db.insertInto('sys_install').values({ key: 'k' + Date.now(), value: 'v' }).execute();
const r = await o.db.selectFrom('sys_install').selectAll().execute();
console.log(r.length, (await sql`select now()::timestamp(0) as t, 1.5::numeric as n, current_date as d`.execute(o.db)).rows);
await o.db.transaction().execute(async (trx) => { await trx.insertInto('sys_install').values({ key: 'x' + Date.now(), value: '1' }).execute(); });
try { await o.db.insertInto('sys_install').values({ key: r[0].key, value: 'dup' }).execute(); } catch (e) { console.log('err', (e as any).code, (e as Error).message); }
await o.close();
console.log('closed', Date.now() - t0);
