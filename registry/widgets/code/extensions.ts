/**
 * CodeMirror extensions of the `code` widget: the language mode of spec 9 and tab size 2.
 * Imported only by CodeEdit.tsx, so the language packages stay in the lazy chunk.
 */
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { markdown } from '@codemirror/lang-markdown';
import { python } from '@codemirror/lang-python';
import { sql } from '@codemirror/lang-sql';
import { indentUnit, StreamLanguage } from '@codemirror/language';
import { objectiveC } from '@codemirror/legacy-modes/mode/clike';
import { r } from '@codemirror/legacy-modes/mode/r';
import { shell } from '@codemirror/legacy-modes/mode/shell';
import { swift } from '@codemirror/legacy-modes/mode/swift';
import { EditorState, type Extension } from '@codemirror/state';
import { CODE_TAB_SIZE, type CodeLanguage } from './languages.js';

/** The language support of a mode (Vue edits in HTML mode). */
export function languageSupport(language: CodeLanguage | undefined): Extension[] {
  switch (language) {
    case 'css':
      return [css()];
    case 'javascript':
      return [javascript({ jsx: true })];
    case 'html':
    case 'vue':
      return [html()];
    case 'java':
      return [java()];
    case 'objective-c':
      return [StreamLanguage.define(objectiveC)];
    case 'python':
      return [python()];
    case 'r':
      return [StreamLanguage.define(r)];
    case 'shell':
      return [StreamLanguage.define(shell)];
    case 'sql':
      return [sql()];
    case 'swift':
      return [StreamLanguage.define(swift)];
    case 'markdown':
      return [markdown()];
    default:
      return [];
  }
}

/** Every extension of the editor: the language mode plus tab size 2 (indent unit two spaces). */
export function codeExtensions(language: CodeLanguage | undefined): Extension[] {
  return [...languageSupport(language), EditorState.tabSize.of(CODE_TAB_SIZE), indentUnit.of(' '.repeat(CODE_TAB_SIZE))];
}
