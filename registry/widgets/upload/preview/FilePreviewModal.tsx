/**
 * The file preview dialog (spec 9 "online preview URL"), a JModal loaded lazily by PreviewLink.
 * With the server's ONLINE_PREVIEW_URL set, the formats that service handles open in it
 * (`?url=<base64 of the file's absolute address>` in an iframe; a stored file's address is signed
 * by the server for that file and ~10 minutes, signed-address.ts, never the session's file key).
 * Otherwise the built-in viewer of the file's type — image, PDF, Word .docx, Excel .xlsx, text,
 * markdown — each loaded lazily, shows the file read with the caller's session (request port). Other types, and a file that
 * cannot be read, say so with a 下载 button.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { JModal } from '../../../components/j-modal/JModal.js';
import { useRuntimeContext } from '../../../context/RuntimeContext.js';
import { PREVIEW_TEXT as T } from './texts.js';
import { loadOnlinePreviewUrl } from './online-config.js';
import { absoluteUrl, onlinePreviewUrl, previewKindOf, usesOnlinePreview, type PreviewKind } from './preview-model.js';
import { readStoredFile } from './read-file.js';
import { previewServiceAddress } from './signed-address.js';
import { ImageView, MarkdownView, PdfView, PREVIEW_FRAME_HEIGHT, TextView, type ViewerProps } from './viewers.js';

const VIEWERS: Record<Exclude<PreviewKind, 'none'>, ComponentType<ViewerProps>> = {
  image: ImageView,
  pdf: PdfView,
  text: TextView,
  markdown: MarkdownView,
  docx: lazy(() => import('./DocxView.js')),
  xlsx: lazy(() => import('./SheetView.js')),
};

export interface FilePreviewModalProps {
  /** the stored path (relative, or an http(s) address) */
  path: string;
  /** the file name shown in the title */
  name: string;
  /** downloads the file (the 下载 button) */
  onDownload: () => void;
  onClose: () => void;
}

type Shown =
  | { kind: 'loading' }
  | { kind: 'online'; src: string }
  | { kind: 'unsupported' }
  | { kind: 'failed'; reason?: string }
  | { kind: 'file'; blob: Blob };

/** The server's own message when it refused the file with an envelope (getBlob's error); transport errors were shown already. */
function errorText(e: unknown): string | undefined {
  const message = (e as { envelope?: { message?: unknown } } | null)?.envelope?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** What the dialog shows for `path`: decided once per path. */
function usePreview(path: string): Shown {
  const { request } = useRuntimeContext();
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    const show = (s: Shown) => live && setShown(s);
    void (async () => {
      const base = await loadOnlinePreviewUrl(request);
      if (previewKindOf(path) === 'none' && !usesOnlinePreview(base, path)) return show({ kind: 'unsupported' });
      try {
        if (base && usesOnlinePreview(base, path)) {
          const address = await previewServiceAddress(request, path);
          return show({ kind: 'online', src: onlinePreviewUrl(base, absoluteUrl(address, window.location.origin)) });
        }
        show({ kind: 'file', blob: await readStoredFile(request, path) });
      } catch (e) {
        show({ kind: 'failed', reason: errorText(e) });
      }
    })();
    return () => {
      live = false;
    };
  }, [path, request]);
  return shown;
}

/** The preview dialog of one stored file; `onClose` closes it. Default export for lazy loading. */
export default function FilePreviewModal({ path, name: title, onDownload, onClose }: FilePreviewModalProps) {
  const shown = usePreview(path);
  const download = (
    <Button key="download" icon={<DownloadOutlined />} onClick={onDownload}>
      {T.download}
    </Button>
  );
  let body;
  if (shown.kind === 'loading')
    body = (
      <Spin tip={T.loading}>
        <div style={{ height: 120 }} />
      </Spin>
    );
  else if (shown.kind === 'online')
    body = (
      <iframe
        data-testid="preview-online"
        title={title}
        src={shown.src}
        style={{ width: '100%', height: PREVIEW_FRAME_HEIGHT, border: 0 }}
      />
    );
  else if (shown.kind === 'unsupported')
    body = (
      <div data-testid="preview-unsupported">
        <Result status="info" title={T.unsupported} subTitle={T.unsupportedHint} extra={download} />
      </div>
    );
  else if (shown.kind === 'failed')
    body = (
      <div data-testid="preview-failed">
        <Result status="warning" title={T.failed} subTitle={shown.reason} extra={download} />
      </div>
    );
  else {
    const Viewer = VIEWERS[previewKindOf(path) as Exclude<PreviewKind, 'none'>];
    body = (
      <Suspense fallback={<Spin />}>
        <Viewer blob={shown.blob} name={title} />
      </Suspense>
    );
  }
  return (
    <JModal
      open
      title={T.title(title)}
      width={1000}
      switchFullscreen
      onClose={onClose}
      footer={[
        download,
        <Button key="close" type="primary" onClick={onClose}>
          {T.close}
        </Button>,
      ]}
    >
      <div data-testid="file-preview">{body}</div>
    </JModal>
  );
}
