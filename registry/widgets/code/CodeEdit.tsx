/**
 * The CodeMirror editor of `code` (spec 9): the language of extend.language, tab size 2,
 * read-only in detail mode. Loaded lazily by index.tsx (CodeMirror is heavy).
 */
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { codeExtensions } from './extensions.js';
import { CODE_TAB_SIZE, type CodeLanguage } from './languages.js';

export interface CodeEditProps {
  value: string;
  onChange?: (value: string | null) => void;
  onBlur?: () => void;
  language?: CodeLanguage;
  /** CSS height of the editor. */
  height: string;
  readOnly: boolean;
  placeholder?: string;
}

export default function CodeEdit({ value, onChange, onBlur, language, height, readOnly, placeholder }: CodeEditProps) {
  const extensions = useMemo(() => codeExtensions(language), [language]);
  return (
    <CodeMirror
      value={value}
      height={height}
      extensions={extensions}
      basicSetup={{ tabSize: CODE_TAB_SIZE }}
      readOnly={readOnly}
      editable={!readOnly}
      placeholder={readOnly ? undefined : placeholder}
      onChange={(v) => onChange?.(v === '' ? null : v)}
      onBlur={onBlur}
    />
  );
}
