import { useState } from 'react';
import { Input, type InputProps } from 'antd';

/**
 * A text input that keeps what is typed as a draft and commits it on blur or Enter (spec 4.2:
 * field inputs apply on blur; the full Cron input emits on blur).
 */
export function BlurInput({
  value,
  onCommit,
  ...rest
}: Omit<InputProps, 'value' | 'onChange' | 'onBlur'> & { value: string; onCommit: (text: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    if (draft !== value) onCommit(draft);
  };
  return <Input {...rest} value={draft ?? value} onChange={(e) => setDraft(e.target.value)} onBlur={commit} onPressEnter={commit} />;
}
