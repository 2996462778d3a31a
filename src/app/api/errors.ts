import type { HttpError } from './http-client';
import { T } from '../locale/zh-CN';
import { ACCESS_TOKEN, getItem } from '../utils/storage';
import { decideErrorAction } from './errorCatalogue';
import { notify } from '../utils/notify';

/**
 * The HTTP error catalogue of spec 8, applied by the HTTP client of http.ts.
 * Kept apart from http.ts so the session store can plug in its logout without an import cycle.
 */

type LogoutFn = () => Promise<void>;
let logoutHandler: LogoutFn = async () => undefined;
let expiryShown = false;

/**
 * Registers the function the catalogue calls to sign out (spec 4.1 logout).
 * Input: an async logout that never rejects. Returns nothing.
 */
export function setLogoutHandler(fn: LogoutFn): void {
  logoutHandler = fn;
}

function signedIn(): boolean {
  return !!getItem<string>(ACCESS_TOKEN);
}

function notifyError(description: string): void {
  notify('error', { message: T.sysTip, description, duration: 4 });
}

/** Spec 8 "401": notification, then logout and reload after 1.5 s (once for parallel failures). */
function onUnauthorized(): void {
  if (expiryShown) return;
  expiryShown = true;
  notifyError(T.loginExpired);
  if (signedIn()) {
    void logoutHandler().then(() => {
      setTimeout(() => window.location.reload(), 1500);
    });
  } else {
    setTimeout(() => (expiryShown = false), 1500);
  }
}

/** Spec 8 "500 with token-invalid text while logged in": modal with a re-login button. */
function onTokenInvalid(): void {
  if (expiryShown) return;
  expiryShown = true;
  // antd Modal loads on demand: it is not needed on the login page (bundle budget)
  void import('antd/es/modal').then(({ default: Modal }) =>
    Modal.error({
      title: T.loginExpiredTitle,
      content: T.loginExpired,
      okText: T.relogin,
      mask: false,
      onOk: () => logoutHandler().then(() => window.location.reload()),
    }),
  );
}

/** Shows 拒绝访问 (spec 8 "HTTP 403"; also a JeecgBoot 200 answer with code 510). */
export function showAccessDenied(): void {
  notifyError(T.accessDenied);
}

async function readBlobJson(data: unknown): Promise<{ message?: string } | null> {
  if (!(data instanceof Blob)) return null;
  try {
    return JSON.parse(await data.text()) as { message?: string };
  } catch {
    return null;
  }
}

/**
 * Applies spec 8 to a failed request (decision in errorCatalogue.ts). Input: the client's error
 * (HTTP status ≥ 400, timeout, network failure or cancel); a blob body is parsed as JSON first.
 * Shows the catalogue's notification/modal; returns when shown. `silent: true` shows nothing.
 */
export async function handleHttpError(error: HttpError<unknown>): Promise<void> {
  const response = error.response;
  let data = response?.data as { message?: string } | undefined;
  if (data instanceof Blob) data = (await readBlobJson(data)) ?? undefined;
  const action = decideErrorAction(
    {
      status: response?.status,
      message: typeof data?.message === 'string' ? data.message : '',
      code: error.code,
      transportMessage: error.message,
      signedIn: signedIn(),
      silent: !!error.config?.silent,
    },
    { notFound: T.notFound, timeout: T.timeout, fallback: T.sysTip },
  );
  switch (action.kind) {
    case 'denied':
      return showAccessDenied();
    case 'expired':
      return onUnauthorized();
    case 'tokenInvalid':
      return onTokenInvalid();
    case 'notify':
      return notifyError(action.text);
    default:
      return;
  }
}
