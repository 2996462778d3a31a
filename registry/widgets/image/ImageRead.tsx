import { Image } from 'antd';
import { useRuntimeContext } from '../../context/RuntimeContext.js';
import type { CellProps } from '../../registry.js';
import type { WidgetProps } from '../../shared/props.js';
import { splitValue } from '../../shared/format.js';
import { originalNameOf, urlOf } from '../upload/upload-model.js';

/** Read-pretty of `image`: every image as an 80 px thumbnail, previewed together (antd Image preview). */
export function ImageRead({ value }: WidgetProps) {
  const { request } = useRuntimeContext();
  const paths = splitValue(value);
  return (
    <Image.PreviewGroup>
      <div className="widget-read" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {paths.map((p) => (
          <div key={p} data-testid="upload-item">
            <Image width={80} height={80} style={{ objectFit: 'cover' }} src={urlOf(p, request.fileUrl)} alt={originalNameOf(p)} />
          </div>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}

/** List cell of `image` (spec 3 "Column types"): the first image as a small thumbnail, previewed on click. */
export function ImageCell({ value }: CellProps) {
  const { request } = useRuntimeContext();
  const first = splitValue(value)[0];
  if (!first) return null;
  return (
    <Image height={25} style={{ maxWidth: 80, objectFit: 'contain' }} src={urlOf(first, request.fileUrl)} alt={originalNameOf(first)} />
  );
}
