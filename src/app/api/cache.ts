import { session } from '../stores/session';
import { DICT_CACHE, DEFAULT_EXPIRE_MS, setItem } from '../utils/storage';
import { getAction } from './http';
import type { DictItem } from './types';

/**
 * Clear cache of the header (spec 2.4, 7.2): GET sys/dict/refleshCache, then GET
 * sys/dict/queryAllDictItems stored as the dictionary cache for 7 days (pro__UI_CACHE_DB_DICT_DATA
 * and the session store). Resolves true when the server cache was refreshed (刷新缓存完成！),
 * false when it was not (刷新缓存失败！); never rejects.
 */
export async function refreshDictCache(): Promise<boolean> {
  try {
    const res = await getAction('sys/dict/refleshCache');
    if (!res.success) return false;
    const all = await getAction<Record<string, DictItem[]>>('sys/dict/queryAllDictItems');
    if (all.success && all.result && typeof all.result === 'object') {
      setItem(DICT_CACHE, all.result, DEFAULT_EXPIRE_MS);
      session.sysAllDictItems = all.result;
    }
    return true;
  } catch {
    return false;
  }
}
