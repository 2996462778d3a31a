import { Outlet } from 'react-router-dom';

/**
 * Container of the `layouts/RouteView` / `layouts/TabLayout` menu components (spec 2.2):
 * renders its child route. No props; returns the matched child element.
 */
export default function RouteView() {
  return <Outlet />;
}
