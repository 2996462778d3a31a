import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { projectRoot } from '../../src/server/config.js';
import { CHROMIUM_ARGS } from '../../tests/e2e/browser.js';

/**
 * Loads /user/login in Chromium, records every JS and CSS file the page requests until the
 * login form is usable, and returns the total gzip size of those files (gzip -9 of the built
 * files in dist/client, as a server with compression would send them).
 */
export async function measureLoginBundle(baseUrl: string): Promise<{ files: { url: string; gzip: number }[]; totalGzip: number }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const urls = new Set<string>();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (/\.(js|css)$/.test(u.pathname)) urls.add(u.pathname);
    });
    await page.goto(`${baseUrl}/user/login`);
    await page.locator('#username').waitFor({ state: 'visible', timeout: 60_000 });
    await page.locator('#password').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const files = [...urls].map((u) => {
      const file = path.join(projectRoot, 'dist/client', u);
      const gzip = fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
      return { url: u, gzip };
    });
    return { files, totalGzip: files.reduce((s, f) => s + f.gzip, 0) };
  } finally {
    await browser.close();
  }
}
