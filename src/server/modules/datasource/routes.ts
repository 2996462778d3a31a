import { allowedAddress } from './target-guard.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { SecretBox, loadSecretKey } from './secret-box.js';
import { parsePgUrl, testPgConnection } from './test-connection.js';
import { DS_TEXT } from './texts.js';

type Row = Record<string, unknown>;

/** The data-source screen: schema id, JeecgBoot menu url, button-code prefix. */
export const DATA_SOURCE_SCREEN = { id: 'sys_data_source', menu: '/isystem/dataSource', authPre: 'system:data_source' } as const;

/** Keys under which a password could appear in a row (column and property names). */
const PASSWORD_KEYS = ['db_password', 'dbPassword'];

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** Removes every password key from rows (nothing may answer a stored password). */
export function stripPasswords(rows: Row[]): void {
  for (const r of rows) for (const k of PASSWORD_KEYS) delete r[k];
}

/**
 * Data sources (spec 7.2, api-contract §5.6 SysDataSource): PostgreSQL connection settings
 * whose password is stored encrypted with the install key (AES-256-GCM, secret-box.ts) and is
 * never answered — the screen's hooks encrypt on save (an empty password on edit keeps the
 * stored one) and strip it from every row. Calls: `testConnection` (POST; really connects,
 * 5 s timeout; an empty password with an `id` uses the stored one; needs the menu and
 * `system:data_source:test`) and `options` (signed in: `[{value: code, text, label}]`).
 */
export function dataSourceRoutes(app: FastifyInstance, ctx: AppContext): void {
  let box: Promise<SecretBox> | null = null;
  const boxOf = (db: Db) => (box ??= loadSecretKey(db).then((k) => new SecretBox(k)));
  // the key exists from the first start on, and is loaded before any write transaction needs it
  app.addHook('onReady', async () => void (await boxOf(ctx.db)));

  ctx.hooks.register(DATA_SOURCE_SCREEN.id, {
    async beforeWrite({ trx, row, existing }) {
      const code = str(row.code ?? existing?.code);
      if (!code) throw new BizError(DS_TEXT.codeRequired);
      if ('code' in row) row.code = code;
      let q = trx.selectFrom('sys_data_source').select('id').where('code', '=', code);
      if (existing) q = q.where('id', '<>', String(existing.id));
      if (await q.executeTakeFirst()) throw new BizError(DS_TEXT.duplicateCode(code));
      if ('db_password' in row) {
        const plain = row.db_password === undefined || row.db_password === null ? '' : String(row.db_password);
        if (plain === '') {
          // the form never receives the stored password: empty means "keep it"
          if (existing) delete row.db_password;
          else row.db_password = null;
        } else row.db_password = (await boxOf(trx)).encrypt(plain);
      }
    },
    decorate: (rows) => stripPasswords(rows),
  });

  app.post('/sys/dataSource/testConnection', async (req: FastifyRequest<{ Body: unknown }>) => {
    await ctx.perms.assertMenu(req.user, DATA_SOURCE_SCREEN.menu);
    await ctx.perms.assertButton(req.user, `${DATA_SOURCE_SCREEN.authPre}:test`);
    let body = (req.body && typeof req.body === 'object' ? req.body : {}) as Row;
    const id = str(body.id);
    const stored = id ? await ctx.db.selectFrom('sys_data_source').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (id && !stored) throw new BizError(DS_TEXT.notFound);
    // a row action sends only {id}: test the stored settings
    if (stored && !str(body.dbUrl ?? body.db_url)) body = { dbUrl: stored.db_url, dbName: stored.db_name, dbUsername: stored.db_username };
    const dbUrl = str(body.dbUrl ?? body.db_url);
    if (!dbUrl) throw new BizError(DS_TEXT.urlRequired);
    const where = parsePgUrl(dbUrl, str(body.dbName ?? body.db_name));
    if (typeof where === 'string') throw new BizError(where);
    const user = str(body.dbUsername ?? body.db_username);
    if (!user) throw new BizError(DS_TEXT.userRequired);
    let password = body.dbPassword ?? body.db_password;
    // the form never shows the stored password: empty means "the stored one"
    if ((password === undefined || password === null || password === '') && stored?.db_password) {
      try {
        password = (await boxOf(ctx.db)).decrypt(stored.db_password);
      } catch {
        throw new BizError(DS_TEXT.storedPasswordUnreadable);
      }
    }
    // never this machine, link-local or metadata addresses (unless DATA_SOURCE_ALLOW_HOSTS names them)
    const address = await allowedAddress(where.host, ctx.config.dataSourceAllowHosts);
    const reason = await testPgConnection({
      ...where,
      host: address,
      user,
      password: password === undefined || password === null ? '' : String(password),
    });
    if (reason) throw new BizError(DS_TEXT.failed(reason));
    return okMessage(DS_TEXT.connected);
  });

  app.get('/sys/dataSource/options', async () => {
    const rows = await ctx.db.selectFrom('sys_data_source').select(['code', 'name']).orderBy('code').execute();
    return ok(rows.map((r) => ({ value: r.code, text: r.name ?? r.code, label: r.name ?? r.code, title: r.name ?? r.code })));
  });
}
