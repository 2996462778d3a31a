import fp from 'fastify-plugin';
import type { RouteOptions } from 'fastify';
import { BizError } from './envelope.js';

/** Largest JSON body of the anonymous routes (login, SMS, registration…): a few KB are plenty. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
/** Deepest nesting a JSON body may have (a form with sub tables is 4-5 levels deep). */
export const MAX_BODY_DEPTH = 32;

/** True when `value` nests deeper than `max` (arrays and objects; walked without recursion). */
export function tooDeep(value: unknown, max = MAX_BODY_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(v as Record<string, unknown>)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Request-shape limits of the API scope: an anonymous route accepts at most PUBLIC_BODY_LIMIT
 * bytes unless it sets its own `bodyLimit` (the others keep the app's 10 MB), and a JSON body
 * nesting deeper than MAX_BODY_DEPTH is refused with 请求数据嵌套层级过深 before any handler.
 */
export const bodyLimits = fp(
  async (api) => {
    api.addHook('onRoute', (route: RouteOptions) => {
      if ((route.config as { public?: boolean } | undefined)?.public && route.bodyLimit === undefined) route.bodyLimit = PUBLIC_BODY_LIMIT;
    });
    api.addHook('preValidation', async (req) => {
      if (req.body && typeof req.body === 'object' && tooDeep(req.body)) throw new BizError('请求数据嵌套层级过深');
    });
  },
  { name: 'body-limits' },
);
