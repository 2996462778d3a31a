/**
 * Where the login page's ready time goes (developer tool, not part of `npm run bench`):
 * `npx tsx scripts/bench/login-profile.ts URL [URL…] [--runs N] [--cpu]` loads `/user/login` of
 * each server URL in turn, cold cache each time, alternating the servers run by run so a shared
 * machine's load falls on all alike, and prints per run: the ready time (as login-page.ts), the
 * document's response end, each script/stylesheet/XHR's start and end (ms from navigation
 * start), and Chromium's main-thread totals (CDP Performance metrics: script, style, layout,
 * task). `--cpu` also prints the 25 functions with the most self time (a CPU profile of the load).
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/browser.js';

const READY_PROBE = `(() => {
  window.__loginReady = new Promise((resolve) => {
    const check = () => {
      const el = document.getElementById('password');
      if (!el || el.disabled || !el.isConnected) return false;
      observer.disconnect();
      const at = performance.now();
      requestAnimationFrame(() => setTimeout(() => resolve({ at, painted: performance.now() }), 0));
      return true;
    };
    const observer = new MutationObserver(check);
    if (!check()) observer.observe(document, { childList: true, subtree: true, attributes: true });
  });
})()`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

async function loadOnce(browser: Browser, baseUrl: string, cpu: boolean) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Performance.enable');
    if (cpu) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await page.addInitScript(READY_PROBE);
    await page.goto(`${baseUrl}/user/login`, { waitUntil: 'commit' });
    const ready = (await page.evaluate('window.__loginReady')) as { at: number; painted: number };
    const metrics = Object.fromEntries(
      ((await cdp.send('Performance.getMetrics')).metrics as { name: string; value: number }[]).map((m) => [m.name, m.value]),
    );
    const timing = (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const res = performance.getEntriesByType('resource').map((r) => ({ name: new URL(r.name).pathname.slice(0, 48), type: r.initiatorType, start: r.startTime, end: r.responseEnd, size: r.transferSize }));
      const paint = performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]);
      return { docEnd: nav.responseEnd, domInteractive: nav.domInteractive, dcl: nav.domContentLoadedEventEnd, res, paint, marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]) };
    })()`)) as {
      docEnd: number;
      domInteractive: number;
      dcl: number;
      res: { name: string; type: string; start: number; end: number; size: number }[];
      paint: [string, number][];
      marks: [string, number][];
    };
    let top: string[] = [];
    if (cpu) {
      const { profile } = (await cdp.send('Profiler.stop')) as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      };
      const self = new Map<string, number>();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      profile.samples.forEach((id, i) => {
        const n = byId.get(id)!;
        const f = n.callFrame;
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
      top = [...self.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(process.env.TOP ?? 25))
        .map(([k, v]) => `${v.toFixed(1).padStart(7)} ms  ${k}`);
    }
    return { ready, metrics, timing, top };
  } finally {
    await context.close();
  }
}

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const cpu = args.includes('--cpu');
const urls = args.filter((a, i) => a.startsWith('http') && args[i - 1] !== '--runs');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  for (const u of urls) await loadOnce(browser, u, false); // warm the servers
  const ready = new Map<string, number[]>(urls.map((u) => [u, []]));
  for (let r = 0; r < runs; r++) {
    for (const u of urls) {
      const x = await loadOnce(browser, u, cpu);
      ready.get(u)!.push(x.ready.painted);
      const m = x.metrics;
      console.log(
        `\n${u} run ${r + 1}: ready ${x.ready.at.toFixed(0)} (painted ${x.ready.painted.toFixed(0)}) doc end ${x.timing.docEnd.toFixed(0)} domInteractive ${x.timing.domInteractive.toFixed(0)} DCL ${x.timing.dcl.toFixed(0)}`,
      );
      console.log(
        `  main thread: script ${(m.ScriptDuration * 1000).toFixed(0)} ms, style ${(m.RecalcStyleDuration * 1000).toFixed(0)}, layout ${(m.LayoutDuration * 1000).toFixed(0)}, task ${(m.TaskDuration * 1000).toFixed(0)}; paints ${x.timing.paint.map(([n, t]) => `${n} ${t.toFixed(0)}`).join(', ')}`,
      );
      for (const res of x.timing.res)
        console.log(
          `  ${res.name.padEnd(48)} ${res.type.padEnd(14)} ${res.start.toFixed(0).padStart(5)} → ${res.end.toFixed(0).padStart(5)}`,
        );
      for (const [n, t] of x.timing.marks) console.log(`  mark ${n} ${t.toFixed(0)}`);
      for (const line of x.top) console.log(`  ${line}`);
    }
  }
  console.log('');
  for (const [u, v] of ready) {
    const sorted = [...v].sort((a, b) => a - b);
    console.log(`${u}: ready median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms (${v.map((n) => n.toFixed(0)).join(', ')})`);
  }
} finally {
  await browser.close();
}
