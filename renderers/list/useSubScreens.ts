import { useEffect, useState } from 'react';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { LIST_TEXT, withRetries } from '../../src/runtime/list/list-texts';
import { useRuntimeContext, type RequestPort } from '../../registry/context/RuntimeContext';

interface ErpColumns {
  main: { screen: ScreenSchema };
  subList?: { screen: ScreenSchema; description: string }[];
}

export type SubScreens = { status: 'none' | 'loading' } | { status: 'ready'; subs: ScreenSchema[] } | { status: 'error'; message: string };

const NONE: SubScreens = { status: 'none' };
const LOADING: SubScreens = { status: 'loading' };

// The sub screens belong to the main screen's definition: they are kept as long as that screen
// object (a reloaded screen is a new object and asks again), per request port. A list, its
// record forms and its details share one answer, so a form opened from the list shows its sub
// tables in its first render instead of after a request. Failures are not kept.
const loads = new WeakMap<RequestPort, WeakMap<ScreenSchema, Promise<ScreenSchema[]>>>();
const known = new WeakMap<RequestPort, WeakMap<ScreenSchema, SubScreens>>();

function cacheOf<V>(map: WeakMap<RequestPort, WeakMap<ScreenSchema, V>>, request: RequestPort): WeakMap<ScreenSchema, V> {
  let m = map.get(request);
  if (!m) map.set(request, (m = new WeakMap()));
  return m;
}

/** The sub screens of `screen` through getErpColumns (3 tries), one request per screen object and request port. */
function loadSubScreens(request: RequestPort, screen: ScreenSchema): Promise<ScreenSchema[]> {
  const pending = cacheOf(loads, request);
  let p = pending.get(screen);
  if (!p) {
    p = withRetries(async () => {
      const res = await request.get<ErpColumns>(`/online/cgform/api/getErpColumns/${encodeURIComponent(screen.id)}`);
      if (!res.success) throw new Error(res.message);
      return (res.result.subList ?? []).map((s) => s.screen);
    });
    pending.set(screen, p);
    p.then(
      (subs) => cacheOf(known, request).set(screen, { status: 'ready', subs }),
      () => pending.delete(screen),
    );
  }
  return p;
}

/**
 * The sub screens of a main screen (tab order) from `/online/cgform/api/getErpColumns/{code}`
 * (api-contract §7.4), tried 3 times; a failure gives 打开子表失败 (spec 2.2). Screens without
 * sub tables give status 'none'. The answer is kept with the screen object (see above): a
 * later call for the same screen is 'ready' at once, with the same array.
 */
export function useSubScreens(screen: ScreenSchema): SubScreens {
  const { request } = useRuntimeContext();
  const hasSubs = (screen.subTables?.length ?? 0) > 0;
  const cached = hasSubs ? cacheOf(known, request).get(screen) : undefined;
  const [loaded, setLoaded] = useState<{ screen: ScreenSchema; state: SubScreens } | null>(null);
  useEffect(() => {
    if (!hasSubs || cacheOf(known, request).has(screen)) return;
    let alive = true;
    loadSubScreens(request, screen)
      .then((subs) => alive && setLoaded({ screen, state: { status: 'ready', subs } }))
      .catch(() => alive && setLoaded({ screen, state: { status: 'error', message: LIST_TEXT.subTableFailed } }));
    return () => {
      alive = false;
    };
  }, [hasSubs, request, screen]);
  if (!hasSubs) return NONE;
  if (cached) return cached;
  return loaded?.screen === screen ? loaded.state : LOADING;
}
