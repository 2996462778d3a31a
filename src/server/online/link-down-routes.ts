import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../context.js';
import { BizError, ok } from '../http/envelope.js';
import { tableReadScope, whereOf } from './read-scope.js';

/** Options of one level at most (a linked select is a drop-down, not a report). */
const LEVEL_LIMIT = 1000;
const IDENT = /^[a-z][a-z0-9_]*$/;

/** Messages of the link-down options call. */
export const LINK_DOWN_TEXT = {
  badConfig: '联动组件配置不正确！',
  badCondition: '联动组件的condition需要一个json字符串!',
} as const;

interface LinkDownQuery {
  table?: string;
  txt?: string;
  key?: string;
  idField?: string;
  pidField?: string;
  pidValue?: string;
  condition?: string;
}

/** A link-down `condition` as its JSON object; BizError when it is none (undefined when absent). */
function parseCondition(condition: string | undefined): Record<string, unknown> | undefined {
  if (!condition) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(condition);
  } catch {
    throw new BizError(LINK_DOWN_TEXT.badCondition);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BizError(LINK_DOWN_TEXT.badCondition);
  return parsed as Record<string, unknown>;
}

/** The columns a link-down `condition` names (parsed as linkDownConditions does); BizError when it is no JSON object. */
export function linkDownConditionColumns(condition: string | undefined): string[] {
  const cols = Object.keys(parseCondition(condition) ?? {});
  if (cols.some((c) => !IDENT.test(c) || /(password|passwd|salt|secret|token)/i.test(c))) throw new BizError(LINK_DOWN_TEXT.badCondition);
  return cols;
}

/**
 * `{column: value}` equality conditions of a link-down `condition` (a JSON object string; our
 * server never takes raw SQL, docs/architecture.md "Permission model"), each column checked against `allowed`. Throws BizError
 * for anything else.
 */
export function linkDownConditions(condition: string | undefined, allowed: readonly string[]): RawBuilder<unknown>[] {
  return Object.entries(parseCondition(condition) ?? {}).map(([col, v]) => {
    if (!IDENT.test(col) || !allowed.includes(col) || (v !== null && typeof v === 'object'))
      throw new BizError(LINK_DOWN_TEXT.badCondition);
    return v === null ? sql`${sql.ref(col)} is null` : sql`${sql.ref(col)}::text = ${String(v)}`;
  });
}

/**
 * The options of a linked select (link_down, api-contract §7.2 querySelectOptions): GET
 * /online/cgform/api/querySelectOptions `{table, txt, key, idField, pidField, pidValue,
 * condition}` → `[{store, label, id, pid}]` — the rows of `table` whose `pidField` equals
 * `pidValue` (empty: null or ''), ordered by `key`. The read passes the one read gate
 * (online/read-scope.ts: the table's screen menu, a link_down field of a readable screen
 * declaring it, or an allow-listed system table; rows within the caller's tenant and data
 * rules); the condition is a JSON object of column equalities — else 联动组件配置不正确！ /
 * …condition需要一个json字符串!, and 403 when the caller may not read the table.
 */
export function linkDownRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: LinkDownQuery }>('/online/cgform/api/querySelectOptions', async (req) => {
    const q = req.query;
    const table = String(q.table ?? '');
    const txt = String(q.txt ?? '');
    const key = String(q.key ?? '');
    const idField = String(q.idField || key);
    const pidField = String(q.pidField ?? '');
    if (![table, txt, key, idField, pidField].every((c) => IDENT.test(c))) throw new BizError(LINK_DOWN_TEXT.badConfig);
    const conditionColumns = linkDownConditionColumns(q.condition);
    // the one read gate (online/read-scope.ts): the table's screen, a declaring field or an allow-listed system table
    const scope = await tableReadScope(ctx, req.user, {
      table,
      text: txt,
      code: key,
      extra: [idField, pidField, ...conditionColumns],
    }).catch((e: unknown) => {
      throw e instanceof BizError ? new BizError(LINK_DOWN_TEXT.badConfig) : e;
    });
    const pid = String(q.pidValue ?? '');
    const where = [
      pid ? sql`${sql.ref(pidField)}::text = ${pid}` : sql`(${sql.ref(pidField)} is null or ${sql.ref(pidField)}::text = '')`,
      ...linkDownConditions(q.condition, conditionColumns),
    ];
    const rows = await sql<{ store: unknown; label: unknown; id: unknown; pid: unknown }>`select ${sql.ref(key)} as store,
      ${sql.ref(txt)} as label, ${sql.ref(idField)} as id, ${sql.ref(pidField)} as pid from ${sql.table(table)}
      ${whereOf(scope, where)} order by ${sql.ref(key)} limit ${LEVEL_LIMIT}`.execute(ctx.db);
    return ok(
      rows.rows.map((r) => ({
        store: r.store === null ? '' : String(r.store),
        label: r.label === null ? '' : String(r.label),
        id: r.id === null ? '' : String(r.id),
        pid: r.pid === null ? null : String(r.pid),
      })),
    );
  });
}
