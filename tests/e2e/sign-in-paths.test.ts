import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServerProcess, type RunningServer } from '../../scripts/bench/server-process.js';
import { projectRoot } from '../../src/server/config.js';
import { launchTestBrowser } from './browser.js';
import { chooseUserMenu, E2E_PASSWORD, signIn } from './app.js';
import { startTestProvider, type TestProvider } from '../server/oidc-provider.js';

/**
 * Every sign-in path in Chromium: phone login with the code read from the
 * server log (the default SMS sender), registration → result page, the forgotten-password steps,
 * third-party login against a real OpenID provider on loopback, change password then sign in
 * with it, the department choice after login and the header's department/OS switches.
 */

let server: RunningServer;
let provider: TestProvider;
let browser: Browser;
let dataDir: string;
/** Everything the server process wrote (pino JSON lines). */
let serverLog = '';

beforeAll(async () => {
  if (!fs.existsSync(path.join(projectRoot, 'dist/client/index.html'))) throw new Error('dist/client is missing: run npm run build first');
  const port = 19000 + Math.floor(Math.random() * 900);
  provider = await startTestProvider(`http://127.0.0.1:${port}/jeecg-boot/sys/thirdLogin/oauth2/oidc/callback`);
  provider.accounts.set('idp-e2e-1', { preferred_username: 'wangfang', name: '王芳' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-e2e-signin-'));
  server = await startServerProcess({
    port,
    dataDir,
    env: {
      ADMIN_PASSWORD: E2E_PASSWORD,
      CAPTCHA: 'off',
      OAUTH2_ISSUER: provider.issuer,
      OAUTH2_CLIENT_ID: provider.clientId,
      OAUTH2_CLIENT_SECRET: provider.clientSecret,
      OAUTH2_NAME: '统一身份认证',
    },
  });
  server.child.stdout?.on('data', (d) => (serverLog += d));
  server.child.stderr?.on('data', (d) => (serverLog += d));
  browser = await launchTestBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The newest SMS code the log sender wrote for `mobile` after log offset `from`. */
async function codeFromLog(mobile: string, from: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const lines = serverLog
      .slice(from)
      .split('\n')
      .filter((l) => l.includes('"sms"'));
    for (const line of lines.reverse()) {
      try {
        const entry = JSON.parse(line) as { sms?: { mobile: string; code: string } };
        if (entry.sms?.mobile === mobile) return entry.sms.code;
      } catch {
        /* not a JSON line */
      }
    }
    if (Date.now() > deadline) throw new Error(`no SMS code for ${mobile} in the server log`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Calls the API as `username` (sign-in by API), e.g. to give a test user a known phone. */
async function api(username: string, method: string, url: string, body?: unknown) {
  const base = `${server.url}/jeecg-boot`;
  const signed = await (
    await fetch(`${base}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: E2E_PASSWORD }),
    })
  ).json();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': signed.result.token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

async function newPage(): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  return { ctx, page: await ctx.newPage() };
}

/** Drags the slider handle by `dx` px and releases it. */
async function drag(page: Page, dx: number) {
  const handle = page.locator('#login-panel [role=slider]');
  const box = (await handle.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dx, y, { steps: 12 });
  await page.mouse.up();
}

describe('sign-in paths', () => {
  it('phone login: slider first (snaps back unless dragged to the end), code from the server log, countdown, dashboard', async () => {
    const mobile = '13900001111';
    expect((await api('wangfang', 'PUT', '/sys/user/appEdit', { phone: mobile })).success).toBe(true);
    const { ctx, page } = await newPage();
    await page.goto(`${server.url}/user/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.locator('#mobile').fill(mobile);
    await page.locator('#get-sms-code').click();
    await page.locator('.ant-alert').getByText('请先完成滑块验证').waitFor();

    await drag(page, 100);
    const slider = page.locator('#login-panel [role=slider]');
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('0');
    expect(await slider.getAttribute('aria-label')).toBe('拖动滑块验证');
    await page.waitForTimeout(500); // the snap-back animation (0.3 s) moves the handle
    await drag(page, 400);
    await page.locator('#login-panel').getByText('验证通过').waitFor();

    const from = serverLog.length;
    await page.locator('#get-sms-code').click();
    const code = await codeFromLog(mobile, from);
    expect(code).toMatch(/^\d{6}$/);
    await expect.poll(() => page.locator('#get-sms-code').textContent()).toMatch(/^\d+ s$/);
    expect(await page.locator('#get-sms-code').isDisabled()).toBe(true);

    await page.locator('#sms-code').fill(code === '000000' ? '000001' : '000000');
    await page.locator('#login-panel button[type=submit]').click();
    await page.locator('.ant-alert').getByText('手机验证码错误').waitFor();
    await page.locator('#sms-code').fill(code);
    await page.locator('#login-panel button[type=submit]').click();
    await page.waitForURL(/\/dashboard\/analysis/);
    await page.locator('.header-user').getByText('王芳').waitFor();
    await ctx.close();
  });

  it('registration: rules of spec 5.1, SMS code from the log, then the result page', async () => {
    const { ctx, page } = await newPage();
    await page.goto(`${server.url}/user/login`);
    await page.getByRole('link', { name: '注册账户' }).click();
    await page.waitForURL(/\/user\/register$/);
    await page.locator('#reg-username').fill('e2e_newbie');
    await page.locator('#reg-password').fill('Abcd2026x');
    await page.locator('#reg-password2').fill('Abcd2026x5');
    await page.locator('#reg-mobile').fill('13622223333');
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await page.getByText('两次输入的密码不一样！').waitFor();
    await page.getByText('请输入验证码').waitFor();
    await page.locator('#reg-password2').fill('Abcd2026x');

    const from = serverLog.length;
    await page.locator('#reg-get-code').click();
    await page.locator('#reg-code').fill(await codeFromLog('13622223333', from));
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await page.waitForURL(/\/user\/register-result/);
    await page.getByTestId('register-result').getByText('你的账户：e2e_newbie 注册成功').waitFor();
    await page.getByRole('button', { name: /去登录/ }).click();
    await page.waitForURL(/\/user\/login/);
    await ctx.close();
  });

  it('alteration: verify the phone, set a new password, done; then sign in with it', async () => {
    const mobile = '13900002222';
    expect((await api('lina', 'PUT', '/sys/user/appEdit', { phone: mobile })).success).toBe(true);
    const { ctx, page } = await newPage();
    await page.goto(`${server.url}/user/login`);
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL(/\/user\/alteration/);
    await page.locator('#alt-mobile').fill(mobile);
    const from = serverLog.length;
    await page.locator('#alt-get-code').click();
    await page.locator('#alt-code').fill(await codeFromLog(mobile, from));
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByTestId('alt-username').getByText('lina').waitFor();
    await page.locator('#alt-password').fill('short');
    await page.locator('#alt-password2').fill('short');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('密码应由8位或以上的字母和数字组成!').first().waitFor();
    await page.locator('#alt-password').fill('Lina2026new');
    await page.locator('#alt-password2').fill('Lina2026new');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByTestId('alteration-done').waitFor();
    await page.getByRole('button', { name: '返回登录' }).click();
    await signIn(page, server.url, 'lina', 'Lina2026new');
    await ctx.close();
  });

  it('third-party login: the button leads through the OpenID provider back into the app', async () => {
    const { ctx, page } = await newPage();
    await page.goto(`${server.url}/user/login?redirect=${encodeURIComponent('/dashboard/analysis')}`);
    await page.getByTestId('third-login-oidc').click();
    await page.waitForURL((u) => u.origin === provider.issuer);
    await page.locator('input[name=login]').fill('idp-e2e-1');
    await page.locator('input[name=password]').fill('whatever');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/dashboard\/analysis/);
    await page.locator('.header-user').getByText('王芳').waitFor();
    // the one-time ticket is gone from the history entry and cannot be used again
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k === 'pro__Access-Token'))).toBe(true);

    await page.goto(`${server.url}/oauth2-app/login?thirdType=oidc&oauth2Error=unbound`);
    await page.getByTestId('oauth2-error').getByText('该第三方账号未关联本系统用户，请联系管理员').waitFor();
    await ctx.close();
  });

  it('change password from the header, then sign in with the new one', async () => {
    const { ctx, page } = await newPage();
    await signIn(page, server.url, 'zhoujie');
    await chooseUserMenu(page, 'account-menu-password');
    const modal = page.locator('.change-password-modal .ant-modal');
    await modal.waitFor();
    // (after the opening zoom animation)
    await expect.poll(async () => Math.round((await modal.boundingBox())!.width)).toBe(800);
    await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
    await modal.getByText('请输入旧密码!').waitFor();
    await modal.getByText('密码应由8位或以上的字母和数字组成!').waitFor();
    await modal.getByText('请重新输入登录密码!').waitFor();
    await page.locator('#cp-old').fill(E2E_PASSWORD);
    await page.locator('#cp-new').fill('Zhou2026pass');
    await page.locator('#cp-confirm').fill('Zhou2026pasz');
    await modal.getByText('两次输入的密码不一样！').waitFor();
    await page.locator('#cp-confirm').fill('Zhou2026pass');
    await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
    await modal.waitFor({ state: 'detached' });

    await chooseUserMenu(page, 'logout');
    const reloaded = page.waitForEvent('load');
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await reloaded;
    await page.locator('#username').fill('zhoujie');
    await page.locator('#password').fill(E2E_PASSWORD);
    await page.locator('button[type=submit]').first().click();
    await page.locator('.ant-alert').getByText('用户名或密码错误').waitFor();
    await signIn(page, server.url, 'zhoujie', 'Zhou2026pass');
    await ctx.close();
  });

  it('account center and account settings (basic information saved, name shown in the header)', async () => {
    const { ctx, page } = await newPage();
    await signIn(page, server.url, 'songjia');
    await chooseUserMenu(page, 'account-menu-center');
    await page.waitForURL(/\/account\/center/);
    await page.getByTestId('account-center-name').getByText('宋佳').waitFor();
    await chooseUserMenu(page, 'account-menu-settings');
    await page.waitForURL(/\/account\/settings/);
    await page.locator('#settings-email').fill('not-an-email');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('邮箱格式不正确').waitFor();
    await page.locator('#settings-email').fill('songjia@example.com');
    await page.locator('#settings-realname').fill('宋佳佳');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('修改成功！').waitFor();
    await page.locator('.header-user').getByText('宋佳佳').waitFor();
    await page.getByRole('menuitem', { name: '安全设置' }).click();
    await page.getByTestId('settings-change-password').click();
    await page.locator('.change-password-modal .ant-modal').waitFor();
    await ctx.close();
  });

  it('department choice after login is required; the header switches department and organisation unit', async () => {
    const { ctx, page } = await newPage();
    await page.goto(`${server.url}/user/login`);
    await page.locator('#username').fill('liuyang');
    await page.locator('#password').fill(E2E_PASSWORD);
    await page.locator('button[type=submit]').first().click();
    const dialog = page.locator('.login-select-modal .ant-modal');
    await dialog.getByText('部门选择').waitFor();
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await dialog.getByText('请选择登录部门', { exact: true }).last().waitFor();
    expect(page.url()).toContain('/user/login');
    await dialog.locator('.ant-select-selector').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    const second = (await options.nth(1).textContent())!;
    // on a loaded machine a click can land while the list still slides in: pick until it shows
    await expect
      .poll(
        async () => {
          const picked = (await dialog.locator('.ant-select-selection-item').allTextContents())[0] ?? '';
          if (picked === second) return picked;
          if (!(await options.count())) await dialog.locator('.ant-select-selector').click();
          await options
            .nth(1)
            .click({ timeout: 3_000 })
            .catch(() => undefined);
          return picked;
        },
        { timeout: 20_000 },
      )
      .toBe(second);
    // an open list would cover the buttons: close it by clicking the dialog's title
    if (await options.count()) await dialog.getByText('部门选择').first().click();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.waitForURL(/\/dashboard\/analysis/);
    const stored = async () =>
      (await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Login_Userinfo') ?? 'null'))) as {
        value: { orgCode: string };
        expire: number;
      };
    const chosen = (await stored()).value.orgCode;
    const departs = (await api('liuyang', 'GET', '/sys/user/getCurrentUserDeparts')).result.list as {
      orgCode: string;
      departName: string;
    }[];
    expect(departs.find((d) => d.orgCode === chosen)?.departName).toBe(second);

    await chooseUserMenu(page, 'account-menu-depart');
    const sw = page.locator('.depart-switch-modal .ant-modal');
    await sw.getByText(`部门切换(当前部门 : ${second})`).waitFor();
    await sw.locator('.ant-select-selector').click();
    const other = departs.find((d) => d.orgCode !== chosen)!;
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: other.departName }).click();
    await expect.poll(() => sw.locator('.ant-select-selection-item').allTextContents()).toEqual([other.departName]);
    // a list left open would cover the buttons: close it by clicking the dialog's title
    if (await page.locator('.ant-select-dropdown:visible').count())
      await sw
        .getByText(/部门切换/)
        .first()
        .click();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    const reloaded = page.waitForEvent('load');
    await sw.getByRole('button', { name: /确\s*定|OK/ }).click();
    await reloaded;
    await expect.poll(async () => (await stored()).value.orgCode).toBe(other.orgCode);
    const entry = await stored();
    expect(entry.expire - Date.now()).toBeGreaterThan(604_800_000 - 120_000);

    await chooseUserMenu(page, 'account-menu-os');
    const osDialog = page.locator('.os-switch-modal .ant-modal');
    await osDialog.getByText('选择组织单元').waitFor();
    await osDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await osDialog.getByText('请选择组织单元').waitFor();
    const osOption = osDialog.locator('.ant-radio-wrapper').first();
    const osName = (await osOption.textContent())!.trim();
    await osOption.click();
    const reloadedOs = page.waitForEvent('load');
    await osDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await reloadedOs;
    const oss = (await api('liuyang', 'GET', '/sys/user/getCurrentUserOss')).result.list as { osCode: string; osName: string }[];
    const picked = oss.find((o) => o.osName === osName)!;
    await expect.poll(async () => ((await stored()).value as unknown as { osCode: string }).osCode).toBe(picked.osCode);
    await ctx.close();
  });

  it('a user without a department or an organisation unit is told so by the header switches', async () => {
    const roles = (await api('admin', 'GET', '/sys/role/queryall')).result as { id: string; roleCode: string }[];
    const added = await api('admin', 'POST', '/sys/user/add', {
      username: 'nodepart',
      realname: '无部门用户',
      password: 'Nodepart2026',
      confirmpassword: 'Nodepart2026',
      selectedroles: roles.find((r) => r.roleCode === 'oa_staff')!.id,
    });
    expect(added).toMatchObject({ success: true });
    const { ctx, page } = await newPage();
    await page.goto(`${server.url}/user/login`);
    await page.locator('#username').fill('nodepart');
    await page.locator('#password').fill('Nodepart2026');
    await page.locator('button[type=submit]').first().click();
    await page.waitForURL(/\/dashboard\/analysis/);
    await chooseUserMenu(page, 'account-menu-depart');
    await page.locator('.ant-message').getByText('您尚未设置部门信息!').waitFor();
    expect(await page.locator('.depart-switch-modal .ant-modal:visible').count()).toBe(0);
    await chooseUserMenu(page, 'account-menu-os');
    await page.locator('.ant-message').getByText('您尚未设置组织单元信息!').waitFor();
    expect(await page.locator('.os-switch-modal .ant-modal:visible').count()).toBe(0);
    await ctx.close();
  });
});
