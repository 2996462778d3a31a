import { Alert, Spin } from 'antd';
import { useOnlineScreen } from './useOnlineScreen';
import SchemaProblems from './SchemaProblems';
import ScreenList from './ScreenList';

export interface ScreenPageProps {
  /** The menu entry that routed here: its `meta.componentName` names the screen. */
  entry?: { meta?: { componentName?: string } };
  /** The screen id when the menu component names it (JeecgBoot page names); else the componentName. */
  screenId?: string;
}

/**
 * The generic list of a screen that has its own route (menu component `system/ScreenList`, or a
 * JeecgBoot page name such as `system/UserList` that the component map binds to a screen id,
 * e.g. /isystem/user): the screen id is `screenId`, else the menu's componentName
 * (docs/architecture.md "Screens are data";
 * system-administration calls keep their JeecgBoot paths through the schema's `url`).
 */
export default function ScreenPage({ entry, screenId }: ScreenPageProps) {
  const code = screenId ?? entry?.meta?.componentName;
  const load = useOnlineScreen(code);
  if (!code) return <Alert type="warning" showIcon message="菜单未配置页面编码（componentName）" />;
  if (load.status === 'loading') return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (load.status === 'error') return <Alert type="warning" showIcon message={load.message} />;
  if (load.status === 'invalid') return <SchemaProblems problems={load.problems} />;
  return <ScreenList key={load.screen.id} screen={load.screen} hideColumns={load.model.hideColumns ?? []} />;
}
