import { useEffect, useState } from 'react';
import { latestGuard, type LatestGuard } from '../../src/runtime/latest';

/**
 * The component's {@link LatestGuard} for a request it repeats (a list, a tree, a dialog's
 * data): only the latest answer is applied, a failure never becomes an unhandled rejection, and
 * nothing is applied after unmount. Stable across renders.
 */
export function useLatestGuard(): LatestGuard {
  const [guard] = useState(() => latestGuard());
  useEffect(() => () => guard.cancel(), [guard]);
  return guard;
}
