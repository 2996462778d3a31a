import { Alert } from 'antd';
import type { SchemaProblem } from '../../src/shared/schema-check';

/** A readable panel for a screen schema that failed its check (STYLE.md: never a blank page). */
export default function SchemaProblems({ problems }: { problems: SchemaProblem[] }) {
  return (
    <Alert
      type="error"
      showIcon
      message="页面配置有误，无法显示"
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {problems.map((p, i) => (
            <li key={i}>
              <code>{p.file}</code> <code>{p.path}</code>：{p.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}
