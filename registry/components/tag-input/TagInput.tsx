import { Input, type InputProps, type InputRef } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { insertSeparatorAt } from '../../../src/runtime/util/text.js';

export interface TagInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** The text; leave undefined for an uncontrolled input. */
  value?: string | null;
  /** Called with the formatted text ('ab cd e'); '' when cleared. */
  onChange?: (value: string) => void;
  /** Characters per group (spec 9: 2). */
  every?: number;
  /** The separator inserted between groups (default one space). */
  separator?: string;
}

/**
 * The tag input of spec 9: a text input that inserts `separator` after every `every` characters
 * as the user types ('abcde' → 'ab cd e'), keeping the cursor after the character just typed
 * (`insertSeparatorAt`). Controlled by `value`/`onChange`, or uncontrolled without `value`.
 */
export function TagInput({ value, onChange, every = 2, separator = ' ', ...rest }: TagInputProps) {
  const ref = useRef<InputRef>(null);
  const caret = useRef<number | null>(null);
  const [inner, setInner] = useState('');
  const text = value === undefined ? inner : (value ?? '');

  useLayoutEffect(() => {
    const input = ref.current?.input;
    if (caret.current !== null && input && document.activeElement === input) input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  return (
    <Input
      {...rest}
      ref={ref}
      value={text}
      onChange={(e) => {
        const typed = e.target.value;
        const next = insertSeparatorAt(typed, e.target.selectionStart ?? typed.length, every, separator);
        caret.current = next.caret;
        if (value === undefined) setInner(next.text);
        onChange?.(next.text);
      }}
    />
  );
}
