import { connect, mapReadPretty } from '@formily/react';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { CellProps, WidgetDefinition } from '../../registry.js';
import type { WidgetProps } from '../../shared/props.js';
import { cutText } from '../umeditor/model.js';
import { markdownHeight } from './model.js';

/** The markdown editor and its renderer are heavy: their chunks load only when shown (docs/architecture.md "Libraries and heavy widgets"). */
const LazyMarkdownEdit = lazy(() => import('./MarkdownEdit.js'));
const LazyMarkdownRead = lazy(() => import('./MarkdownRead.js'));

const loading = (height?: number) => (
  <div style={{ minHeight: height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
    <Spin />
  </div>
);

/** Edit renderer of `markdown`: the lazily loaded editor, a Spin while it loads. */
export function MarkdownField(props: WidgetProps<string>) {
  return (
    <div data-testid="markdown-editor" className="markdown-widget">
      <Suspense fallback={loading(markdownHeight(props.extend?.height))}>
        <LazyMarkdownEdit {...props} />
      </Suspense>
    </div>
  );
}

/** Read-pretty renderer of `markdown`: the rendered, sanitised preview. */
export function MarkdownReadField(props: WidgetProps) {
  if (typeof props.value !== 'string' || props.value === '') return null;
  return (
    <div data-testid="markdown-read" className="markdown-widget">
      <Suspense fallback={loading()}>
        <LazyMarkdownRead {...props} />
      </Suspense>
    </div>
  );
}

/** List cell of `markdown`: the source text (whitespace collapsed) cut at 25 characters with '...'. */
export function MarkdownCell({ value }: CellProps) {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  const cut = cutText(text);
  return cut === text ? <>{text}</> : <span title={text}>{cut}</span>;
}

/** `markdown` — Markdown editor on @uiw/react-md-editor (spec 9 "Editors"). */
export const markdownWidget: WidgetDefinition = {
  type: 'markdown',
  title: 'Markdown',
  FormWidget: connect(MarkdownField, mapReadPretty(MarkdownReadField)),
  Cell: MarkdownCell,
  valueSchema: { type: ['string', 'null'] },
  defaultDbType: 'Text',
};
