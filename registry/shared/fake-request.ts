import type { ApiResult, RequestPort } from '../../renderers/context/RuntimeContext.js';

/** A RequestPort for tests and demos: `get` answers from `answer(url, params)` and records each call in `calls`. */
export function fakeRequest(
  answer: (url: string, params?: Record<string, unknown>) => ApiResult<unknown> | Promise<ApiResult<unknown>>,
): RequestPort & { calls: [string, Record<string, unknown> | undefined][] } {
  const calls: [string, Record<string, unknown> | undefined][] = [];
  const refuse = () => Promise.reject(new Error('fakeRequest: not supported'));
  return {
    calls,
    get: async <T>(url: string, params?: Record<string, unknown>) => {
      calls.push([url, params]);
      return (await answer(url, params)) as ApiResult<T>;
    },
    post: refuse,
    put: refuse,
    delete: refuse,
    upload: refuse,
    fileUrl: (p: string) => `http://files/${p}`,
  };
}

/** A success envelope. */
export const okResult = <T>(result: T, message = ''): ApiResult<T> => ({ success: true, message, code: 0, result, timestamp: 0 });

/** A failure envelope. */
export const failResult = (message: string): ApiResult<null> => ({ success: false, message, code: 500, result: null, timestamp: 0 });
