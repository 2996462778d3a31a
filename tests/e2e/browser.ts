import { chromium, type Browser } from 'playwright-core';

/** Chromium flags for this machine (no sandbox as root, no background network). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Debian's Chromium for the browser tests: CHROMIUM_ARGS, and every context or page made from
 * it prefers reduced motion unless told otherwise, so the app shows modals and dropdowns without
 * their opening animation (src/app/utils/reduced-motion.tsx). On a loaded machine a click could
 * otherwise land while a modal was still zooming in, on the spot where its button was a moment
 * before. (Chromium's --force-prefers-reduced-motion is ignored by the new headless mode, hence
 * the context option.) The benches launch with CHROMIUM_ARGS alone: they measure what users get.
 */
export async function launchTestBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  // browser.newPage makes its page's context through this.newContext: one override covers both
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}
