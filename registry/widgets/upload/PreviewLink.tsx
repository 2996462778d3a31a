/**
 * The 预览 action of an uploaded file (spec 9 "online preview URL"): a link
 * (`data-testid="upload-preview"`) that opens the file preview dialog. The dialog and every
 * viewer are loaded only on the first click, so lists and forms carry none of them.
 */
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { UPLOAD_TEXT } from '../../shared/upload-texts.js';
import { downloadStoredFile } from './actions.js';
import { originalNameOf } from './upload-model.js';

const FilePreviewModal = lazy(() => import('./preview/FilePreviewModal.js'));

/** A 预览 link for the stored `path` (`name`: the file name shown in the dialog's title, default the path's original name). */
export function PreviewLink({ path, name, fileUrl }: { path: string; name?: string; fileUrl: (path: string) => string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        data-testid="upload-preview"
        href={undefined}
        role="button"
        onClick={(e: MouseEvent) => {
          e.preventDefault();
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {UPLOAD_TEXT.preview}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <FilePreviewModal
            path={path}
            name={name || originalNameOf(path)}
            onDownload={() => downloadStoredFile(path, fileUrl)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
