import { startTransition, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';

type Load = () => Promise<{ default: ComponentType }>;

const idle = (fn: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 50);
const cancelIdle = (id: number) => (typeof cancelIdleCallback === 'function' ? cancelIdleCallback(id) : clearTimeout(id));

/** Mounts `component` hidden and calls `onDone` when the browser is idle after that. */
function WarmOnce({ component: Component, onDone }: { component: ComponentType; onDone: () => void }) {
  useEffect(() => {
    const id = idle(onDone) as number;
    return () => cancelIdle(id);
  }, [onDone]);
  return (
    <div hidden aria-hidden="true">
      <Component />
    </div>
  );
}

/**
 * Styles made ahead of need: `warm()` loads the component `load` names (e.g. a list page's antd
 * components, renderers/list/ListStyleWarmup.tsx) and renders it once, hidden, in a transition
 * (React yields to input meanwhile), then drops it when the browser is idle again. antd
 * generates and inserts the styles of what renders; they stay in the page and in the kept style
 * cache, so a page showing those components later skips that work on its first opening.
 * `element` must be rendered where the pages render (the same theme: antd's style keys hold the
 * theme's hash). `warm` resolves once the component is loaded; it is stable for a stable `load`.
 */
export function useStyleWarmup(load: Load): { warm: () => Promise<void>; element: ReactNode } {
  const [component, setComponent] = useState<ComponentType | null>(null);
  const warm = useCallback(
    () =>
      load().then(
        (m) => startTransition(() => setComponent(() => m.default)),
        () => undefined,
      ),
    [load],
  );
  const done = useCallback(() => setComponent(null), []);
  return { warm, element: component ? <WarmOnce component={component} onDone={done} /> : null };
}
