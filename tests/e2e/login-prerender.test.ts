import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD, startE2eApp, type E2eApp } from './app.js';

/**
 * The prerendered login page (scripts/build/login-page.ts, src/app/prerender.ts): the server
 * sends /user/login with the form's markup, so the fields are usable before any script ran; a
 * submit made before hydration is held back (no password in the URL) and carried out once the
 * client hydrated; hydration keeps what was typed and logs nothing; other routes get the empty
 * shell; a signed-in user opening the login page is sent home; the form is painted, styled, from
 * the page alone, before the full stylesheet or the app's entry are asked for.
 */

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});

afterAll(async () => {
  await app?.close();
});

describe('prerendered login page', () => {
  it('sends the login form as markup, and only for /user/login', async () => {
    const login = await (await fetch(`${app.server.url}/user/login?redirect=%2Fdashboard%2Fanalysis`)).text();
    expect(login).toContain('data-prerendered="/user/login"');
    expect(login).toMatch(/<input[^>]*id="password"/);
    const other = await (await fetch(`${app.server.url}/dashboard/analysis`)).text();
    expect(other).toContain('<div id="root"></div>');
    expect(other).not.toContain('id="password"');
  });

  it('takes input and a submit before the scripts ran, then hydrates and signs in', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (m) => ['error', 'warning'].includes(m.type()) && logged.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => logged.push(`pageerror: ${e.message}`));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.server.url}/user/login`, { waitUntil: 'commit' });
    await page.locator('#password').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.getElementById('root')?.dataset.prerendered)).toBe('/user/login');
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill(E2E_PASSWORD);
    await page.locator('#password').press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${app.server.url}/user/login`);
    release();
    await page.waitForURL(/\/dashboard\/analysis/, { timeout: 60_000 });
    expect(logged).toEqual([]);

    // signed in now: the login page is not hydrated but sends home
    await page.goto(`${app.server.url}/user/login`);
    await page.waitForURL(/\/dashboard\/analysis/, { timeout: 60_000 });
    expect(logged).toEqual([]);
    await context.close();
  });

  it('paints the styled form from the page alone, with the stylesheet and the entry held back', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    // the full login stylesheet and the entry are held until the form was looked at
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(login-[^/]*\.css|index-[^/]*\.js)$/, async (route) => {
      await held;
      await route.continue();
    });
    // the first frame, then the first task after it: when the main thread could take a key press
    await page.addInitScript(() => {
      const w = window as unknown as { __usable: number };
      requestAnimationFrame(() => setTimeout(() => (w.__usable = performance.now()), 0));
    });
    const cssAsked = page.waitForRequest(/\/assets\/login-[^/]*\.css$/);
    const entryAsked = page.waitForRequest(/\/assets\/index-[^/]*\.js$/);
    await page.goto(`${app.server.url}/user/login`, { waitUntil: 'commit' });
    await Promise.all([cssAsked, entryAsked]);
    // painted while both are still held: the first frame needs neither
    await page.waitForFunction(() => (window as unknown as { __usable?: number }).__usable !== undefined);
    /** What the inline styles must already give the form: antd's large input and primary button. */
    const looks = () =>
      page.evaluate(() => {
        const input = document.getElementById('password')!.closest('.ant-input-affix-wrapper')!;
        const button = document.querySelector('button[type=submit]')!;
        return {
          inputHeight: input.getBoundingClientRect().height,
          inputBorder: getComputedStyle(input).borderTopColor,
          buttonColor: getComputedStyle(button).backgroundColor,
          buttonWidth: button.getBoundingClientRect().width,
        };
      });
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill(E2E_PASSWORD);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const before = await looks();
    release();
    // hydrated (the guard is gone), with the whole stylesheet in: the form looks the same
    await page.waitForFunction(() => !(window as unknown as { __oboSubmitGuard?: unknown }).__oboSubmitGuard);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await looks()).toEqual(before);
    // antd's large input (40 px) and the default primary colour #1890FF on the button
    expect(before.inputHeight).toBe(40);
    expect(before.buttonColor).toBe('rgb(24, 144, 255)');
    expect(await page.locator('#password').inputValue()).toBe(E2E_PASSWORD);
    await page.locator('#password').press('Enter');
    await page.waitForURL(/\/dashboard\/analysis/, { timeout: 60_000 });
    await context.close();
  });
});
