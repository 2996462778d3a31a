import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import PageLoading from '../layouts/PageLoading';
import Login from '../pages/user/Login';
import { GuestOnly, RequireAuth } from './AuthGuard';
import { HOME_PATH, LOGIN_PATH, OAUTH2_APP_PATH } from './constants';

// Everything except the login page loads lazily (login bundle budget).
const BasicLayout = lazy(() => import('../layouts/BasicLayout'));
const ExceptionPage = lazy(() => import('../pages/exception/ExceptionPage'));
const Register = lazy(() => import('../pages/user/Register'));
const RegisterResult = lazy(() => import('../pages/user/RegisterResult'));
const Alteration = lazy(() => import('../pages/user/Alteration'));
const OAuth2Login = lazy(() => import('../pages/user/OAuth2Login'));

/** The public account pages of spec 2.1 beside the login page. */
const USER_PAGES = [
  ['/user/register', Register],
  ['/user/register-result', RegisterResult],
  ['/user/alteration', Alteration],
] as const;

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading fullScreen />}>{children}</Suspense>;
}

/**
 * The static routes of spec 2.1: / → home, /user → /user/login, the public /user/* pages and
 * the OAuth2 app login /oauth2-app/login,
 * /404, and everything else through the guard into the main layout, which serves the dynamic
 * menu routes (spec 2.2) and sends unknown paths to /404. No props; returns <Routes>.
 */
export default function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
      <Route path="/user" element={<Navigate to={LOGIN_PATH} replace />} />
      <Route
        path={LOGIN_PATH}
        element={
          <GuestOnly>
            <Login />
          </GuestOnly>
        }
      />
      {USER_PAGES.map(([path, Page]) => (
        <Route
          key={path}
          path={path}
          element={
            <Lazy>
              <Page />
            </Lazy>
          }
        />
      ))}
      <Route
        path={OAUTH2_APP_PATH}
        element={
          <Lazy>
            <OAuth2Login />
          </Lazy>
        }
      />
      <Route
        path="/404"
        element={
          <RequireAuth>
            <Lazy>
              <ExceptionPage type="404" fullScreen />
            </Lazy>
          </RequireAuth>
        }
      />
      <Route
        path="*"
        element={
          <RequireAuth>
            <Lazy>
              <BasicLayout />
            </Lazy>
          </RequireAuth>
        }
      />
    </Routes>
  );
}
