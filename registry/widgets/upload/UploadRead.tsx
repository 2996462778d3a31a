import { Image, Space } from 'antd';
import { useRuntimeContext } from '../../../renderers/context/RuntimeContext.js';
import type { CellProps } from '../../registry.js';
import { ReadText } from '../../shared/cells.js';
import { fileNameOf, shortFileName, splitValue } from '../../shared/format.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import type { WidgetProps } from '../../shared/props.js';
import type { UploadMode } from './UploadEdit.js';

/** Read-pretty of upload widgets: image thumbnails (with preview) or file links with short names. */
export function UploadRead({ value, mode }: WidgetProps & { mode: UploadMode }) {
  const { request } = useRuntimeContext();
  const paths = splitValue(value);
  if (mode === 'image') {
    return (
      <Image.PreviewGroup>
        <Space wrap>
          {paths.map((p) => (
            <Image key={p} width={80} height={80} style={{ objectFit: 'cover' }} src={request.fileUrl(p)} alt={fileNameOf(p)} />
          ))}
        </Space>
      </Image.PreviewGroup>
    );
  }
  return (
    <ReadText>
      <Space wrap>
        {paths.map((p) => (
          <a key={p} href={request.fileUrl(p)} target="_blank" rel="noreferrer" title={fileNameOf(p)}>
            {shortFileName(fileNameOf(p))}
          </a>
        ))}
      </Space>
    </ReadText>
  );
}

/** List cell of upload widgets: a thumbnail of the first image, or a 下载 link to the first file. */
export function UploadCell({ value, mode }: CellProps & { mode: UploadMode }) {
  const { request } = useRuntimeContext();
  const first = splitValue(value)[0];
  if (!first) return null;
  const url = request.fileUrl(first);
  if (mode === 'image') return <img src={url} alt={fileNameOf(first)} style={{ height: 25, maxWidth: 80, objectFit: 'contain' }} />;
  return (
    <a href={url} target="_blank" rel="noreferrer" title={fileNameOf(first)}>
      {WIDGET_TEXT.download}
    </a>
  );
}
