import fp from 'fastify-plugin';
import type { RouteOptions } from 'fastify';
import { BizError } from './envelope.js';

/** Largest JSON body of the anonymous routes (login, SMS, registration…): a few KB are plenty. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
/** Largest JSON body of a signed-in route that declares no limit of its own (a form, a grant list…). */
export const API_BODY_LIMIT = 1024 * 1024;
/** Largest JSON body of the routes that declare {@link largeBody} (the app's own ceiling). */
export const LARGE_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * Route option of the routes whose bodies may be large, declared where the route is registered
 * (`app.post(url, { ...largeBody }, handler)`): a screen or report definition of the designers, a
 * workflow model, a record saved with its sub rows. Every other route gets the small default.
 */
export const largeBody = { bodyLimit: LARGE_BODY_LIMIT } as const;
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
 * Request-shape limits of the API scope: a route that sets no `bodyLimit` of its own accepts at
 * most PUBLIC_BODY_LIMIT bytes when anonymous, API_BODY_LIMIT when signed in (请求数据过大
 * above, error-handler.ts); a JSON body nesting deeper than MAX_BODY_DEPTH is refused with
 * 请求数据嵌套层级过深 before any handler. Multipart uploads are bounded by their own file limits.
 */
export const bodyLimits = fp(
  async (api) => {
    api.addHook('onRoute', (route: RouteOptions) => {
      if (route.bodyLimit !== undefined) return;
      route.bodyLimit = (route.config as { public?: boolean } | undefined)?.public ? PUBLIC_BODY_LIMIT : API_BODY_LIMIT;
    });
    api.addHook('preValidation', async (req) => {
      if (req.body && typeof req.body === 'object' && tooDeep(req.body)) throw new BizError('请求数据嵌套层级过深');
    });
  },
  { name: 'body-limits' },
);
