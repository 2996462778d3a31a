import vm from 'node:vm';
import { BizError } from './envelope.js';
import type { PatternTester } from '../../shared/custom-pattern.js';

/** The longest one test of an administrator-authored pattern may run (ms). */
export const REGEX_TIME_LIMIT_MS = 50;

/**
 * A test that passed {@link REGEX_TIME_LIMIT_MS} runs once more under this limit (ms) before the
 * pattern is judged catastrophic: a busy processor or a garbage collection can hold a harmless
 * pattern past 50 ms of wall time, and a stalled pattern stays refused for the process's life.
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
 * server: its tests run in a separate V8 context under a {@link REGEX_TIME_LIMIT_MS} limit (once
 * more under {@link REGEX_RETRY_LIMIT_MS} before it is judged), so a
 * catastrophic pattern (`^(a+)+$` against `aaaa…b`) stops within the limit instead of stalling
 * every request. Throws SyntaxError for an invalid pattern; `test` throws BizError
 * {@link REGEX_TIMEOUT_TEXT} when the limit is passed, and at once for a pattern that did so before.
 */
export function guardedPattern(source: string, flags = ''): PatternTester {
  new RegExp(source, flags); // the syntax error, here rather than at the first test
  const key = `${flags}/${source}`;
  return {
    test(text: string): boolean {
      if (stalled.has(key)) throw new BizError(REGEX_TIMEOUT_TEXT);
      for (const timeout of [REGEX_TIME_LIMIT_MS, REGEX_RETRY_LIMIT_MS]) {
        const ctx = sandbox();
        Object.assign(ctx, { source, flags, text });
        try {
          return call.runInContext(ctx, { timeout }) === true;
        } catch (e) {
          if ((e as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw e;
          // a context interrupted mid-match is not reused
          context = null;
        }
      }
      stalled.add(key);
      throw new BizError(REGEX_TIMEOUT_TEXT);
    },
  };
}
