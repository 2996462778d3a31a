/**
 * Headless part of the `code` widget (spec 9 "Editors"): the language modes, tab size, height.
 * The CodeMirror language packages themselves are bound in extensions.ts (lazy chunk).
 */

/** Spec 9: the code editor's modes. */
export const CODE_LANGUAGES = [
  'css',
  'javascript',
  'html',
  'java',
  'objective-c',
  'python',
  'r',
  'shell',
  'sql',
  'swift',
  'vue',
  'markdown',
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** Spec 9: tab size 2, default height 240px (extend.height overrides); full-screen z-index 999. */
export const CODE_TAB_SIZE = 2;
export const CODE_HEIGHT = 240;
export const CODE_FULLSCREEN_Z_INDEX = 999;

export const CODE_TEXT = { fullscreen: '全屏', exitFullscreen: '退出全屏' } as const;

/** Other spellings accepted for `extend.language` (CodeMirror 5 mode names, MIME types, short names). */
const ALIASES: Record<string, CodeLanguage> = {
  js: 'javascript',
  jsx: 'javascript',
  ts: 'javascript',
  typescript: 'javascript',
  'text/javascript': 'javascript',
  'application/javascript': 'javascript',
  json: 'javascript',
  'application/json': 'javascript',
  htmlmixed: 'html',
  'text/html': 'html',
  xml: 'html',
  'text/css': 'css',
  'text/x-java': 'java',
  objectivec: 'objective-c',
  objc: 'objective-c',
  'text/x-objectivec': 'objective-c',
  'text/x-python': 'python',
  py: 'python',
  'text/x-rsrc': 'r',
  sh: 'shell',
  bash: 'shell',
  'text/x-sh': 'shell',
  'text/x-sql': 'sql',
  'text/x-mysql': 'sql',
  'text/x-swift': 'swift',
  'text/x-vue': 'vue',
  md: 'markdown',
  'text/x-markdown': 'markdown',
};

/** The language mode of `extend.language` (case-insensitive, aliases accepted); undefined = plain text. */
export function normalizeLanguage(language: unknown): CodeLanguage | undefined {
  if (typeof language !== 'string') return undefined;
  const key = language.trim().toLowerCase();
  if ((CODE_LANGUAGES as readonly string[]).includes(key)) return key as CodeLanguage;
  return ALIASES[key];
}

/** The editor height in px for `extend.height` (default 240). */
export function codeHeight(height: unknown): number {
  return typeof height === 'number' && Number.isFinite(height) && height > 0 ? height : CODE_HEIGHT;
}
