import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { T } from '../../locale/zh-CN';
import { HOME_PATH } from '../../router/constants';

const SUBTITLES = { '403': T.exception403, '404': T.exception404, '500': T.exception500 } as const;

/**
 * Exception page 403 / 404 / 500 (spec 1 "exception pages", 2.1 /404) with a 返回首页 button.
 * Props: type '403' | '404' | '500'; fullScreen centres it on an empty page. Returns the page.
 */
export default function ExceptionPage({ type, fullScreen }: { type: '403' | '404' | '500'; fullScreen?: boolean }) {
  const navigate = useNavigate();
  const result = (
    <Result
      status={type}
      title={type}
      subTitle={SUBTITLES[type]}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {T.backHome}
        </Button>
      }
    />
  );
  if (!fullScreen) return result;
  return <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>{result}</div>;
}
