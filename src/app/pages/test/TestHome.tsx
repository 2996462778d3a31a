import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { T } from '../../locale/zh-CN';
import { HOME_PATH } from '../../router/constants';

/**
 * /test/home (spec 2.1): the original's stand-alone test home page outside the main layout
 * (signed-in users only), with the way into the system. No props; returns the page.
 */
export default function TestHome() {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="info"
        title={`${T.testHomeTitle}${T.platformName}`}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            {T.backHome}
          </Button>
        }
      />
    </div>
  );
}
