import { BizError } from './envelope.js';

/** A request body as sent: a plain object of fields. */
export type RequestBody = Record<string, unknown>;

/**
 * The request body as an object (JSON object bodies only). Throws BizError 请求数据格式不正确
 * (answered HTTP 200, success false, per the wire policy) for anything else.
 */
export function bodyOf(body: unknown): RequestBody {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BizError('请求数据格式不正确');
  return body as RequestBody;
}

/** A request value as trimmed text: strings trimmed, numbers as digits, anything else ''. */
export function textOf(v: unknown): string {
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}
