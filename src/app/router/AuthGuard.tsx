import { isHttpError } from '../api/http-client';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import PageLoading from '../layouts/PageLoading';
import { T } from '../locale/zh-CN';
import { loadPermissions, permission } from '../stores/permission';
import { logout, session } from '../stores/session';
import { HOME_PATH, loginUrl } from './constants';
import { casLoginUrl, isLeavingForCasLogout, loadCasConfig, type CasConfig } from '../api/sso';
import { notify } from '../utils/notify';

/**
 * Route guard for private pages (spec 2.3). Props: children — the protected element.
 * Without a token → /user/login?redirect=<full path>, or — single sign-on on — the CAS login
 * with the service URL /user/cas?redirect=<full path> (the alternate login path of spec 2.3). With a token but no permission list → loads
 * it (spinner meanwhile); if that fails → logout, then login with the redirect (the token is
 * gone, so the same render sends the visitor there). Returns children once permissions are in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSnapshot(session);
  const { loaded } = useSnapshot(permission);
  const location = useLocation();
  const fullPath = location.pathname + location.search + location.hash;
  const [sso, setSso] = useState<CasConfig | null>(null);

  useEffect(() => {
    if (token) return;
    let live = true;
    void loadCasConfig().then((config) => {
      if (!live) return;
      // a logout on its way to the CAS logout must not be overtaken by a new CAS login
      if (config.enabled && !isLeavingForCasLogout()) window.location.assign(casLoginUrl(config, window.location.origin, fullPath));
      setSso(config);
    });
    return () => {
      live = false;
    };
  }, [token, fullPath]);

  useEffect(() => {
    if (!token || loaded) return;
    loadPermissions().catch(async (err: unknown) => {
      // HTTP errors were already shown by the request layer (spec 8)
      if (!isHttpError(err) && err instanceof Error) notify('error', { message: T.sysTip, description: err.message });
      await logout();
    });
  }, [token, loaded]);

  if (!token) return !sso || sso.enabled ? <PageLoading fullScreen /> : <Navigate to={loginUrl(fullPath)} replace />;
  if (!loaded) return <PageLoading fullScreen />;
  return <>{children}</>;
}

/**
 * Guard of the login page (spec 2.3): a visitor who is already signed in when opening it is
 * sent to the home path. The check is made once on entering, so a login completing on the page
 * itself is not cut short. Props: children — the login page. Returns it or a redirect.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const [signedInOnEntry] = useState(() => !!session.token);
  if (signedInOnEntry) return <Navigate to={HOME_PATH} replace />;
  return <>{children}</>;
}
