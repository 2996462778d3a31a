/**
 * Recomputes the "Totals over sections 1–9" line of docs/spec-coverage.md from its tables:
 * every table row of sections 1–9 with a Status cell of done,
 * partial or not yet. `--check` exits 1 when the line in the file is stale or when a row cites a
 * test file or test title that does not exist (scripts/coverage-citations.ts; lint runs it);
 * without it the line is rewritten in place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkCitations } from './coverage-citations.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const file = path.join(root, 'docs/spec-coverage.md');
const text = fs.readFileSync(file, 'utf8');

/** Counts the statuses of the spec rows: tables under '## 1.' … '## 9.' headings only. */
export function countStatuses(markdown: string): { done: number; partial: number; notYet: number; rows: number } {
  let inSpec = false;
  const counts = { done: 0, partial: 0, notYet: 0, rows: 0 };
  for (const line of markdown.split('\n')) {
    const heading = /^## (.*)$/.exec(line);
    if (heading) inSpec = /^[1-9]\./.test(heading[1]);
    if (!inSpec || !line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const status = line.split('|')[2]?.trim();
    if (status === 'done') counts.done++;
    else if (status === 'partial') counts.partial++;
    else if (status === 'not yet') counts.notYet++;
    else continue;
    counts.rows++;
  }
  return counts;
}

const c = countStatuses(text);
const line = `Totals over sections 1–9: ${c.done} done, ${c.partial} partial, ${c.notYet} not yet (${c.rows} rows).`;
const current = /^Totals over sections 1–9:.*$/m.exec(text)?.[0];
if (process.argv.includes('--check')) {
  let failed = false;
  if (current !== line) {
    console.error(
      `docs/spec-coverage.md: the totals line is stale; run npx tsx scripts/coverage-totals.ts\n  have: ${current}\n  want: ${line}`,
    );
    failed = true;
  }
  const broken = checkCitations(text, root);
  for (const b of broken) {
    console.error(`docs/spec-coverage.md:${b.line} (${b.row.slice(0, 60)}): ${b.problem}\n  cited: \`${b.text}\``);
  }
  if (broken.length) console.error(`${broken.length} broken test citation(s) in docs/spec-coverage.md`);
  if (failed || broken.length) process.exit(1);
  console.log(`spec coverage: ${line} Every test citation found.`);
} else {
  fs.writeFileSync(file, current ? text.replace(current, line) : text);
  console.log(line);
}
