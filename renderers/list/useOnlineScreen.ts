import { useEffect, useState } from 'react';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { checkScreen, type SchemaProblem } from '../../src/shared/schema-check';
import { BUILTIN_WIDGET_TYPES } from '../../src/shared/widget-types';
import { useRuntimeContext } from '../../registry/context/RuntimeContext';
import { prefetchFirstPage } from './first-page';

/** What getColumns answers (api-contract §7.3) plus our screen schema. */
export interface OnlineColumnsModel {
  code: string;
  description: string;
  hideColumns: string[];
  dictOptions: Record<string, { value: string; text: string }[]>;
  screen: ScreenSchema;
}

export type ScreenLoad =
  | { status: 'loading' }
  | { status: 'ready'; model: OnlineColumnsModel; screen: ScreenSchema }
  | { status: 'invalid'; problems: SchemaProblem[] }
  | { status: 'error'; message: string };

/**
 * How long a list waits for its first page (requested as soon as the screen is known) before it
 * renders without its rows (ms): rendering the list once with its rows costs less than rendering
 * it empty and again with them, and a quick server answers well within this.
 */
export const FIRST_PAGE_WAIT_MS = 300;

/**
 * Loads a screen's list model from `/online/cgform/api/getColumns/{code}` and checks its
 * schema with ajv before anything renders (checked when a screen loads). A server
 * failure yields status 'error' with the server's message. A valid screen's first page is
 * requested at once (first-page.ts) and 'ready' waits for it up to {@link FIRST_PAGE_WAIT_MS}.
 */
export function useOnlineScreen(code: string | undefined): ScreenLoad {
  const { request, defaultPageSize } = useRuntimeContext();
  const [state, setState] = useState<ScreenLoad>({ status: 'loading' });
  useEffect(() => {
    if (!code) return;
    let alive = true;
    setState({ status: 'loading' });
    request
      .get<OnlineColumnsModel>(`/online/cgform/api/getColumns/${encodeURIComponent(code)}`)
      .then((res) => {
        if (!alive) return;
        if (!res.success || !res.result?.screen) return setState({ status: 'error', message: res.message || '页面配置加载失败' });
        const checked = checkScreen(res.result.screen, `getColumns/${code}`, new Set<string>(BUILTIN_WIDGET_TYPES));
        if (!checked.ok) return setState({ status: 'invalid', problems: checked.problems });
        const ready = () => alive && setState({ status: 'ready', model: res.result, screen: checked.screen });
        const firstPage = prefetchFirstPage(request, checked.screen, defaultPageSize);
        if (!firstPage) return ready();
        const waited = new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS));
        return Promise.race([firstPage, waited]).then(ready, ready);
      })
      .catch((e: Error) => alive && setState({ status: 'error', message: e.message || '页面配置加载失败' }));
    return () => {
      alive = false;
    };
  }, [code, request, defaultPageSize]);
  return state;
}
