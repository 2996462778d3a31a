/**
 * The HTTP part of the spec 8 error catalogue as a pure decision (no antd, no HTTP client), so every
 * row can be unit-tested. errors.ts carries the decision out.
 */

/** What the request layer does about a failed request. */
export type ErrorAction =
  /** notification 系统提示 with `text` */
  | { kind: 'notify'; text: string }
  /** 403 (or JeecgBoot 200/510): notification 拒绝访问 */
  | { kind: 'denied' }
  /** 401: notification 很抱歉，登录已过期，请重新登录, logout, reload after 1.5 s */
  | { kind: 'expired' }
  /** 500 with the token-invalid text while signed in: the 登录已过期 modal with 重新登录 */
  | { kind: 'tokenInvalid' }
  /** nothing to show (cancelled or silent request) */
  | { kind: 'none' };

/** The phrase a JeecgBoot server (HTTP 500) and ours (HTTP 401) put in a token-invalid answer. */
export const TOKEN_INVALID_PHRASE = 'Token失效';

/** Facts about a failed request the decision needs. */
export interface FailedRequest {
  /** HTTP status, undefined when no response arrived (network failure, timeout) */
  status?: number;
  /** `message` of the JSON (or JSON blob) body, '' when none */
  message: string;
  /** client error code: 'ECONNABORTED' / 'ETIMEDOUT' for a timeout, 'ERR_CANCELED' for a cancel */
  code?: string;
  /** the transport error text (the client error's `message`) */
  transportMessage?: string;
  /** a token is stored (spec 8 "while logged in") */
  signedIn: boolean;
  /** the request asked for no notifications (logout call) */
  silent?: boolean;
}

/**
 * Decides the spec 8 behaviour of a failed request: 403 → 拒绝访问; 404 → 很抱歉，资源未找到!;
 * 504 or a timeout → 网络超时; 401 → expired flow; 500 whose message holds Token失效 while signed
 * in → token-invalid modal; any other failure → the server message (else the transport text) in
 * a 系统提示 notification. Inputs: FailedRequest and the texts. Returns the ErrorAction.
 */
export function decideErrorAction(req: FailedRequest, texts: { notFound: string; timeout: string; fallback: string }): ErrorAction {
  if (req.silent || req.code === 'ERR_CANCELED') return { kind: 'none' };
  const timedOut = req.code === 'ECONNABORTED' || req.code === 'ETIMEDOUT' || /timeout/i.test(req.transportMessage ?? '');
  if (req.status === undefined) {
    if (timedOut) return { kind: 'notify', text: texts.timeout };
    return { kind: 'notify', text: req.message || req.transportMessage || texts.fallback };
  }
  switch (req.status) {
    case 403:
      return { kind: 'denied' };
    case 404:
      return { kind: 'notify', text: texts.notFound };
    case 504:
      return { kind: 'notify', text: texts.timeout };
    case 401:
      return { kind: 'expired' };
    case 500:
      if (req.signedIn && req.message.includes(TOKEN_INVALID_PHRASE)) return { kind: 'tokenInvalid' };
      return { kind: 'notify', text: req.message || req.transportMessage || texts.fallback };
    default:
      return { kind: 'notify', text: req.message || req.transportMessage || texts.fallback };
  }
}

/**
 * True when an HTTP 200 envelope is a JeecgBoot "no permission" answer (code 510), which the
 * client treats as HTTP 403 (DESIGN wire policy). Input: the response body.
 */
export function isDeniedEnvelope(body: unknown): boolean {
  return !!body && typeof body === 'object' && 'success' in body && String((body as { code?: unknown }).code) === '510';
}
