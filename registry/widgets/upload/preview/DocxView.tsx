/**
 * The Word (.docx) viewer of the file preview (spec 9): docx-preview renders the document's
 * pages as HTML elements into the dialog (built from the document's XML, no script). Loaded
 * lazily, with docx-preview, only when a .docx is previewed.
 */
import { Alert, Spin } from 'antd';
import { renderAsync } from 'docx-preview';
import { useEffect, useRef, useState } from 'react';
import { PREVIEW_TEXT as T } from './texts.js';
import type { ViewerProps } from './viewers.js';

export default function DocxView({ blob }: ViewerProps) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'done' | 'failed'>('loading');
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let live = true;
    renderAsync(blob, el, undefined, { inWrapper: true, ignoreLastRenderedPageBreak: true, breakPages: true })
      .then(() => live && setState('done'))
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
      el.replaceChildren();
    };
  }, [blob]);
  return (
    <>
      {state === 'loading' ? <Spin /> : null}
      {state === 'failed' ? <Alert type="warning" showIcon message={T.failed} /> : null}
      <div data-testid="preview-docx" ref={host} style={{ overflowX: 'auto' }} />
    </>
  );
}
