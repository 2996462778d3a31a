import type { RequestPort } from '../../context/RuntimeContext.js';

/** A user option of the picker: stored key, shown realname (spec 3 "User picker row"). */
export interface UserOption {
  value: string;
  label: string;
  orgCodeTxt?: string;
}

interface UserRow {
  id?: string;
  username?: string;
  realname?: string;
  orgCodeTxt?: string;
}

/** Spec 9: picker page size 10. */
export const USER_SEARCH_PAGE_SIZE = 10;

/** The stored key of a user row: username unless extend.store is 'id'. */
export function userKey(row: UserRow, store: string | undefined): string {
  return String((store === 'id' ? row.id : row.username) ?? '');
}

/**
 * Searches users by realname: GET /sys/user/queryUserComponentData
 * `{pageNo: 1, pageSize: 10, realname}` → `{records: [{id, username, realname, orgCodeTxt}], total}`.
 * Rejects with the server's message on failure.
 */
export async function searchUsers(request: RequestPort, keyword: string, store?: string): Promise<UserOption[]> {
  const res = await request.get<{ records?: UserRow[] }>('/sys/user/queryUserComponentData', {
    pageNo: 1,
    pageSize: USER_SEARCH_PAGE_SIZE,
    realname: keyword,
  });
  if (!res.success) throw new Error(res.message);
  return (res.result?.records ?? [])
    .map((r) => ({ value: userKey(r, store), label: r.realname || r.username || '', orgCodeTxt: r.orgCodeTxt }))
    .filter((o) => o.value !== '');
}

/**
 * Realnames of stored keys: GET /sys/user/getMultiUser `{key: 'u1,u2'}` → `[{id, username, realname}]`
 * (a bare array, as JeecgBoot answers it; an enveloped one is accepted too); rows match a key by
 * username or id. Returns `{ key: realname }`; throws the message of a failed envelope.
 */
export async function loadUserLabels(request: RequestPort, keys: string[]): Promise<Record<string, string>> {
  const res = await request.get<UserRow[]>('/sys/user/getMultiUser', { key: keys.join(',') });
  const body: unknown = res;
  if (!Array.isArray(body) && !res.success) throw new Error(res.message);
  const rows: unknown = Array.isArray(body) ? body : res.result;
  const out: Record<string, string> = {};
  for (const r of Array.isArray(rows) ? (rows as UserRow[]) : []) {
    const label = r.realname || r.username || '';
    if (r.username && keys.includes(r.username)) out[r.username] = label;
    if (r.id && keys.includes(r.id)) out[r.id] = label;
  }
  return out;
}
