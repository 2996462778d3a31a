import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, startE2eApp, type E2eApp } from './app.js';

// The built client satisfies the server's Content-Security-Policy (src/server/http/security-headers.ts):
// the login page and a list page load with no violation reported by Chromium.

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => app?.close());

/** Records every CSP violation the page reports (the DOM event and Chromium's console line). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && seen.push(m.text()));
  await page.exposeFunction('__cspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return seen;
}

describe('Content-Security-Policy', () => {
  it('the login page and a list page load with no violation', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const violations = await watchViolations(page);
    const login = await page.goto(`${app.server.url}/user/login`);
    expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
    // the prerendered page carries its inline submit guard (allowed by its hash: no violation below)
    expect(await login?.text()).toContain('__oboSubmitGuard');
    await signIn(page, app.server.url);
    await page.goto(`${app.server.url}/online/cgformList/fin_bank_account`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 60_000 });
    // a form (Formily, no string expressions to eval) and the BPMN designer (bpmn-js) as well
    await page
      .locator('.tab-view:visible')
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    await page.locator('.ant-modal:visible .ant-formily-item').first().waitFor();
    await page.goto(`${app.server.url}/workflow/model`);
    await page.locator('.ant-table-tbody').first().waitFor({ timeout: 60_000 });
    expect(violations).toEqual([]);
    await page.close();
  });
});
