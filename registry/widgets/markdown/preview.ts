/**
 * The markdown preview's safety options, shared by the editor's preview pane and the
 * read-pretty view: raw HTML inside the markdown goes through the shared rich-text policy
 * (registry/shared/sanitize.ts) and every link/image URL through the same URL rule.
 */
import type { MDEditorProps } from '@uiw/react-md-editor';
import { sanitizeHtml } from '../../shared/sanitize.js';
import { remarkSanitizeHtml, safeUrlTransform } from './model.js';

export type MarkdownPreviewOptions = NonNullable<MDEditorProps['previewOptions']>;

export const safePreviewOptions: MarkdownPreviewOptions = {
  remarkPlugins: [remarkSanitizeHtml(sanitizeHtml)],
  urlTransform: safeUrlTransform,
};
