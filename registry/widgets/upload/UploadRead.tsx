import { useRuntimeContext } from '../../context/RuntimeContext.js';
import type { CellProps } from '../../registry.js';
import { splitValue } from '../../shared/format.js';
import type { WidgetProps } from '../../shared/props.js';
import { ImageCell, ImageRead } from '../image/ImageRead.js';
import { DownloadLink, ShortName } from './FileRow.js';
import { PreviewLink } from './PreviewLink.js';
import { originalNameOf, type UploadMode } from './upload-model.js';

/**
 * Read-pretty of upload widgets: image mode shows thumbnails with preview; file mode one row per
 * file (`data-testid="upload-item"`): the name shortened to 5 characters plus '...', a 下载 link
 * and a 预览 link (the file preview dialog).
 */
export function UploadRead(props: WidgetProps & { mode: UploadMode }) {
  const { request } = useRuntimeContext();
  if (props.mode === 'image') return <ImageRead {...props} />;
  return (
    <div className="widget-read">
      {splitValue(props.value).map((p) => (
        <div key={p} data-testid="upload-item" style={{ display: 'flex', gap: 8 }}>
          <ShortName path={p} />
          <DownloadLink path={p} fileUrl={request.fileUrl} />
          <PreviewLink path={p} name={originalNameOf(p)} fileUrl={request.fileUrl} />
        </div>
      ))}
    </div>
  );
}

/**
 * List cell of upload widgets (spec 3 "Column types"): image mode the first thumbnail; file mode
 * each file's short name with a 下载 link (`data-testid="upload-download"`).
 */
export function UploadCell(props: CellProps & { mode: UploadMode }) {
  const { request } = useRuntimeContext();
  if (props.mode === 'image') return <ImageCell {...props} />;
  const paths = splitValue(props.value);
  if (!paths.length) return null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: '0 8px' }}>
      {paths.map((p) => (
        <span key={p} style={{ whiteSpace: 'nowrap' }}>
          <ShortName path={p} /> <DownloadLink path={p} fileUrl={request.fileUrl} />
        </span>
      ))}
    </span>
  );
}
