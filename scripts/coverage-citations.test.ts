import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCitations, extractTitles, parseCitations, titleCited } from './coverage-citations.js';

const titlesOf = (source: string) => extractTitles(source);

describe('parseCitations', () => {
  it('reads path › title, › continuations, whole files and bare names from the previous folder', () => {
    const md = [
      '| Spec item | Status | Where | Proved by | Notes |',
      '|---|---|---|---|---|',
      '| Row one | done | `src/a.ts` | `tests/server/a.test.ts › does a`; `› does b › inner` | see `tests/e2e/b.test.ts` (whole file) |',
      '| Row two | done | `x` | `tests/server/c.test.ts`, `d.test.ts` (whole files); `› pipes a \\| b` | |',
      'Not a row: `tests/server/z.test.ts › ignored`',
    ].join('\n');
    expect(parseCitations(md).map(({ line, row, file, titles }) => ({ line, row, file, titles }))).toEqual([
      { line: 3, row: 'Row one', file: 'tests/server/a.test.ts', titles: ['does a'] },
      { line: 3, row: 'Row one', file: 'tests/server/a.test.ts', titles: ['does b', 'inner'] },
      { line: 3, row: 'Row one', file: 'tests/e2e/b.test.ts', titles: undefined },
      { line: 4, row: 'Row two', file: 'tests/server/c.test.ts', titles: undefined },
      { line: 4, row: 'Row two', file: 'tests/server/d.test.ts', titles: undefined },
      { line: 4, row: 'Row two', file: 'tests/server/d.test.ts', titles: ['pipes a | b'] },
    ]);
  });

  it('gives a continuation without a file before it an empty file', () => {
    expect(parseCitations('| Row | done | `› orphan` |')[0]).toMatchObject({ file: '', titles: ['orphan'] });
  });
});

describe('extractTitles', () => {
  it('reads it, test and describe titles with modifiers, escapes and templates; ignores other .test calls', () => {
    const src = [
      "describe('group', () => {",
      "  it('it\\'s plain', () => {});",
      '  test.skip("double quoted", () => {});',
      '  it.each([[1, "a(b"], [2, ")"]])(\'%s → %j\', () => {});',
      '  it.skipIf(process.env.X)(`tmpl ${x.y} end`, () => {});',
      "  expect(/x/.test('not a title')).toBe(false);",
      '});',
    ].join('\n');
    expect(titlesOf(src).map((t) => t.raw)).toEqual(['group', "it\\'s plain", 'double quoted', '%s → %j', 'tmpl ${x.y} end']);
    expect(titlesOf(src).map((t) => t.glob)).toEqual(['group', "it's plain", 'double quoted', '\u0000 → \u0000', 'tmpl \u0000 end']);
  });
});

describe('titleCited', () => {
  const titles = titlesOf(
    [
      "it('answers heart_beat and relays a screen page to the users allowed on that screen only', f);",
      'it(`${unit}: values ${min}-${max}, step ${stepMin}-${stepMax}`, f);',
      "it.each(cases)('%s → %s', f);",
      "it.each(cases)('%s', f);",
    ].join('\n'),
  );

  it('accepts the whole title, a prefix and … for left-out text', () => {
    expect(titleCited(titles, 'answers heart_beat and relays a screen page to the users allowed on that screen only')).toBe(true);
    expect(titleCited(titles, 'answers heart_beat and relays')).toBe(true);
    expect(titleCited(titles, '…relays a screen page to the users allowed on that screen only')).toBe(true);
    expect(titleCited(titles, 'answers heart_beat … allowed on that screen')).toBe(true);
  });

  it('refuses a renamed title, text after the end and words out of order', () => {
    expect(titleCited(titles, 'answers heart_beat and relays update_vxe_table to the sockets of the same page only')).toBe(false);
    expect(titleCited(titles, 'answers heart_beat and relays a screen page to the users allowed on that screen only!')).toBe(false);
    expect(titleCited(titles, '…screen only … relays')).toBe(false);
  });

  it('matches templates as run and as written, but not by their placeholders alone', () => {
    expect(titleCited(titles, 'second: values 0-59, step 1-59')).toBe(true);
    expect(titleCited(titles, 'hour: values 0-23')).toBe(true);
    expect(titleCited(titles, '${unit}: values')).toBe(true);
    expect(titleCited(titles, 'naturalNumber → 请输入自然数')).toBe(true);
    expect(titleCited(titles, '%s → %s')).toBe(true);
    expect(titleCited(titles, 'second: range 0-59')).toBe(false);
    expect(titleCited(titlesOf('it(`${unit}: values ${min}-${max}`, f);'), 'an unrelated title')).toBe(false);
  });

  it("matches a title that is only '%s' by the case names of the test file", () => {
    const source = "it.each([['min length builder', 1], ['max items builder', 2]])('%s', f);";
    expect(titleCited(titlesOf(source), 'min length builder', source)).toBe(true);
    expect(titleCited(titlesOf(source), 'max items…', source)).toBe(true);
    expect(titleCited(titlesOf(source), 'max length builder', source)).toBe(false);
    expect(titleCited(titlesOf(source), '%s', source)).toBe(true);
  });
});

describe('checkCitations', () => {
  it('reports a missing file, a missing title and an orphan continuation with their rows', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cov-'));
    fs.mkdirSync(path.join(root, 'tests'));
    fs.writeFileSync(path.join(root, 'tests/a.test.ts'), "describe('outer', () => { it('inner test', () => {}); });");
    const md = [
      '| Good | done | x | `tests/a.test.ts › inner test`; `› outer › inner`; `tests/a.test.ts` (whole file) | |',
      '| Renamed | done | x | `tests/a.test.ts › old name` | |',
      '| Gone | done | x | `tests/gone.test.ts › inner test` | |',
      '| Orphan | done | x | `› inner test` | |',
    ].join('\n');
    expect(checkCitations(md, root).map(({ line, row, problem }) => ({ line, row, problem }))).toEqual([
      { line: 2, row: 'Renamed', problem: 'no test in tests/a.test.ts titled "old name"' },
      { line: 3, row: 'Gone', problem: 'file tests/gone.test.ts does not exist' },
      { line: 4, row: 'Orphan', problem: 'no test file before this continuation' },
    ]);
    fs.rmSync(root, { recursive: true });
  });
});
