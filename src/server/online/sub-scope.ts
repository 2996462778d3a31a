import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../context.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import { BizError } from '../http/envelope.js';
import { toColumn } from '../../shared/columns.js';
import type { Db } from '../db/connection.js';
import type { LoadedScreen } from './screen-registry.js';
import { screenRowScope } from './read-scope.js';
import { ENGINE_TEXT } from './texts.js';

type Cond = RawBuilder<unknown>;

/**
 * "The row's main row is one the user may read": `<fk> in (select id from <main> where <the main
 * screen's row scope>)` — the main screen's tenant, data rules and live rows. Column names of
 * the main scope resolve inside the subquery, against the main table.
 */
export async function mainRowCondition(ctx: AppContext, user: SessionUser, sub: LoadedScreen): Promise<Cond[]> {
  if (!sub.main) return [];
  const main = sub.main.loaded;
  const conds = await screenRowScope(ctx, user, main);
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  return [sql`${sql.ref(toColumn(sub.main.link.foreignKey))} in (select id from ${sql.table(main.screen.tableName)} ${where})`];
}

/**
 * Sub rows belong to their main row (docs/architecture.md "Permission model"): on every sub
 * screen, list, detail, edit and delete reach only rows whose main row the user may read, and a
 * row added or moved directly must name such a main row (else 未找到对应数据, nothing written).
 */
export function registerSubRowScopes(ctx: AppContext): void {
  for (const sub of ctx.screens.list()) {
    if (!sub.main) continue;
    const fk = toColumn(sub.main.link.foreignKey);
    ctx.hooks.register(sub.screen.id, {
      listScope: ({ user }) => mainRowCondition(ctx, user, sub),
      async beforeWrite({ trx, user, row, existing }) {
        if (!(fk in row) || (existing && existing[fk] === row[fk])) return;
        await assertMainReadable(ctx, trx, user, sub, row[fk]);
      },
    });
  }
}

/** Throws BizError 未找到对应数据 unless `mainId` names a main row of `sub` within the user's scope. */
async function assertMainReadable(ctx: AppContext, trx: Db, user: SessionUser, sub: LoadedScreen, mainId: unknown): Promise<void> {
  const main = sub.main?.loaded;
  if (!main) return;
  const conds = [sql`id = ${mainId === null || mainId === undefined ? '' : String(mainId)}`, ...(await screenRowScope(ctx, user, main))];
  const hit = await sql`select 1 from ${sql.table(main.screen.tableName)} where ${sql.join(conds, sql` and `)}`.execute(trx);
  if (!hit.rows.length) throw new BizError(ENGINE_TEXT.mainRowMissing);
}
