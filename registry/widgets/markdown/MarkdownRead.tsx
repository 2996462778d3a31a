/** Read-pretty renderer of `markdown`: the rendered preview, raw HTML and URLs through the shared policy. Loaded lazily. */
import MDEditor from '@uiw/react-md-editor';
import type { WidgetProps } from '../../shared/props.js';
import { safePreviewOptions } from './preview.js';

export default function MarkdownRead({ value }: WidgetProps) {
  return (
    <MDEditor.Markdown
      {...safePreviewOptions}
      className="widget-read markdown-read"
      source={typeof value === 'string' ? value : ''}
      wrapperElement={{ 'data-color-mode': 'light' }}
    />
  );
}
