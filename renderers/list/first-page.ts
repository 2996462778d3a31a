import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { initialListState, requestParams } from '../../src/runtime/list/list-state';
import { screenCalls } from '../../src/runtime/list/screen-urls';
import type { Envelope, RequestPort } from '../../src/runtime/ports';

/** A list page as getData answers it (api-contract §7.4). */
export interface RawListPage {
  records?: Record<string, unknown>[];
  total?: number;
}

interface Prefetched {
  request: RequestPort;
  promise: Promise<Envelope<RawListPage>>;
  /** the answer once it is in (success or not) */
  settled?: Envelope<RawListPage>;
  at: number;
}

/** A prefetched page nobody took within this time is dropped (ms). */
const KEEP_MS = 10_000;

/** Key of a list request: screen, url and parameters. */
function keyOf(screenId: string, url: string, params: Record<string, unknown>): string {
  return `${screenId}\u0000${url}\u0000${JSON.stringify(params)}`;
}

const prefetched = new Map<string, Prefetched>();

/**
 * The list URL and first-page parameters of a plain (non-tree) screen (`defaultPageSize`: 系统设置's
 * page size, when the screen offers it); null for a tree or no list call.
 */
export function firstPageRequest(screen: ScreenSchema, defaultPageSize?: number): { url: string; params: Record<string, unknown> } | null {
  if (screen.template === 'tree' && screen.tree) return null;
  const url = screenCalls(screen).list().url;
  return url ? { url, params: requestParams(initialListState(screen, defaultPageSize)) } : null;
}

/**
 * Starts the request of a list's first page (its initial state: page 1, first page size, default
 * sort, no query) as soon as the screen is known — while the list's code and first render are
 * still to come — so the rows do not wait for the list to mount first. `useListRuntime` takes it
 * through {@link takePrefetched} when it asks for the same page with the same request port.
 * Returns the request's promise, or null when the screen has no plain list call.
 */
export function prefetchFirstPage(
  request: RequestPort,
  screen: ScreenSchema,
  defaultPageSize?: number,
): Promise<Envelope<RawListPage>> | null {
  const first = firstPageRequest(screen, defaultPageSize);
  if (!first) return null;
  const now = Date.now();
  for (const [k, p] of prefetched) if (now - p.at > KEEP_MS) prefetched.delete(k);
  const key = keyOf(screen.id, first.url, first.params);
  const promise = request.get<RawListPage>(first.url, first.params);
  const entry: Prefetched = { request, promise, at: now };
  promise.then(
    (res) => (entry.settled = res),
    () => prefetched.delete(key),
  );
  prefetched.set(key, entry);
  return promise;
}

/**
 * The prefetched answer for this request, once: its promise (the entry is then forgotten), or
 * null when none was started for exactly this screen, url, parameters and request port.
 */
export function takePrefetched(
  request: RequestPort,
  screenId: string,
  url: string,
  params: Record<string, unknown>,
): Promise<Envelope<RawListPage>> | null {
  const key = keyOf(screenId, url, params);
  const entry = prefetched.get(key);
  if (!entry || entry.request !== request || Date.now() - entry.at > KEEP_MS) return null;
  prefetched.delete(key);
  return entry.promise;
}

/** The prefetched first page of `screen` if its answer is already in and successful (not taken). */
export function settledFirstPage(request: RequestPort, screen: ScreenSchema, defaultPageSize?: number): RawListPage | null {
  const first = firstPageRequest(screen, defaultPageSize);
  if (!first) return null;
  const entry = prefetched.get(keyOf(screen.id, first.url, first.params));
  return entry && entry.request === request && entry.settled?.success ? entry.settled.result : null;
}
