import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { Button, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import type { CellProps, WidgetDefinition } from '../../registry.js';
import type { WidgetProps } from '../../shared/props.js';
import { cutText } from '../umeditor/model.js';
import { CODE_FULLSCREEN_Z_INDEX, CODE_TEXT, codeHeight, normalizeLanguage } from './languages.js';

/** CodeMirror and its language packages load only when a form shows the editor (docs/architecture.md "Libraries and heavy widgets"). */
const LazyCodeEdit = lazy(() => import('./CodeEdit.js'));

const BAR_HEIGHT = 28;

const fullscreenStyle: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: CODE_FULLSCREEN_Z_INDEX,
  background: '#fff',
  display: 'flex',
  flexDirection: 'column',
};

/**
 * Edit (and, with `readOnly`, read-pretty) renderer of `code`: a bar with the full-screen
 * toggle (the full-screen container has z-index 999, Esc leaves it) over the lazily loaded
 * CodeMirror of extend.language, height extend.height (240 by default).
 */
export function CodeField({ value, onChange, onBlur, disabled, readOnly, placeholder, extend }: WidgetProps<string>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setFullscreen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullscreen]);

  const height = codeHeight(extend?.height);
  const editorHeight = fullscreen ? `calc(100vh - ${BAR_HEIGHT}px)` : `${height}px`;
  const label = fullscreen ? CODE_TEXT.exitFullscreen : CODE_TEXT.fullscreen;
  return (
    <div
      data-testid="code-editor"
      data-fullscreen={fullscreen ? 'true' : undefined}
      className="code-widget"
      style={fullscreen ? fullscreenStyle : { border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}
    >
      <div
        style={{
          height: BAR_HEIGHT,
          display: 'flex',
          justifyContent: 'flex-end',
          alignItems: 'center',
          padding: '0 4px',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Tooltip title={label}>
          <Button
            type="text"
            size="small"
            aria-label={label}
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFullscreen((f) => !f)}
          />
        </Tooltip>
      </div>
      <Suspense
        fallback={
          <div style={{ height: editorHeight, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Spin />
          </div>
        }
      >
        <LazyCodeEdit
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          onBlur={onBlur}
          language={normalizeLanguage(extend?.language)}
          height={editorHeight}
          readOnly={!!(disabled || readOnly)}
          placeholder={placeholder}
        />
      </Suspense>
    </div>
  );
}

/** Read-pretty renderer of `code`: the same editor, read-only. */
export function CodeRead(props: WidgetProps<string>) {
  return <CodeField {...props} onChange={undefined} readOnly />;
}

/** List cell of `code`: the code (whitespace collapsed) cut at 25 characters with '...'. */
export function CodeCell({ value }: CellProps) {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  const cut = cutText(text);
  return cut === text ? <>{text}</> : <span title={text}>{cut}</span>;
}

/** `code` — code editor on @uiw/react-codemirror (spec 9 "Editors"). */
export const codeWidget: WidgetDefinition = {
  type: 'code',
  title: '代码编辑器',
  FormWidget: connect(CodeField, mapReadPretty(CodeRead)),
  Cell: CodeCell,
  valueSchema: { type: ['string', 'null'] },
  defaultDbType: 'Text',
};
