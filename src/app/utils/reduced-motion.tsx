import { Provider as MotionProvider } from 'rc-motion';
import { useSyncExternalStore, type ReactNode } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * True while the browser or the operating system asks for reduced motion (the CSS media
 * feature `prefers-reduced-motion: reduce`), following changes; false where there is no window
 * (the login page prerendered at build time). No inputs.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}

/**
 * Turns antd's open and close animations (modal zoom, dropdown slide, drawer, message) off while
 * reduced motion is preferred (WCAG 2.3.3), by the motion context every antd component's
 * animation reads (rc-motion's, the one antd's own `motion: false` token sets). It is not done
 * through the theme token because that would change the style hash and so the prerendered login
 * page's class names. Always the same element, so a change of preference keeps the tree mounted.
 * Props: children. Returns them inside the motion context.
 */
export function MotionPreference({ children }: { children: ReactNode }) {
  const reduced = usePrefersReducedMotion();
  return <MotionProvider motion={!reduced}>{children}</MotionProvider>;
}
