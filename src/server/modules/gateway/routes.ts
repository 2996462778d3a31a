import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError } from '../../http/envelope.js';
import { formatDateTime } from '../../../shared/time.js';

/** The gateway-route screen: schema id, JeecgBoot menu url, button-code prefix. */
export const GATEWAY_SCREEN = { id: 'sys_gateway_route', menu: '/isystem/gatewayroute', authPre: 'system:gateway_route' } as const;

const URI = /^(lb|https?|wss?):\/\/[^\s]+$/i;

/** A JSON array text (predicates, filters) or empty; BizError naming the field otherwise. */
function jsonArrayText(v: unknown, title: string): string | null {
  if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) return null;
  const parsed: unknown =
    typeof v === 'string'
      ? (() => {
          try {
            return JSON.parse(v);
          } catch {
            return undefined;
          }
        })()
      : v;
  if (!Array.isArray(parsed)) throw new BizError(`${title}必须是 JSON 数组，例如 [{"name":"Path","args":["/api/**"]}]`);
  return JSON.stringify(parsed);
}

/**
 * Gateway routes (spec 1 系统管理 → 路由网关, api-contract §5.6 SysGatewayRoute): stored and listed
 * by the generic engine (a page; JeecgBoot answers a plain array — its Vue 2 list reads either).
 * Hooks: router id and uri required (uri lb://, http(s)://, ws(s)://), router id unique among
 * the routes not deleted, predicates and filters JSON arrays; delete is logical (del_flag 1).
 * This product runs no gateway: the routes are configuration for one placed in front of it.
 */
export function gatewayRoutes(_app: FastifyInstance, ctx: AppContext): void {
  ctx.hooks.register(GATEWAY_SCREEN.id, {
    async beforeWrite({ trx, row, existing }) {
      const routerId = String(row.router_id ?? existing?.router_id ?? '').trim();
      if (!routerId) throw new BizError('请输入路由ID');
      if ('router_id' in row) row.router_id = routerId;
      const uri = String(row.uri ?? existing?.uri ?? '').trim();
      if (!URI.test(uri)) throw new BizError('路由地址 uri 应以 lb://、http(s):// 或 ws(s):// 开头');
      if ('uri' in row) row.uri = uri;
      if ('predicates' in row) row.predicates = jsonArrayText(row.predicates, '断言 predicates');
      if ('filters' in row) row.filters = jsonArrayText(row.filters, '过滤器 filters');
      if (!existing) row.del_flag = 0;
      let q = trx.selectFrom('sys_gateway_route').select('id').where('router_id', '=', routerId).where('del_flag', '=', 0);
      if (existing) q = q.where('id', '<>', String(existing.id));
      if (await q.executeTakeFirst()) throw new BizError(`路由ID「${routerId}」已存在`);
    },
    async beforeDelete({ trx, user, ids }) {
      await trx
        .updateTable('sys_gateway_route')
        .set({ del_flag: 1, update_by: user.username, update_time: formatDateTime() })
        .where('id', 'in', ids)
        .execute();
      return 'handled' as const;
    },
    listScope: () => [sql`del_flag = 0`],
  });
}
