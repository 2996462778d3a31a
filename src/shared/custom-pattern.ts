/**
 * Administrator-authored regular expressions (a field's custom `validType`, spec 5.4) are compiled
 * here, by the engine in use: the browser's RegExp by default; the server installs a guarded one
 * (a time limit per test, src/server/http/safe-regex.ts) so a pattern such as `^(a+)+$` cannot
 * stall it.
 */

/** What a compiled pattern offers: a test of a text. */
export interface PatternTester {
  test(text: string): boolean;
}

type Engine = (source: string) => PatternTester;

let engine: Engine = (source) => new RegExp(source);
const compiled = new Map<string, PatternTester | null>();

/** The compiled pattern of `source`, or null when it is not a valid regular expression (cached). */
export function customPattern(source: string): PatternTester | null {
  let hit = compiled.get(source);
  if (hit === undefined) {
    try {
      hit = engine(source);
    } catch {
      hit = null;
    }
    compiled.set(source, hit);
  }
  return hit;
}

/** Installs the engine of custom patterns (the server's guarded one); compiled patterns are dropped. */
export function useCustomPatternEngine(next: Engine): void {
  engine = next;
  compiled.clear();
}
