import { isHttpError } from '../../api/http-client';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginResult } from '../../api/types';
import { T } from '../../locale/zh-CN';
import { safeRedirect } from '../../router/constants';
import { loadPermissions } from '../../stores/permission';
import { LoginRejectedError, logout } from '../../stores/session';
import { timeFix } from '../../utils/greeting';
import { notify } from '../../utils/notify';

const LoginSelect = lazy(() => import('./LoginSelect'));

/** The message to show for a failed sign-in: the server's message when it answered. */
export function errorText(err: unknown): string {
  if (err instanceof LoginRejectedError) return err.response.message || err.message;
  if (isHttpError<{ message?: string }>(err)) return err.response?.data?.message || err.message;
  return err instanceof Error ? err.message : String(err);
}

/** True when the login answer asks the user to pick a department (multi_depart 2) or a tenant (several). */
export function needsChoice(result: LoginResult): boolean {
  const multiDepart = Number(result.multi_depart) === 2 && (result.departs?.length ?? 0) > 1;
  return multiDepart || (result.tenantList?.length ?? 0) > 1;
}

/**
 * What every sign-in path does after an accepted login (spec 2.3, 7.1): the department/tenant
 * choice when several exist (部门选择, selection required), then the permissions, the welcome
 * notification and the redirect target (or /dashboard/analysis). `onFail(text)` gets the
 * message when the permissions cannot load (the session is logged out then).
 * Returns {afterLogin(result, redirect), dialog} — render `dialog`.
 */
export function usePostLogin(onFail: (text: string) => void): {
  afterLogin: (result: LoginResult, redirect: string | null) => void;
  dialog: ReactNode;
} {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<{ result: LoginResult; redirect: string | null } | null>(null);

  const finish = useCallback(
    async (redirect: string | null) => {
      try {
        await loadPermissions();
        notify('success', { message: T.welcome, description: `${timeFix()}，${T.welcomeBack}` });
        navigate(safeRedirect(redirect), { replace: true });
      } catch (err) {
        onFail(errorText(err));
        await logout();
      }
    },
    [navigate, onFail],
  );

  const afterLogin = useCallback(
    (result: LoginResult, redirect: string | null) => {
      if (needsChoice(result)) setChoice({ result, redirect });
      else void finish(redirect);
    },
    [finish],
  );

  const dialog = choice ? (
    <Suspense fallback={null}>
      <LoginSelect
        result={choice.result}
        onDone={() => {
          const { redirect } = choice;
          setChoice(null);
          void finish(redirect);
        }}
      />
    </Suspense>
  ) : null;
  return { afterLogin, dialog };
}
