import { useRoutes, type RouteObject } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { tabs } from '../stores/tabs';
import PageErrorBoundary from './PageErrorBoundary';

function TabView({ routes, location }: { routes: RouteObject[]; location: string }) {
  return useRoutes(routes, location);
}

/**
 * The page views of the open tabs (spec 2.4 multi-tab, 2.2 "cached" routes). Each tab renders
 * its own `useRoutes(routes, tab.fullPath)` in its own container: the active one is shown; a tab
 * whose menu has meta.keepAlive stays mounted while hidden (display:none), so its state
 * survives switching; other tabs unmount when left. Closing a tab drops its view; "refresh"
 * bumps its version and remounts it. A location not yet in the list renders as a transient view.
 * Each view has its own error boundary (a page chunk failing to load, spec 8).
 * Props: routes (MenuModel.routes), activeKey (pathname), fullPath (pathname+search).
 */
export default function KeepAliveViews({ routes, activeKey, fullPath }: { routes: RouteObject[]; activeKey: string; fullPath: string }) {
  const { list } = useSnapshot(tabs);
  const views = list.some((t) => t.key === activeKey) ? [...list] : [...list, { key: activeKey, fullPath, keepAlive: false, version: 0 }];
  return (
    <>
      {views.map((tab) => {
        const active = tab.key === activeKey;
        if (!active && !tab.keepAlive) return null;
        return (
          <div key={`${tab.key}#${tab.version}`} className="tab-view" data-tab={tab.key} style={active ? undefined : { display: 'none' }}>
            <PageErrorBoundary>
              <TabView routes={routes} location={active ? fullPath : tab.fullPath} />
            </PageErrorBoundary>
          </div>
        );
      })}
    </>
  );
}
