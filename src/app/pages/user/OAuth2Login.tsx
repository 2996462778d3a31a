import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_T } from '../../locale/zh-CN';
import { LOGIN_PATH } from '../../router/constants';
import { thirdLogin } from '../../stores/session';
import { errorText, usePostLogin } from './usePostLogin';
import SignInReturn from './SignInReturn';

/**
 * The OAuth2 app login route /oauth2-app/login (spec 2.1, 2.4; the further login-style public
 * path of spec 2.3): the server's third-party callback sends the browser here with
 * `oauth2LoginToken` (a one-time ticket) and `thirdType`, or `oauth2Error`. The page exchanges
 * the ticket at /sys/thirdLogin/getLoginUser/{token}/{thirdType} — refused unless the answer's
 * code is 200 (spec 8) — then continues like the login page (department/tenant choice,
 * permissions, `redirect`). Errors show with a link back to the login page. No props.
 */
export default function OAuth2Login() {
  const [search] = useSearchParams();
  const [error, setError] = useState('');
  const started = useRef(false);
  const { afterLogin, dialog } = usePostLogin(setError);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('oauth2Error');
    const token = search.get('oauth2LoginToken');
    const thirdType = search.get('thirdType');
    if (code) {
      setError(ACCOUNT_T.oauth2Errors[code] ?? ACCOUNT_T.oauth2Failed);
      return;
    }
    if (!token || !thirdType) {
      setError(ACCOUNT_T.oauth2Errors.state);
      return;
    }
    // the ticket is single use: drop it from the address bar and history at once
    window.history.replaceState(window.history.state, '', window.location.pathname);
    thirdLogin(token, thirdType)
      .then((res) => afterLogin(res.result, search.get('redirect')))
      .catch((err: unknown) => setError(errorText(err)));
  }, [search, afterLogin]);

  return (
    <SignInReturn
      error={error}
      failedTitle={ACCOUNT_T.oauth2Failed}
      signingTip={ACCOUNT_T.oauth2Signing}
      testId="oauth2-error"
      back={{ text: ACCOUNT_T.backLogin, href: LOGIN_PATH }}
      dialog={dialog}
    />
  );
}
