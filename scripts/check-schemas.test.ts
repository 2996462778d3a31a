import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScreen } from '../src/shared/schema-check.js';
import { BUILTIN_WIDGET_TYPES } from '../src/shared/widget-types.js';
import { defaultRegistry } from '../registry/index.js';
import { listScreenFiles } from '../src/server/online/screen-registry.js';

const root = path.resolve(__dirname, '..');

describe('every screen file under schemas/ and tests/e2e/schemas/', () => {
  const files = [...listScreenFiles(path.join(root, 'schemas')), ...listScreenFiles(path.join(root, 'tests/e2e/schemas'))];
  it('finds the screen files', () => expect(files.length).toBeGreaterThanOrEqual(2));
  for (const file of files) {
    it(`${path.relative(root, file)} passes the screen-schema check with the built-in widgets`, () => {
      const res = checkScreen(JSON.parse(fs.readFileSync(file, 'utf8')), file, new Set<string>(BUILTIN_WIDGET_TYPES));
      expect(res.ok ? [] : res.problems).toEqual([]);
    });
  }
  it('the headless widget list matches the registry', () => {
    expect(
      defaultRegistry
        .list()
        .map((d) => d.type)
        .sort(),
    ).toEqual([...BUILTIN_WIDGET_TYPES].sort());
  });
});
