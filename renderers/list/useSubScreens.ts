import { useEffect, useState } from 'react';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { LIST_TEXT, withRetries } from '../../src/runtime/list/list-texts';
import { useRuntimeContext } from '../../registry/context/RuntimeContext';

interface ErpColumns {
  main: { screen: ScreenSchema };
  subList?: { screen: ScreenSchema; description: string }[];
}

export type SubScreens = { status: 'none' | 'loading' } | { status: 'ready'; subs: ScreenSchema[] } | { status: 'error'; message: string };

/**
 * The sub screens of a main screen (tab order) from `/online/cgform/api/getErpColumns/{code}`
 * (api-contract §7.4), tried 3 times; a failure gives 打开子表失败 (spec 2.2). Screens without
 * sub tables give status 'none'.
 */
export function useSubScreens(screen: ScreenSchema): SubScreens {
  const { request } = useRuntimeContext();
  const hasSubs = (screen.subTables?.length ?? 0) > 0;
  const [state, setState] = useState<SubScreens>({ status: hasSubs ? 'loading' : 'none' });
  useEffect(() => {
    if (!hasSubs) return;
    let alive = true;
    withRetries(async () => {
      const res = await request.get<ErpColumns>(`/online/cgform/api/getErpColumns/${encodeURIComponent(screen.id)}`);
      if (!res.success) throw new Error(res.message);
      return (res.result.subList ?? []).map((s) => s.screen);
    })
      .then((subs) => alive && setState({ status: 'ready', subs }))
      .catch(() => alive && setState({ status: 'error', message: LIST_TEXT.subTableFailed }));
    return () => {
      alive = false;
    };
  }, [hasSubs, request, screen.id]);
  return state;
}
