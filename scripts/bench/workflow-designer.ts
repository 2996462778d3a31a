/**
 * Workflow designer benchmark (`npm run bench`; alone: `npx tsx scripts/bench/workflow-designer.ts
 * <baseUrl> <admin password>` against a running server). Spec 2.7 / issue 18: bpmn-js and its
 * CSS load only on the designer's route. One fresh session (cold cache) signs in, settles on the
 * home page and opens 银行账户 (a list); then 设计 on a process model opens the designer. Printed:
 * what of the designer's own files the sign-in, home page and list loaded (target: nothing), and
 * the designer's first opening: files and bytes on the wire (CDP encodedDataLength), and the time
 * from the click on 设计 to the frame after the diagram's shapes are painted.
 */
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/browser.js';
import { expenseProcess } from '../../tests/server/workflow-fixtures.js';
import { recordWire, type WireFile } from './wire.js';
import { signIn } from './render.js';

export interface WorkflowDesignerFigures {
  /** Scripts and stylesheets the designer loaded that the sign-in, home page and list had not. */
  designerFiles: WireFile[];
  /** Of those, what the sign-in, home page and list had loaded before (expected: none). */
  loadedBefore: WireFile[];
  /** Bytes on the wire of every response of the designer's opening (its own files, the model, the APIs). */
  openWireBytes: number;
  /** Click on 设计 → frame after the diagram's first shapes are painted (ms). */
  openMs: number;
}

const KEY = 'bench_wf_expense';
const assetsOf = (files: WireFile[]) => files.filter((f) => f.type === 'Script' || f.type === 'Stylesheet');

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate('new Promise((r) => requestIdleCallback(() => r(), { timeout: 2000 }))');
}

/** Makes the bench's process model (once per database) and answers its id. */
async function ensureModel(baseUrl: string, token: string): Promise<void> {
  const api = async (method: string, url: string, body?: unknown) =>
    (await (
      await fetch(`${baseUrl}/jeecg-boot${url}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-access-token': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    ).json()) as { success: boolean; message: string; result: { records?: { modelKey: string }[] } };
  const list = await api('GET', `/workflow/model/list?pageNo=1&pageSize=10&modelKey=${KEY}`);
  if (list.result.records?.some((r) => r.modelKey === KEY)) return;
  const add = await api('POST', '/workflow/model/add', { modelKey: KEY, name: '报销审批（基准）', xml: expenseProcess(KEY) });
  if (!add.success) throw new Error(add.message);
}

/** Runs the benchmark against `baseUrl` as admin (`password`). */
export async function workflowDesignerBench(baseUrl: string, password: string): Promise<WorkflowDesignerFigures> {
  const login = await fetch(`${baseUrl}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  await ensureModel(baseUrl, ((await login.json()) as { result: { token: string } }).result.token);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    const files = await recordWire(context, page);
    await signIn(page, baseUrl, password);
    await settle(page);
    await page.goto(`${baseUrl}/online/cgformList/fin_bank_account`);
    await page.locator('.screen-list .ant-table-row').first().waitFor({ timeout: 60_000 });
    await page.goto(`${baseUrl}/workflow/model`);
    const design = page.locator('.ant-table-row').filter({ hasText: KEY }).getByText('设计', { exact: true });
    await design.waitFor({ timeout: 60_000 });
    await settle(page);
    const before = files.length;
    const beforeAssets = assetsOf(files.slice(0, before));
    await design.evaluate((el) => el.setAttribute('data-bench-click', '1'));
    const openMs = (await page.evaluate(`new Promise((resolve) => {
      const t0 = performance.now();
      const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid=wf-canvas] .djs-shape')) { observer.disconnect(); done(); }
      });
      observer.observe(document.body, { childList: true, subtree: true });
      document.querySelector('[data-bench-click]').click();
    })`)) as number;
    await settle(page);
    const opening = files.slice(before);
    const known = new Set(beforeAssets.map((f) => f.url));
    const designerFiles = assetsOf(opening).filter((f) => !known.has(f.url));
    // a designer file the earlier pages loaded would not be requested again: look for its name
    const names = new Set(designerFiles.map((f) => f.url.replace(/-[\w-]{8}\.(js|css)$/, '')));
    const loadedBefore = beforeAssets.filter((f) => names.has(f.url.replace(/-[\w-]{8}\.(js|css)$/, '')));
    await context.close();
    return { designerFiles, loadedBefore, openWireBytes: opening.reduce((s, f) => s + f.wire, 0), openMs };
  } finally {
    await browser.close();
  }
}

/** Prints {@link workflowDesignerBench}'s figures. */
export function printWorkflowDesignerFigures(f: WorkflowDesignerFigures): void {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const sum = (files: WireFile[]) => files.reduce((s, x) => s + x.wire, 0);
  console.log('\n== Workflow designer (Chromium, one cold session: sign-in, home page, 银行账户, then 设计) ==');
  console.log(
    `  designer files loaded before the designer: ${f.loadedBefore.length} (${kib(sum(f.loadedBefore))}; target: none — bpmn-js loads only on its route)`,
  );
  console.log(`  designer's own files: ${f.designerFiles.length}, ${kib(sum(f.designerFiles))} on the wire`);
  for (const file of [...f.designerFiles].sort((a, b) => b.wire - a.wire).slice(0, 6))
    console.log(`    ${file.url.slice(0, 60).padEnd(60)} ${kib(file.wire).padStart(10)}`);
  console.log(`  first opening: ${kib(f.openWireBytes)} on the wire in all; 设计 click → diagram painted ${f.openMs.toFixed(0)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl, password] = process.argv.slice(2);
  printWorkflowDesignerFigures(await workflowDesignerBench(baseUrl, password));
}
