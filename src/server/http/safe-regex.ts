import vm from 'node:vm';
import { BizError } from './envelope.js';
import type { PatternTester } from '../../shared/custom-pattern.js';

/** The longest one test of an administrator-authored pattern may run (ms). */
export const REGEX_TIME_LIMIT_MS = 50;
/**
 * A test past REGEX_TIME_LIMIT_MS runs once more with this limit (ms) before the pattern is
 * refused for good: a starved CPU or a GC pause can hold a harmless pattern past 50 ms, a
 * catastrophic one passes 500 ms as well.
 */
export const REGEX_RETRY_LIMIT_MS = 500;

/** Shown when a pattern ran past the limit (now and at every later use of it). */
export const REGEX_TIMEOUT_TEXT = '正则表达式执行超时，已停止校验，请简化校验规则（避免 (a+)+ 这类嵌套重复）';

const SANDBOX = `
  const cache = new Map();
  globalThis.run = (source, flags, text) => {
    const key = flags + '/' + source;
    let re = cache.get(key);
    if (!re) { re = new RegExp(source, flags); cache.set(key, re); }
    re.lastIndex = 0;
    return re.test(text);
  };`;
const call = new vm.Script('run(source, flags, text)');
let context: vm.Context | null = null;
/** Patterns that once ran past the limit: refused at once from then on, so they cost no more time. */
const stalled = new Set<string>();

function sandbox(): vm.Context {
  if (!context) {
    context = vm.createContext({ source: '', flags: '', text: '' });
    vm.runInContext(SANDBOX, context);
  }
  return context;
}

/**
 * A pattern from an administrator (a field's custom validType, a check rule) compiled for the
 * server: its tests run in a separate V8 context under a {@link REGEX_TIME_LIMIT_MS} limit (one
 * more try under {@link REGEX_RETRY_LIMIT_MS} past it), so a catastrophic pattern (`^(a+)+$`
 * against `aaaa…b`) stops within the limits instead of stalling every request. `limits` (ms)
 * are for tests. Throws SyntaxError for an invalid pattern; `test` throws BizError
 * {@link REGEX_TIMEOUT_TEXT} when the limit is passed, and at once for a pattern that did so before.
 */
export function guardedPattern(
  source: string,
  flags = '',
  limits: { first: number; retry: number } = { first: REGEX_TIME_LIMIT_MS, retry: REGEX_RETRY_LIMIT_MS },
): PatternTester {
  new RegExp(source, flags); // the syntax error, here rather than at the first test
  const key = `${flags}/${source}`;
  /** One test under `timeout` ms: the result, or null when it ran past it. */
  const run = (text: string, timeout: number): boolean | null => {
    const ctx = sandbox();
    Object.assign(ctx, { source, flags, text });
    try {
      return call.runInContext(ctx, { timeout }) === true;
    } catch (e) {
      if ((e as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw e;
      // a context interrupted mid-match is not reused
      context = null;
      return null;
    }
  };
  return {
    test(text: string): boolean {
      if (stalled.has(key)) throw new BizError(REGEX_TIMEOUT_TEXT);
      const result = run(text, limits.first) ?? run(text, limits.retry);
      if (result !== null) return result;
      stalled.add(key);
      throw new BizError(REGEX_TIMEOUT_TEXT);
    },
  };
}
