import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_T } from '../../locale/zh-CN';
import { casLoginUrl, casServiceUrl, loadCasConfig } from '../../api/sso';
import { casLogin } from '../../stores/session';
import { errorText, usePostLogin } from './usePostLogin';
import SignInReturn from './SignInReturn';

/**
 * The single sign-on return page /user/cas (spec 2.1, 2.3): the CAS server sends the browser here
 * with `ticket` (and the `redirect` the visitor started from). The page drops the ticket from the
 * address bar, asks the server to validate it (GET /sys/cas/client/validateLogin with the same
 * service URL the CAS login was given), then continues like the login page (department/tenant
 * choice, permissions, `redirect`). Errors show with a button that starts the CAS login again.
 * No props.
 */
export default function CasLogin() {
  const [search] = useSearchParams();
  const [error, setError] = useState('');
  const [retryUrl, setRetryUrl] = useState('');
  const started = useRef(false);
  const { afterLogin, dialog } = usePostLogin(setError);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ticket = search.get('ticket');
    const redirect = search.get('redirect');
    // the ticket is single use: drop it from the address bar and history at once
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + (redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''),
    );
    void loadCasConfig().then((config) => {
      if (config.enabled) setRetryUrl(casLoginUrl(config, window.location.origin, redirect));
      if (!ticket) {
        setError(ACCOUNT_T.casMissingTicket);
        return;
      }
      casLogin(ticket, casServiceUrl(config, window.location.origin, redirect))
        .then((res) => afterLogin(res.result, redirect))
        .catch((err: unknown) => setError(errorText(err)));
    });
  }, [search, afterLogin]);

  return (
    <SignInReturn
      error={error}
      failedTitle={ACCOUNT_T.casFailed}
      signingTip={ACCOUNT_T.casSigning}
      testId="cas-error"
      back={{ text: ACCOUNT_T.casRetry, href: retryUrl }}
      dialog={dialog}
    />
  );
}
