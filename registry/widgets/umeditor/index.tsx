import { connect, mapReadPretty } from '@formily/react';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { CellProps, WidgetDefinition } from '../../registry.js';
import type { WidgetProps } from '../../shared/props.js';
import { sanitizeHtml } from '../../shared/sanitize.js';
import { cutText, htmlToText, UMEDITOR_HEIGHT } from './model.js';
import './rich-text.css';

/** wangEditor is heavy: its chunk loads only when a form shows the editor (docs/architecture.md "Libraries and heavy widgets"). */
const LazyUmeditorEdit = lazy(() => import('./UmeditorEdit.js'));

/** Edit renderer of `umeditor`: the lazily loaded wangEditor, a Spin while it loads. */
export function UmeditorField(props: WidgetProps<string>) {
  return (
    <div data-testid="umeditor" className="umeditor-widget">
      <Suspense
        fallback={
          <div style={{ height: props.extend?.height ?? UMEDITOR_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Spin />
          </div>
        }
      >
        <LazyUmeditorEdit {...props} />
      </Suspense>
    </div>
  );
}

/** Read-pretty renderer of `umeditor`: the HTML through the shared sanitising policy. */
export function UmeditorRead({ value }: WidgetProps) {
  const html = typeof value === 'string' ? sanitizeHtml(value) : '';
  return <div className="widget-read umeditor-read" data-testid="umeditor-read" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** List cell of `umeditor`: the text content, cut at 25 characters with '...' (whole text as tooltip). */
export function UmeditorCell({ value }: CellProps) {
  const text = htmlToText(value);
  const cut = cutText(text);
  return cut === text ? <>{text}</> : <span title={text}>{cut}</span>;
}

/** `umeditor` — rich text on wangEditor (spec 9 "Editors"; spec 7.3 rich-text image upload). */
export const umeditorWidget: WidgetDefinition = {
  type: 'umeditor',
  title: '富文本',
  FormWidget: connect(UmeditorField, mapReadPretty(UmeditorRead)),
  Cell: UmeditorCell,
  valueSchema: { type: ['string', 'null'] },
  defaultDbType: 'Text',
};
