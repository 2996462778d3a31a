import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formItem, pickSelect, signedInPage, startE2eApp, type E2eApp } from './app.js';

// The fixture screen tests/e2e/schemas/demo_form_runtime.json
// (报销示例): three fields per row, defaults, spec 5.1/5.4 messages exactly, the server's
// duplicate and check-rule messages, and linkage (银行账户 only for 银行转账).
let app: E2eApp;
let page: Page;
let token: string;
let problems: string[] = [];

beforeAll(async () => {
  app = await startE2eApp();
  ({ page, token, problems } = await signedInPage(app));
});
afterAll(async () => {
  await app?.close();
});

const api = async (url: string) => {
  const res = await fetch(`${app.server.url}/jeecg-boot${url}`, { headers: { 'x-access-token': token } });
  return res.json();
};
const formModal = () => page.locator('.ant-modal:visible').filter({ has: page.locator('.ant-formily-item') });
const input = (label: string) => formItem(page, label).locator('input').first();
const errorOf = (label: string) => formItem(page, label).locator('.ant-formily-item-error-help');

async function openAddForm(): Promise<void> {
  await page.goto(`${app.server.url}/online/cgformList/demo_form_runtime`);
  await page.locator('.screen-list').waitFor();
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await formItem(page, '报销事由').waitFor();
}

async function submit(): Promise<void> {
  await formModal()
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

describe('form runtime in Chromium', () => {
  it('lays out three fields per row and fills the user and date defaults', async () => {
    await openAddForm();
    // measured once the modal's opening zoom has ended (boxes are scaled while it runs)
    await page.waitForFunction(() => !document.querySelector('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter'));
    const tops = await Promise.all(['报销事由', '单据编码', '付款方式', '联系电话'].map((l) => formItem(page, l).boundingBox()));
    expect(tops[0]!.y).toBe(tops[1]!.y);
    expect(tops[1]!.y).toBe(tops[2]!.y);
    expect(tops[3]!.y).toBeGreaterThan(tops[0]!.y);
    expect(await input('申请人').inputValue()).toBe('admin');
    expect(await input('申请人').isDisabled()).toBe(true);
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(await input('申请日期').inputValue()).toBe(today);
  });

  it('shows 银行账户 only for 银行转账, required there; sets 付款说明 for 现金', async () => {
    expect(await formItem(page, '银行账户').count()).toBe(0);
    await pickSelect(page, '付款方式', '银行转账');
    await formItem(page, '银行账户').waitFor();
    await submit();
    await expect.poll(() => errorOf('银行账户').textContent()).toBe('请输入银行账户!');
    await input('银行账户').fill('0123');
    await expect.poll(() => errorOf('银行账户').textContent()).toBe('请输入正确的银行卡号码');
    await pickSelect(page, '付款方式', '现金');
    await formItem(page, '银行账户').waitFor({ state: 'detached' });
    expect(await input('付款说明').inputValue()).toBe('现金支付');
  });

  it('shows the exact messages of spec 5.1 and 5.4', async () => {
    await submit();
    await expect.poll(() => errorOf('报销事由').textContent()).toBe('请输入报销事由!');
    expect(await errorOf('联系电话').textContent()).toBe('请输入手机号');
    const cases: [string, string, string][] = [
      ['报销事由', '差', '最小长度2位字符'],
      ['报销事由', '差'.repeat(21), '最大长度20位字符'],
      ['联系电话', '16612345678', '请输入正确手机号'],
      ['邮箱', 'a@b', '邮箱格式不正确'],
      ['邮编', '1234', '请输入正确的邮政编码'],
      ['金额', '1.234', '请输入正确的金额'],
    ];
    for (const [label, value, message] of cases) {
      await input(label).fill(value);
      await expect.poll(() => errorOf(label).textContent(), { message: label }).toBe(message);
    }
  });

  it('shows the check rule message of the server on blur', async () => {
    await input('单据编码').fill('9ab');
    await input('单据编码').blur();
    await expect.poll(() => errorOf('单据编码').textContent()).toBe('第一位只能是字母');
  });

  it('saves a valid record (hidden bank account left out) and refuses a taken unique value with the server message', async () => {
    await input('报销事由').fill('差旅报销');
    await input('联系电话').fill('13812345678');
    await input('邮箱').fill('a@b.cn');
    await input('邮编').fill('100000');
    await input('金额').fill('12.50');
    await input('单据编码').fill('BX001');
    await input('单据编码').blur();
    await submit();
    await page.locator('.ant-message').getByText('添加成功！').last().waitFor();
    const rows = (await api('/online/cgform/api/getData/demo_form_runtime?title=差旅报销')).result.records;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bill_code: 'BX001', pay_method: '2', pay_note: '现金支付', applicant: 'admin', amount: '12.50' });
    expect(rows[0].bank_account ?? null).toBeNull();

    await page.getByRole('button', { name: /新\s*增/ }).click();
    await input('单据编码').fill('BX001');
    await input('单据编码').blur();
    await expect.poll(() => errorOf('单据编码').textContent()).toBe('该值不可用，系统中已存在！');
    expect(problems).toEqual([]);
  });
  it('validates when 确定 is pressed before the form has mounted (the modal defers its content a frame)', async () => {
    await page.goto(`${app.server.url}/online/cgformList/demo_form_runtime`);
    await page.locator('.screen-list').waitFor();
    // 新增, then 确定 in the same task the modal's buttons appear: before any frame, so before
    // the deferred form exists — as a quick user on a busy machine can
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const okOf = () =>
            [...document.querySelectorAll<HTMLButtonElement>('.ant-modal .ant-btn-primary')].find((b) =>
              /确\s*定/.test(b.textContent ?? ''),
            );
          const watch = new MutationObserver(() => {
            const ok = okOf();
            if (!ok) return;
            watch.disconnect();
            if (document.querySelector('.ant-modal .ant-formily-item')) throw new Error('the form mounted first');
            ok.click();
            resolve();
          });
          watch.observe(document.body, { childList: true, subtree: true });
          [...document.querySelectorAll<HTMLButtonElement>('.screen-list button')]
            .find((b) => /新\s*增/.test(b.textContent ?? ''))
            ?.click();
        }),
    );
    await expect.poll(() => errorOf('报销事由').textContent()).toBe('请输入报销事由!');
    await formModal()
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await formModal().waitFor({ state: 'detached' });
  });
});
