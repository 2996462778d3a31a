import type { Envelope, RequestPort } from '../context/RuntimeContext.js';

/** A RequestPort for tests and demos: `get` answers from `answer(url, params)` and records each call in `calls`. */
export function fakeRequest(
  answer: (url: string, params?: Record<string, unknown>) => Envelope<unknown> | Promise<Envelope<unknown>>,
): RequestPort & { calls: [string, Record<string, unknown> | undefined][] } {
  const calls: [string, Record<string, unknown> | undefined][] = [];
  const refuse = () => Promise.reject(new Error('fakeRequest: not supported'));
  return {
    calls,
    get: async <T>(url: string, params?: Record<string, unknown>) => {
      calls.push([url, params]);
      return (await answer(url, params)) as Envelope<T>;
    },
    post: refuse,
    put: refuse,
    delete: refuse,
    upload: refuse,
    fileUrl: (p: string) => `http://files/${p}`,
  };
}

/** A success envelope. */
export const okResult = <T>(result: T, message = ''): Envelope<T> => ({ success: true, message, code: 0, result, timestamp: 0 });

/** A failure envelope. */
export const failResult = (message: string): Envelope<null> => ({ success: false, message, code: 500, result: null, timestamp: 0 });
