import { useEffect, useState } from 'react';
import { loadAreaData, type AreaData } from '../../../src/runtime/util/area.js';

let loaded: AreaData | null = null;

/**
 * The China area data, loaded lazily on first use (its own chunk) and shared by every pca
 * widget of the page. `enabled` false (e.g. a list cell without a value) does not load it.
 */
export function useAreaData(enabled = true): { data: AreaData | null; failed: boolean } {
  const [state, setState] = useState<{ data: AreaData | null; failed: boolean }>(() => ({ data: loaded, failed: false }));
  useEffect(() => {
    if (!enabled || state.data) return;
    let alive = true;
    loadAreaData().then(
      (data) => {
        loaded = data;
        if (alive) setState({ data, failed: false });
      },
      () => {
        if (alive) setState({ data: null, failed: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [enabled, state.data]);
  return state;
}
