import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page } from 'playwright-core';
import { launchTestBrowser } from './browser.js';
import { serveFixture, type ServedFixture } from '../../scripts/bench/serve-fixture.js';

// A custom widget registry handed down through the runtime context reaches the list's cells and
// the sub table's cells (fixture tests/e2e/fixtures/custom-registry: a `star` type only it knows).
let fixture: ServedFixture;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  fixture = await serveFixture('custom-registry');
  browser = await launchTestBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(fixture.url);
});
afterAll(async () => {
  await browser?.close();
  await fixture?.close();
});

describe('a custom registry in the runtime context (list cells)', () => {
  it("renders the main list's cell with the custom registry's cell renderer", async () => {
    const cell = page.locator('.ant-table-row').first().locator('[data-custom-cell=star]');
    await cell.waitFor();
    expect(await cell.textContent()).toBe('★金牌');
  });

  it("renders the sub table's cell (SubTablesTabs) with it too", async () => {
    await page.getByText('DD-001').click();
    const cell = page.locator('[data-sub-table=demo_star_line] [data-custom-cell=star]');
    await cell.waitFor();
    expect(await cell.textContent()).toBe('★螺栓');
    expect(problems).toEqual([]);
  });
});
