import { Alert } from 'antd';
import { T } from '../../locale/zh-CN';

/**
 * Panel shown when a menu's `component` has no entry in the component map (spec 2.2).
 * Props: component — the unknown component string. Returns an Alert '页面组件未找到: <component>'.
 */
export default function MissingComponent({ component }: { component: string }) {
  return <Alert type="warning" showIcon message={`${T.componentMissing}${component}`} style={{ margin: 24 }} />;
}
