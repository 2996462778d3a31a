import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { ACCOUNT_T } from '../../locale/zh-CN';
import { LOGIN_PATH } from '../../router/constants';

/**
 * /user/register-result (spec 2.1): 你的账户：{name} 注册成功, with a button to the login page.
 * The account name comes with the navigation from /user/register (router state). No props.
 */
export default function RegisterResult() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const username = (state as { username?: string } | null)?.username ?? '';
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5' }}>
      <Result
        status="success"
        title={<span data-testid="register-result">{ACCOUNT_T.registerResult(username)}</span>}
        subTitle={ACCOUNT_T.registerResultDesc}
        extra={
          <Button type="primary" size="large" onClick={() => navigate(LOGIN_PATH)}>
            {ACCOUNT_T.toLogin}
          </Button>
        }
      />
    </div>
  );
}
