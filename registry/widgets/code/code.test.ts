import { describe, expect, it } from 'vitest';
import { codeExtensions, languageSupport } from './extensions.js';
import { codeWidget } from './index.js';
import { CODE_FULLSCREEN_Z_INDEX, CODE_HEIGHT, CODE_LANGUAGES, CODE_TAB_SIZE, codeHeight, normalizeLanguage } from './languages.js';

describe('code definition', () => {
  it('is the code editor of spec 9', () => {
    expect(codeWidget.type).toBe('code');
    expect(codeWidget.title).toBe('代码编辑器');
    expect(codeWidget.defaultDbType).toBe('Text');
    expect(codeWidget.valueSchema).toEqual({ type: ['string', 'null'] });
    expect(CODE_TAB_SIZE).toBe(2);
    expect(CODE_HEIGHT).toBe(240);
    expect(CODE_FULLSCREEN_Z_INDEX).toBe(999);
  });
  it('has the modes of spec 9', () => {
    expect([...CODE_LANGUAGES].sort()).toEqual(
      ['css', 'javascript', 'html', 'java', 'objective-c', 'python', 'r', 'shell', 'sql', 'swift', 'vue', 'markdown'].sort(),
    );
  });
  it('is 240px high unless extend.height says otherwise', () => {
    expect(codeHeight(undefined)).toBe(240);
    expect(codeHeight(400)).toBe(400);
    expect(codeHeight(0)).toBe(240);
    expect(codeHeight('400')).toBe(240);
  });
});

describe('code languages', () => {
  it('reads extend.language case-insensitively, with aliases; anything else is plain text', () => {
    expect(normalizeLanguage('Python')).toBe('python');
    expect(normalizeLanguage('objective-c')).toBe('objective-c');
    expect(normalizeLanguage('text/x-java')).toBe('java');
    expect(normalizeLanguage('js')).toBe('javascript');
    expect(normalizeLanguage('sh')).toBe('shell');
    expect(normalizeLanguage('cobol')).toBeUndefined();
    expect(normalizeLanguage(undefined)).toBeUndefined();
  });
  it('gives every mode a CodeMirror language, plain text none', () => {
    for (const lang of CODE_LANGUAGES) expect(languageSupport(lang).length, lang).toBe(1);
    expect(languageSupport(undefined)).toEqual([]);
    expect(codeExtensions('sql')).toHaveLength(3);
  });
});
