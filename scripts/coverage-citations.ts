/**
 * Checks the test citations of docs/spec-coverage.md against the test files, by plain text scanning
 * (no test run). A citation is a code span of a table row:
 * - `path.test.ts › title` — the file exists and holds a test or describe whose title starts with
 *   `title`; `…` in the cited title stands for any text; `a › b` chains name a describe and a test;
 * - `› title` — the same, in the file of the previous citation of the row;
 * - `path.test.ts` alone (the "(whole file)" form) — the file exists; a bare `name.test.ts` is taken
 *   from the folder of the previous citation of the row.
 * Test titles may be templates (`%s`, `$name` of `.each`, `${…}`): a placeholder stands for any text.
 */
import fs from 'node:fs';
import path from 'node:path';

/** One test citation of a row: the file, and the title chain when a test is named. */
export interface Citation {
  line: number;
  row: string;
  file: string;
  titles?: string[];
  text: string;
}

/** A citation that does not hold, with the reason. */
export interface BrokenCitation extends Citation {
  problem: string;
}

const SEP = ' › ';
const TEST_FILE = /^[\w./@-]+\.test\.tsx?$/;
/** Glob wildcard used inside patterns (never in real titles). */
const ANY = '\u0000';

/** Parses every citation of the table rows of `markdown`. Errors: a `› title` with no file before it is returned with file ''. */
export function parseCitations(markdown: string): Citation[] {
  const out: Citation[] = [];
  markdown.split('\n').forEach((line, index) => {
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) return;
    const row = line.split('|')[1]?.trim() ?? '';
    let last = '';
    for (const m of line.matchAll(/`([^`]+)`/g)) {
      const span = m[1].replace(/\\\|/g, '|').trim();
      const base = { line: index + 1, row, text: span };
      if (span.startsWith('›')) {
        out.push({ ...base, file: last, titles: splitTitles(span.slice(1)) });
        continue;
      }
      const at = span.indexOf(SEP);
      const file = at < 0 ? span : span.slice(0, at);
      if (!TEST_FILE.test(file)) continue;
      const resolved = file.includes('/') || !last ? file : path.posix.join(path.posix.dirname(last), file);
      last = resolved;
      out.push(at < 0 ? { ...base, file: resolved } : { ...base, file: resolved, titles: splitTitles(span.slice(at + SEP.length)) });
    }
  });
  return out;
}

function splitTitles(s: string): string[] {
  return s.split(SEP).map((t) => t.trim());
}

/** A test title: as a glob (placeholders are wildcards) and as written in the source. */
export interface TestTitle {
  glob: string;
  raw: string;
}

/**
 * Reads the titles of it/test/describe calls (with .each/.skip/.only… modifiers) from a test file's
 * source, each as a glob (template placeholders become wildcards) and as written.
 */
export function extractTitles(source: string): TestTitle[] {
  const titles: TestTitle[] = [];
  const call = /(?<![.\w$])(?:it|test|describe|bench)\b((?:\s*\.\s*\w+)*)\s*\(/g;
  for (let m = call.exec(source); m; m = call.exec(source)) {
    let i = m.index + m[0].length;
    const isEach = /\.\s*(?:each|for)\b/.test(m[1]);
    if (isEach || /\.\s*(?:skipIf|runIf)\b/.test(m[1])) {
      // it.each(table)('title', …), it.skipIf(cond)('title', …): skip the first call's arguments
      i = skipBalanced(source, i - 1);
      const open = /^\s*\(/.exec(source.slice(i));
      if (!open) continue;
      i += open[0].length;
    }
    const ws = /^\s*/.exec(source.slice(i))![0].length;
    const lit = readLiteral(source, i + ws, isEach);
    if (lit) titles.push({ glob: lit.value, raw: lit.raw });
  }
  return titles;
}

/** Reads a string or template literal at `i`; placeholders become ANY. Returns null when none starts there. */
function readLiteral(src: string, i: number, isEach: boolean): { value: string; raw: string; end: number } | null {
  const q = src[i];
  if (q !== "'" && q !== '"' && q !== '`') return null;
  let value = '';
  let j = i + 1;
  while (j < src.length && src[j] !== q) {
    const ch = src[j];
    if (ch === '\\') {
      value += unescape(src[j + 1]);
      j += 2;
    } else if (q === '`' && ch === '$' && src[j + 1] === '{') {
      value += ANY;
      j = skipBalanced(src, j + 1);
    } else {
      value += ch;
      j++;
    }
  }
  if (isEach) value = value.replace(/%[sdifjoO]/g, ANY).replace(/\$[A-Za-z_][\w.]*/g, ANY);
  return { value, raw: src.slice(i + 1, j), end: j + 1 };
}

function unescape(c: string | undefined): string {
  if (c === 'n') return '\n';
  if (c === 't') return '\t';
  return c ?? '';
}

/** From an opening bracket at `i`, returns the index just after its matching close (strings skipped). */
function skipBalanced(src: string, i: number): number {
  let depth = 0;
  for (let j = i; j < src.length; j++) {
    const ch = src[j];
    if (ch === "'" || ch === '"' || ch === '`') {
      j = readLiteral(src, j, false)!.end - 1;
    } else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return src.length;
}

/** The cited title as a glob: `…` is any text, and anything may follow (citations are prefixes). */
export function citedPattern(cited: string): string {
  return cited.replace(/…/g, ANY) + ANY;
}

/**
 * The most characters of `a`'s literal text that a text matching both glob patterns (ANY = any
 * text, possibly empty) can take from literal text of `b`; -1 when no text matches both.
 * Dynamic programming over the two positions.
 */
export function globsMeet(a: string, b: string): number {
  const w = b.length + 1;
  const memo = new Map<number, number>();
  const best = (i: number, j: number): number => {
    if (i === a.length && j === b.length) return 0;
    const key = i * w + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    memo.set(key, -1); // no cycles: every step advances i or j
    const ca = a[i];
    const cb = b[j];
    let r = -1;
    const step = (ni: number, nj: number, gain: number) => {
      const v = best(ni, nj);
      if (v >= 0) r = Math.max(r, v + gain);
    };
    if (ca === ANY) step(i + 1, j, 0);
    if (cb === ANY) step(i, j + 1, 0);
    if (ca === ANY && j < b.length) step(i, j + 1, 0);
    if (cb === ANY && i < a.length) step(i + 1, j, 0);
    if (ca !== undefined && ca === cb && ca !== ANY) step(i + 1, j + 1, 1);
    memo.set(key, r);
    return r;
  };
  return best(0, 0);
}

function globMatches(glob: string, text: string): boolean {
  const re = glob
    .split(ANY)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*');
  return new RegExp(`^${re}$`).test(text);
}

/**
 * True when one of `titles` (from extractTitles) starts with the cited title: a title as run, or a
 * template as written (`%s → %s`). A templated title must also meet the citation on some of its
 * literal text (at least 8 characters, or all of it when shorter): its placeholders alone never
 * swallow a whole citation. A title that is only a placeholder (`%s` of an `.each` table) matches
 * when `source` (the test file) holds a string literal starting with the cited text.
 */
export function titleCited(titles: TestTitle[], cited: string, source = ''): boolean {
  const pattern = citedPattern(cited);
  return titles.some(({ glob, raw }) => {
    if (globMatches(pattern, raw)) return true;
    if (!glob.includes(ANY)) return false;
    const literal = glob.split(ANY).join('').length;
    if (literal === 0) return /^[^…]+/.test(cited) && ["'", '"', '`'].some((q) => source.includes(q + cited.split('…')[0]));
    return globsMeet(glob, pattern) >= Math.min(literal, 8);
  });
}

/** Checks every citation of `markdown` against the files under `root`; returns the broken ones. */
export function checkCitations(markdown: string, root: string): BrokenCitation[] {
  const broken: BrokenCitation[] = [];
  const cache = new Map<string, { titles: TestTitle[]; source: string } | null>();
  const read = (file: string) => {
    if (!cache.has(file)) {
      const full = path.join(root, file);
      const source = fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
      cache.set(file, source === null ? null : { titles: extractTitles(source), source });
    }
    return cache.get(file)!;
  };
  for (const c of parseCitations(markdown)) {
    if (!c.file) {
      broken.push({ ...c, problem: 'no test file before this continuation' });
      continue;
    }
    const test = read(c.file);
    if (!test) {
      broken.push({ ...c, problem: `file ${c.file} does not exist` });
      continue;
    }
    const missing = (c.titles ?? []).find((t) => !titleCited(test.titles, t, test.source));
    if (missing !== undefined) broken.push({ ...c, problem: `no test in ${c.file} titled "${missing}"` });
  }
  return broken;
}
