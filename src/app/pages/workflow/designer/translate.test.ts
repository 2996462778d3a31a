import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { hasZh, translateZh } from './translate';

const require = createRequire(import.meta.url);
/** The `lib` folder of an installed package (resolved as the app resolves it). */
const libOf = (pkg: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'lib');

/** The .js files under `dir`, recursively. */
function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(js|ts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The string literals passed to translate(...) (and, with `labels`, `label: '...'` entries) in `files`. */
function literals(files: string[], labels = false): string[] {
  const found = new Set<string>();
  for (const f of files) {
    // comments hold examples ('Alert target ID'), not texts the modeler shows
    const text = fs
      .readFileSync(f, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const m of text.matchAll(/translate\(\s*(['"])((?:(?!\1).)+)\1/g)) found.add(m[2]);
    if (labels) for (const m of text.matchAll(/label:\s*(['"])((?:(?!\1).)+)\1/g)) found.add(m[2]);
  }
  return [...found];
}

describe('modeler texts against the installed bpmn-js and diagram-js', () => {
  const bpmn = libOf('bpmn-js');
  const djs = libOf('diagram-js');
  const palette = literals([...sources(path.join(bpmn, 'features/palette')), ...sources(path.join(djs, 'features/palette'))]);
  const contextPad = literals([...sources(path.join(bpmn, 'features/context-pad')), ...sources(path.join(djs, 'features/context-pad'))]);
  // the replace menu opened from the context pad's 更改元素: its toggles and entries (labels go through translate)
  const replaceMenu = literals(
    [
      ...sources(path.join(bpmn, 'features/popup-menu')),
      path.join(bpmn, 'features/replace/ReplaceOptions.js'),
      ...sources(path.join(djs, 'features/popup-menu')),
    ],
    true,
  );

  it('finds the palette and context-pad texts in the sources (the scan still works)', () => {
    expect(palette).toContain('Create start event');
    expect(palette).toContain('Activate hand tool');
    expect(contextPad).toContain('Append task');
    expect(contextPad).toContain('Delete');
    expect(replaceMenu).toContain('User task');
  });

  it('has a Chinese entry for every palette, context-pad and replace-menu text', () => {
    const missing = [...palette, ...contextPad, ...replaceMenu].filter((t) => !hasZh(t) || !/[\u4e00-\u9fff]/.test(translateZh(t)));
    expect(missing).toEqual([]);
  });
});
