import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { StartedServer } from '../../src/server/start.js';
import { inTransaction, TransactionMisuseError } from '../../src/server/db/transaction.js';
import type { Db } from '../../src/server/db/connection.js';
import { LockTimeoutError } from '../../src/server/db/rw-lock.js';
import { client, login, startTestServer } from './harness.js';
import { USER_PASSWORD, roleId } from './sys-admin-helpers.js';

// The server freeze of the first hour: adding a user with a role while the permission cache
// had just expired made the write transaction reload the caller's grants through the global
// handle; on the embedded database the two waited for each other for ever.

const onEmbedded = !process.env.DATABASE_URL;

/** Resolves with `p`, or rejects once `ms` have passed (so a hang fails the test instead of freezing it). */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms))]);
}

/** Opens a transaction that holds the embedded connection until `release()`; `holder` settles after. */
async function holdConnection(db: Db): Promise<{ release: () => void; holder: Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const holder = inTransaction(db, async (trx) => {
    await trx.selectFrom('sys_user').select('id').limit(1).execute();
    await held;
  });
  await new Promise((r) => setTimeout(r, 50));
  return { release, holder };
}

describe('adding a user with a role when the grant cache has expired', () => {
  let server: StartedServer;
  beforeAll(async () => {
    // a cache lifetime of 0: every grant lookup is a reload, as after the 5 s expiry
    server = await startTestServer({ grantCacheTtlMs: 0, dbLockTimeoutMs: 3_000 });
  }, 120_000);
  afterAll(async () => server?.close());

  it('answers at once and the server keeps answering', async () => {
    const admin = client(server, await login(server, 'admin'));
    expect((await admin.get('/sys/user/list')).body.success).toBe(true);
    const res = await within(
      admin.post('/sys/user/add', {
        username: 'cachedclerk',
        realname: '缓存会计',
        password: USER_PASSWORD,
        confirmpassword: USER_PASSWORD,
        selectedroles: await roleId(server, 'finance'),
      }),
      8_000,
      'POST /sys/user/add',
    );
    expect(res.body).toMatchObject({ success: true });
    const row = await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'cachedclerk').executeTakeFirst();
    expect(row).toBeDefined();
    const roles = await admin.get('/sys/user/queryUserRole', { userid: row!.id });
    expect(roles.body.result).toEqual([await roleId(server, 'finance')]);
    // the database still answers everyone
    expect((await within(client(server).post('/sys/login', { username: 'admin', password: 'wrong' }), 8_000, 'login')).status).toBe(200);
  });
});

describe('the global handle inside a transaction', () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startTestServer({ dbLockTimeoutMs: 1_500 });
  }, 120_000);
  afterAll(async () => server?.close());

  it('is refused at once, and the transaction rolls back', async () => {
    const { db } = server.ctx;
    const attempt = inTransaction(db, async (trx) => {
      await trx.updateTable('sys_user').set({ realname: '不应保存' }).where('username', '=', 'wangfang').execute();
      await db.selectFrom('sys_user').select('id').execute();
    });
    await expect(within(attempt, 5_000, 'transaction')).rejects.toBeInstanceOf(TransactionMisuseError);
    const row = await db.selectFrom('sys_user').select('realname').where('username', '=', 'wangfang').executeTakeFirstOrThrow();
    expect(row.realname).toBe('王芳');
  });

  it('refuses a second transaction started on the global handle inside the first', async () => {
    const { db } = server.ctx;
    const nested = inTransaction(db, async () => {
      await inTransaction(db, async (inner) => inner.selectFrom('sys_user').select('id').execute());
    });
    await expect(within(nested, 5_000, 'nested transaction')).rejects.toBeInstanceOf(TransactionMisuseError);
  });

  it('lets a transaction handle join its own transaction', async () => {
    const { db } = server.ctx;
    const n = await inTransaction(db, (trx) =>
      inTransaction(trx, async (same) => (await same.selectFrom('sys_user').select('id').execute()).length),
    );
    expect(n).toBeGreaterThan(30);
  });

  it('lets work detached after the transaction use the global handle', async () => {
    const { db } = server.ctx;
    let later: Promise<unknown> = Promise.resolve();
    await inTransaction(db, async (trx) => {
      await trx.selectFrom('sys_user').select('id').execute();
      later = new Promise((r) => setTimeout(r, 50)).then(() => db.selectFrom('sys_user').select('id').execute());
    });
    await expect(later).resolves.toBeDefined();
  });

  it.runIf(onEmbedded)('ends a wait for the embedded connection with a clear error instead of a hang', async () => {
    const { db } = server.ctx;
    const { release, holder } = await holdConnection(db);
    // a plain statement waits for the connection, then gives up
    await expect(within(db.selectFrom('sys_user').select('id').execute(), 5_000, 'statement')).rejects.toBeInstanceOf(LockTimeoutError);
    release();
    await holder;
    // the connection is free again
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0].one).toBe(1);
  });

  it.runIf(onEmbedded)('answers a request that cannot get the connection with 503 and writes nothing', async () => {
    const { db } = server.ctx;
    const token = await login(server, 'admin');
    const admin = client(server, token);
    // warm the grant cache so the request reaches its write transaction
    expect((await admin.get('/sys/user/list')).body.success).toBe(true);
    const { release, holder } = await holdConnection(db);
    const res = await within(
      admin.post('/sys/user/add', { username: 'busyclerk', realname: '繁忙', password: USER_PASSWORD, confirmpassword: USER_PASSWORD }),
      8_000,
      'POST /sys/user/add while the connection is held',
    );
    release();
    await holder;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 503, message: '系统繁忙，请稍后重试' });
    const row = await db.selectFrom('sys_user').select('id').where('username', '=', 'busyclerk').executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
