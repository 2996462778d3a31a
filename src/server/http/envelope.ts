import type { Envelope, Page } from '../../shared/envelope.js';
import { WIRE_TEXT } from '../../shared/envelope.js';

/** Success envelope: HTTP 200, success true, code 200 (wire policy). */
export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** Success with a message only; JeecgBoot's Result.ok(msg) puts it in both message and result. */
export function okMessage(message: string): Envelope<string> {
  return { success: true, message, code: 200, result: message, timestamp: Date.now() };
}

/** Builds a MyBatis-Plus-style page from records, total and the paging input. */
export function toPage<T>(records: T[], total: number, pageNo: number, pageSize: number): Page<T> {
  return { records, total, size: pageSize, current: pageNo, pages: pageSize > 0 ? Math.ceil(total / pageSize) : 1 };
}

/**
 * A user's mistake or a business rule: answered HTTP 200, success false, code 500 (or the
 * given code, e.g. 412 for a wrong captcha) with a clear Chinese message. Throw it anywhere
 * in a handler; the error plugin turns it into the envelope.
 */
export class BizError extends Error {
  constructor(
    message: string,
    readonly code = 500,
    readonly result: unknown = null,
  ) {
    super(message);
  }
}

/** Not signed in / token invalid, expired or revoked: HTTP 401, code 401. */
export class AuthError extends Error {
  constructor(message: string = WIRE_TEXT.tokenInvalid) {
    super(message);
  }
}

/** Signed in but not permitted: HTTP 403, code 403, 没有权限，请联系管理员授权. */
export class ForbiddenError extends Error {
  constructor(message: string = WIRE_TEXT.forbidden) {
    super(message);
  }
}

/** Envelope for a failure with the given code. */
export function failBody(message: string, code: number, result: unknown = null): Envelope<unknown> {
  return { success: false, message, code, result, timestamp: Date.now() };
}
