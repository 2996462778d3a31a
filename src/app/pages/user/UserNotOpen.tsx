import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { T } from '../../locale/zh-CN';
import { LOGIN_PATH } from '../../router/constants';

/**
 * Stand-in for the public pages /user/register, /user/register-result and /user/alteration
 * (spec 2.1): reachable without a token, not built yet in this slice. Returns a Result panel.
 */
export default function UserNotOpen() {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="info"
        title={T.notOpen}
        extra={
          <Button type="primary" onClick={() => navigate(LOGIN_PATH)}>
            {T.backToLogin}
          </Button>
        }
      />
    </div>
  );
}
