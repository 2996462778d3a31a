import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import { T } from '../locale/zh-CN';
import { HOME_PATH } from '../router/constants';
import type { RouteHandle } from '../router/menuRoutes';

/**
 * Breadcrumb (spec 2.4): always 首页 (/dashboard/analysis) first, then the matched menu ancestors
 * (links when they are routes), the current page as plain text.
 * Props: handle of the current route, pathname. Returns the Breadcrumb.
 */
export default function Breadcrumbs({ handle, pathname }: { handle: RouteHandle | null; pathname: string }) {
  if (pathname === HOME_PATH || !handle) return <Breadcrumb items={[{ title: T.home }]} />;
  const items = [
    { title: <Link to={HOME_PATH}>{T.home}</Link> },
    ...handle.parents
      .filter((p) => p.path !== HOME_PATH)
      .map((p) => ({ title: p.path && String(p.route ?? '1') !== '0' ? <Link to={p.path}>{p.meta?.title}</Link> : p.meta?.title })),
    { title: handle.title },
  ];
  return <Breadcrumb items={items} />;
}
