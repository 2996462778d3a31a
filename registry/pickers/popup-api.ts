import type { RequestPort } from '../context/RuntimeContext.js';
import { POPUP_CACHE_MS, createTtlCache } from './model.js';

/** A report column of getRpColumns (spec 3 "Popup report config"). */
export interface PopupColumn {
  title: string;
  dataIndex: string;
  /** Name of a dictionary in `dictOptions` translating the column. */
  customRender?: string;
  fieldType?: string;
  width?: number;
  /** '1' when the report sums the column in its totals row (isTotal). */
  isTotal?: string;
}

/** getRpColumns' result: the report's columns, dictionaries and head id (cgRpConfigId). */
export interface PopupColumns {
  columns: PopupColumn[];
  dictOptions: Record<string, { value: string; text: string }[]>;
  cgRpConfigId: string;
  cgRpConfigName?: string;
  /** A report screen's KPI cards and charts (without data; getDashboard answers it). */
  dashboard?: { cards: unknown[]; charts: unknown[] };
}

/** A query field of getQueryInfo (`mode` single or group; `view` string/text/date/list …). */
export interface PopupQueryItem {
  field: string;
  label: string;
  view?: string;
  mode?: string;
  dictCode?: string;
}

const caches = new WeakMap<RequestPort, ReturnType<typeof createTtlCache>>();

/** The 30-second cache of a request port (spec 9 "Popup request cache default 30 s"). */
function cacheOf(request: RequestPort) {
  let c = caches.get(request);
  if (!c) caches.set(request, (c = createTtlCache(POPUP_CACHE_MS)));
  return c;
}

/**
 * A GET through the popup cache: the same group, path and parameters within 30 s share one
 * request (JeecgBoot's httpGroupRequest). Rejects with the server's message on failure.
 */
export function groupGet<T>(request: RequestPort, group: string, url: string, params?: Record<string, unknown>): Promise<T> {
  const key = `${group}|${url}|${JSON.stringify(params ?? {})}`;
  return cacheOf(request).get(key, async () => {
    const res = await request.get<T>(url, params);
    if (!res.success) throw new Error(res.message);
    return res.result;
  });
}

/** GET /online/cgreport/api/getRpColumns/{code} (api-contract §8), cached per group for 30 s. */
export function loadPopupColumns(request: RequestPort, group: string, code: string): Promise<PopupColumns> {
  return groupGet<PopupColumns>(request, group, `/online/cgreport/api/getRpColumns/${encodeURIComponent(code)}`);
}

/** GET /online/cgreport/api/getQueryInfo/{cgRpConfigId}: the report's search fields. */
export async function loadPopupQueryInfo(request: RequestPort, id: string): Promise<PopupQueryItem[]> {
  const res = await request.get<PopupQueryItem[]>(`/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`);
  if (!res.success) throw new Error(res.message);
  return Array.isArray(res.result) ? res.result : [];
}

/**
 * The query parameters of a popup search (spec 7.3): text-like single fields wrapped with '*'
 * (a contains search), group fields as `{field}_begin` / `{field}_end`, empty values left out.
 */
export function popupQueryParams(items: readonly PopupQueryItem[], values: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const it of items) {
    if (it.mode === 'group') {
      for (const end of ['begin', 'end']) {
        const v = values[`${it.field}_${end}`]?.trim();
        if (v) out[`${it.field}_${end}`] = v;
      }
      continue;
    }
    const v = values[it.field]?.trim();
    if (!v) continue;
    out[it.field] = !it.view || it.view === 'text' || it.view === 'string' ? `*${v}*` : v;
  }
  return out;
}

/** GET /online/cgreport/api/getData/{cgRpConfigId} with paging, sort and filters; cached per group for 30 s. */
export function loadPopupData(
  request: RequestPort,
  group: string,
  id: string,
  params: Record<string, unknown>,
): Promise<{ records: Record<string, unknown>[]; total: number }> {
  return groupGet(request, group, `/online/cgreport/api/getData/${encodeURIComponent(id)}`, params);
}
