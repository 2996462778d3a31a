import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal } from 'antd';
import { useLeaveGuard } from '../../../router/useLeaveGuard';
import type { Modeler } from './bpmnAccess';
import { DESIGNER_T as T } from './designerTexts';

/** The unsaved-changes question; `leave` goes on. */
const askLeave = (leave: () => void) => void Modal.confirm({ title: T.unsavedTitle, content: T.unsavedConfirm, onOk: leave });

/**
 * Whether the designer holds unsaved changes (spec 2.7, 4.5: every change emits the new XML).
 * `emit(m)` exports the modeler's XML after a change (the latest export wins) and answers it;
 * `markSaved(xml, category)` records what the server holds; `dirty` is true while the current
 * XML or the process type `category` differ from it. While dirty, reloading or closing the
 * browser tab asks first (beforeunload), and so does every in-app navigation away from the
 * designer — 返回, the side menu, another tab of the tab strip (useLeaveGuard: 取消 stays,
 * 确定 leaves).
 */
export function useUnsavedDiagram(category: string): {
  dirty: boolean;
  emit: (m: Modeler) => Promise<string>;
  markSaved: (xml: string, category: string) => void;
} {
  const [current, setCurrent] = useState('');
  const [saved, setSaved] = useState<{ xml: string; category: string } | null>(null);
  const seq = useRef(0);
  const emit = useCallback(async (m: Modeler) => {
    const n = ++seq.current;
    const xml = (await m.saveXML({ format: true })).xml ?? '';
    if (n === seq.current) setCurrent(xml);
    return xml;
  }, []);
  const markSaved = useCallback((xml: string, c: string) => setSaved({ xml, category: c }), []);
  const dirty = !!saved && (current !== saved.xml || category !== saved.category);
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers ask only when a return value is set
      e.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  useLeaveGuard(dirty, askLeave);
  return { dirty, emit, markSaved };
}
