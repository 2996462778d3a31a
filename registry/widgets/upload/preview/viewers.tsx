/**
 * The light viewers of the file preview (spec 9): image, PDF (the browser's own viewer in an
 * iframe), text and markdown (rendered by the markdown widget's read view: raw HTML and URLs
 * through the shared DOMPurify policy). Each receives the file's blob; the Word and Excel
 * viewers live in their own lazily loaded files (DocxView, SheetView).
 */
import { Alert, Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { PREVIEW_TEXT as T } from './texts.js';
import { decodeText } from './preview-model.js';

/** Props of every viewer: the file's bytes and its shown name. */
export interface ViewerProps {
  blob: Blob;
  name: string;
}

/** Height of the frame-like viewers (PDF, online service). */
export const PREVIEW_FRAME_HEIGHT = '70vh';

const LazyMarkdownRead = lazy(() => import('../../markdown/MarkdownRead.js'));

/** An object URL of `blob` for as long as the component shows it (revoked after). */
function useObjectUrl(blob: Blob): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

/** The decoded text of a blob (UTF-8, else GB18030; the first 1 MB), undefined while reading. */
function useBlobText(blob: Blob): { text: string; truncated: boolean } | undefined {
  const [out, setOut] = useState<{ text: string; truncated: boolean }>();
  useEffect(() => {
    let live = true;
    void blob.arrayBuffer().then((buf) => live && setOut(decodeText(new Uint8Array(buf))));
    return () => {
      live = false;
    };
  }, [blob]);
  return out;
}

/** An image, scaled down to the dialog's width. */
export function ImageView({ blob, name }: ViewerProps) {
  const url = useObjectUrl(blob);
  return (
    <div style={{ textAlign: 'center' }}>
      {url ? <img data-testid="preview-image" src={url} alt={name} style={{ maxWidth: '100%' }} /> : null}
    </div>
  );
}

/** A PDF in the browser's PDF viewer. */
export function PdfView({ blob, name }: ViewerProps) {
  const url = useObjectUrl(blob);
  return url ? (
    <iframe data-testid="preview-pdf" title={name} src={url} style={{ width: '100%', height: PREVIEW_FRAME_HEIGHT, border: 0 }} />
  ) : null;
}

const CutNote = ({ shown }: { shown: boolean }) =>
  shown ? <Alert type="info" showIcon message={T.textCut} style={{ marginBottom: 8 }} /> : null;

/** Plain text, as it is (never interpreted as HTML). */
export function TextView({ blob }: ViewerProps) {
  const read = useBlobText(blob);
  if (!read) return <Spin />;
  return (
    <>
      <CutNote shown={read.truncated} />
      <pre data-testid="preview-text" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, fontSize: 13 }}>
        {read.text}
      </pre>
    </>
  );
}

/** Markdown rendered safely (the markdown widget's read view). */
export function MarkdownView({ blob }: ViewerProps) {
  const read = useBlobText(blob);
  const value = useMemo(() => read?.text ?? '', [read]);
  if (!read) return <Spin />;
  return (
    <div data-testid="preview-markdown">
      <CutNote shown={read.truncated} />
      <Suspense fallback={<Spin />}>
        <LazyMarkdownRead value={value} />
      </Suspense>
    </div>
  );
}
