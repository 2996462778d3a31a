import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';

/** Props of SignInReturn. */
export interface SignInReturnProps {
  /** the failure text; empty while signing in */
  error: string;
  /** title of the failure result */
  failedTitle: string;
  /** tip under the spinner while signing in */
  signingTip: string;
  /** data-testid of the failure text */
  testId: string;
  /** the failure's way back: button text and address (no button without an address) */
  back: { text: string; href: string };
  /** the post-login dialog (department/tenant choice) */
  dialog: ReactNode;
}

/**
 * The page shown where an outside sign-in returns to the app (OAuth2 /oauth2-app/login, CAS
 * /user/cas; spec 2.1, 2.3): a spinner while the returned ticket is exchanged, else the failure
 * with a button back. Returns the page.
 */
export default function SignInReturn({ error, failedTitle, signingTip, testId, back, dialog }: SignInReturnProps) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5' }}>
      {error ? (
        <Result
          status="error"
          title={failedTitle}
          subTitle={<span data-testid={testId}>{error}</span>}
          extra={
            back.href ? (
              <Button type="primary" href={back.href}>
                {back.text}
              </Button>
            ) : null
          }
        />
      ) : (
        <Spin size="large" tip={signingTip}>
          <div style={{ width: 200, height: 100 }} />
        </Spin>
      )}
      {dialog}
    </div>
  );
}
