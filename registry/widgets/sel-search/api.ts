import type { RequestPort } from '../../context/RuntimeContext.js';
import { toDictOptions, type DictOption } from '../../shared/dict.js';

/** Spec 9: search-select page size 10. */
export const SEARCH_PAGE_SIZE = 10;

/**
 * Searches a table dictionary (`table,text,code`): GET /sys/dict/loadDict/{dictCode}
 * `{keyword, pageSize: 10}` → `[{value, text}]`. An empty keyword searches nothing.
 */
export async function searchTableDict(request: RequestPort, dictCode: string, keyword: string): Promise<DictOption[]> {
  if (!keyword.trim()) return [];
  const res = await request.get<unknown>('/sys/dict/loadDict/' + encodeURIComponent(dictCode), { keyword, pageSize: SEARCH_PAGE_SIZE });
  if (!res.success) throw new Error(res.message);
  return toDictOptions(res.result);
}

/**
 * Texts of stored values: GET /sys/dict/loadDictItem/{dictCode} `{key}` → `string[]`, one call
 * per key (the server drops keys it does not know, so a joined call cannot be matched back).
 */
export async function loadTableDictTexts(request: RequestPort, dictCode: string, keys: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  await Promise.all(
    keys.map(async (key) => {
      const res = await request.get<string[]>('/sys/dict/loadDictItem/' + encodeURIComponent(dictCode), { key });
      const text = res.success && Array.isArray(res.result) ? res.result[0] : undefined;
      if (text !== undefined && text !== null && text !== '') out[key] = String(text);
    }),
  );
  return out;
}
