import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import PageLoading from '../layouts/PageLoading';
import Login from '../pages/user/Login';
import { GuestOnly, RequireAuth } from './AuthGuard';
import { HOME_PATH, LOGIN_PATH } from './constants';

// Everything except the login page loads lazily (login bundle budget).
const BasicLayout = lazy(() => import('../layouts/BasicLayout'));
const ExceptionPage = lazy(() => import('../pages/exception/ExceptionPage'));
const UserNotOpen = lazy(() => import('../pages/user/UserNotOpen'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading fullScreen />}>{children}</Suspense>;
}

/**
 * The static routes of spec 2.1: / → home, /user → /user/login, the public /user/* pages,
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
      {['/user/register', '/user/register-result', '/user/alteration'].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <Lazy>
              <UserNotOpen />
            </Lazy>
          }
        />
      ))}
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
