import type { ScreenSchema } from '../../shared/generated/screen-schema.js';

/** One call of a screen: method, path (relative to the API base) and its query parameters. */
export interface ScreenCall {
  method: 'get' | 'post' | 'put' | 'delete';
  url: string;
  params?: Record<string, string>;
}

/**
 * The calls a list or form makes for a screen (spec 7.3 "List URLs come from url.list, url.delete,
 * url.deleteBatch configuration"): the schema's own `url` paths (JeecgBoot style: delete
 * `?id=`, deleteBatch `?ids=`, edit PUT) when it declares them, else the online-form API
 * (api-contract §7.2) under `/online/cgform/api`.
 */
export function screenCalls(screen: Pick<ScreenSchema, 'id' | 'url'>) {
  const code = encodeURIComponent(screen.id);
  const own = screen.url;
  const online = '/online/cgform/api';
  return {
    list: (): ScreenCall => ({ method: 'get', url: own?.list ?? `${online}/getData/${code}` }),
    add: (): ScreenCall => ({ method: 'post', url: own?.add ?? `${online}/form/${code}` }),
    edit: (): ScreenCall => ({ method: 'put', url: own?.edit ?? `${online}/form/${code}` }),
    /** One id → delete; several → deleteBatch (the online API takes both as a path list). */
    remove: (ids: string[]): ScreenCall => {
      if (!own) return { method: 'delete', url: `${online}/form/${code}/${ids.map(encodeURIComponent).join(',')}` };
      if (ids.length > 1 && own.deleteBatch) return { method: 'delete', url: own.deleteBatch, params: { ids: ids.join(',') } };
      return {
        method: 'delete',
        url: own.delete ?? own.deleteBatch ?? '',
        params: own.delete ? { id: ids.join(',') } : { ids: ids.join(',') },
      };
    },
    queryById: (id: string): ScreenCall =>
      own?.queryById
        ? { method: 'get', url: own.queryById, params: { id } }
        : { method: 'get', url: `${online}/form/${code}/${encodeURIComponent(id)}` },
  };
}
