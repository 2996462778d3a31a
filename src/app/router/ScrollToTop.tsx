import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Scrolls the window to the top on every navigation (spec 2.1). No props; renders nothing. */
export default function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
