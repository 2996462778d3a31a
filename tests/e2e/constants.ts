/** The password of admin and every demo user in the browser tests' shared app. */
export const E2E_PASSWORD = 'E2e-pass-2026';
