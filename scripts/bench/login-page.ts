import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/browser.js';
import { recordWire, type WireFile } from './wire.js';

export type { WireFile } from './wire.js';

export interface LoginPageRun {
  /** ms from navigation start to the frame after the password field is usable (in the DOM, enabled) */
  readyMs: number;
  files: WireFile[];
  /** sum of {@link WireFile.wire} of every response until the network went idle after ready */
  wireBytes: number;
}

export interface LoginPageFigures {
  runs: LoginPageRun[];
  /** median of the runs' ready times */
  readyMedianMs: number;
  /** median of the runs' wire totals */
  wireMedianBytes: number;
}

// Runs before the page's own scripts: records when #password is first usable, then one frame.
const READY_PROBE = `(() => {
  window.__loginReady = new Promise((resolve) => {
    const check = () => {
      const el = document.getElementById('password');
      if (!el || el.disabled || !el.isConnected) return false;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
      return true;
    };
    const observer = new MutationObserver(check);
    const start = () => { if (!check()) observer.observe(document, { childList: true, subtree: true, attributes: true }); };
    start();
  });
})()`;

/**
 * Opens `/user/login` once with a cold cache (a fresh browser context, the browser cache
 * cleared through CDP) and returns the time until the password field is usable (performance.now()
 * of the frame after it is in the DOM and enabled, i.e. from navigation start) and every
 * response's bytes on the wire (CDP encodedDataLength) until the network is idle after that.
 */
async function loadOnce(browser: Browser, baseUrl: string): Promise<LoginPageRun> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    const files = await recordWire(context, page);
    await page.addInitScript(READY_PROBE);
    await page.goto(`${baseUrl}/user/login`, { waitUntil: 'commit' });
    const readyMs = (await page.evaluate('window.__loginReady')) as number;
    await page.waitForLoadState('networkidle');
    return { readyMs, files, wireBytes: files.reduce((s, f) => s + f.wire, 0) };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

/**
 * The login page in Chromium, `runs` times with a cold cache each (README "Benchmarks"): bytes
 * on the wire and time until the password field is usable. A first, unrecorded load warms the
 * server (its file handles and the captcha), not the browser.
 */
export async function measureLoginPage(baseUrl: string, runs = 3): Promise<LoginPageFigures> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await loadOnce(browser, baseUrl);
    const results: LoginPageRun[] = [];
    for (let i = 0; i < runs; i++) results.push(await loadOnce(browser, baseUrl));
    return {
      runs: results,
      readyMedianMs: median(results.map((r) => r.readyMs)),
      wireMedianBytes: median(results.map((r) => r.wireBytes)),
    };
  } finally {
    await browser.close();
  }
}

const KiB = 1024;

/** Prints {@link measureLoginPage}'s figures: the files of the median run, then the totals. */
export function printLoginPageFigures(f: LoginPageFigures): void {
  console.log('\n== Login page in Chromium (cold cache: bytes on the wire, time until the password field is usable) ==');
  const run = [...f.runs].sort((a, b) => a.wireBytes - b.wireBytes)[Math.floor(f.runs.length / 2)];
  for (const file of [...run.files].sort((a, b) => b.wire - a.wire)) {
    const enc = file.encoding || 'identity';
    console.log(
      `  ${file.url.slice(0, 56).padEnd(56)} ${file.type.padEnd(10)} ${(file.wire / KiB).toFixed(1).padStart(7)} KiB wire ${(file.decoded / KiB).toFixed(1).padStart(7)} KiB decoded  ${enc}`,
    );
  }
  console.log(
    `  on the wire: ${(f.wireMedianBytes / KiB).toFixed(1)} KiB (median of ${f.runs.map((r) => (r.wireBytes / KiB).toFixed(1)).join(', ')}; target ≤ 200 KiB)`,
  );
  console.log(
    `  ready: ${f.readyMedianMs.toFixed(0)} ms (median of ${f.runs.map((r) => r.readyMs.toFixed(0)).join(', ')}; target ≤ 400 ms)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // alone: `npm run build && tsx scripts/bench/login-page.ts` (own server and data folder)
  const os = await import('node:os');
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { startServerProcess } = await import('./server-process.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-bench-login-'));
  const server = await startServerProcess({
    port: 18000 + Math.floor(Math.random() * 1000),
    dataDir,
    env: { ADMIN_PASSWORD: 'Bench-pass-2026', CAPTCHA: 'off' },
  });
  try {
    printLoginPageFigures(await measureLoginPage(server.url));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
