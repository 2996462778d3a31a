import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import PageErrorBoundary from '../layouts/PageErrorBoundary';
import PageLoading from '../layouts/PageLoading';
import UserLayout from '../layouts/UserLayout';
import Login from '../pages/user/Login';
import { GuestOnly, RequireAuth } from './AuthGuard';
import { CAS_APP_PATH, HOME_PATH, LOGIN_PATH, OAUTH2_APP_PATH } from './constants';
import { lazyPage as lazy } from './lazyPage';

// Everything except the login page loads lazily (login bundle budget), each chunk within 120 s.
const BasicLayout = lazy(() => import('../layouts/BasicLayout'));
const ExceptionPage = lazy(() => import('../pages/exception/ExceptionPage'));
const Register = lazy(() => import('../pages/user/Register'));
const RegisterResult = lazy(() => import('../pages/user/RegisterResult'));
const Alteration = lazy(() => import('../pages/user/Alteration'));
const OAuth2Login = lazy(() => import('../pages/user/OAuth2Login'));
const CasLogin = lazy(() => import('../pages/user/CasLogin'));

/** The public account pages of spec 2.1 beside the login page. */
const USER_PAGES = [
  ['/user/register', Register],
  ['/user/register-result', RegisterResult],
  ['/user/alteration', Alteration],
] as const;
const TestHome = lazy(() => import('../pages/test/TestHome'));

/** A lazily loaded element: spinner meanwhile, the chunk-failure result if it fails (spec 8). */
function Lazy({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading fullScreen />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}

/**
 * The static routes of spec 2.1: / → home, /user → /user/login, the public /user/* pages and
 * the OAuth2 app login /oauth2-app/login (in
 * the login layout), /test/home, /404, and everything else through the guard into the main layout, which serves the dynamic
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
            <UserLayout>
              <Login />
            </UserLayout>
          </GuestOnly>
        }
      />
      {USER_PAGES.map(([path, Page]) => (
        <Route
          key={path}
          path={path}
          element={
            <UserLayout>
              <Lazy>
                <Page />
              </Lazy>
            </UserLayout>
          }
        />
      ))}
      <Route
        path="/test/home"
        element={
          <RequireAuth>
            <Lazy>
              <TestHome />
            </Lazy>
          </RequireAuth>
        }
      />
      <Route
        path={OAUTH2_APP_PATH}
        element={
          <UserLayout>
            <Lazy>
              <OAuth2Login />
            </Lazy>
          </UserLayout>
        }
      />
      <Route
        path={CAS_APP_PATH}
        element={
          <UserLayout>
            <Lazy>
              <CasLogin />
            </Lazy>
          </UserLayout>
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
