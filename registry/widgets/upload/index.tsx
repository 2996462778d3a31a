import { connect, mapReadPretty } from '@formily/react';
import type { CellProps, EditableCellProps, WidgetDefinition } from '../../registry.js';
import type { WidgetProps } from '../../shared/props.js';
import { dbValueSchema } from '../../../src/shared/value-schema.js';
import { UploadEdit } from './UploadEdit.js';
import { UploadCell, UploadRead } from './UploadRead.js';
import { UploadCellEdit } from './UploadCellEdit.js';
import type { UploadMode } from './upload-model.js';

export { UploadEdit, type UploadEditProps } from './UploadEdit.js';
export { UploadCell, UploadRead } from './UploadRead.js';
export { UploadCellEdit } from './UploadCellEdit.js';
export { FilePopup, type FilePopupProps } from './FilePopup.js';
export { DownloadLink, FileRow, ShortName, StatusTip } from './FileRow.js';
export { downloadStoredFile, showFailure } from './actions.js';
export { PreviewLink } from './PreviewLink.js';
export { useUploadList, type UploadList, type UploadListOptions } from './useUploadList.js';
export * from './upload-model.js';

/**
 * Builds an upload widget definition in file or image mode (spec 3: upload, file, image;
 * spec 4.3 upload states). The stored value is the comma-joined list of relative paths;
 * extend.uploadnum caps the count, extend.biz names the upload folder (default temp).
 */
export function createUploadWidget(type: string, title: string, mode: UploadMode): WidgetDefinition {
  const Edit = (props: WidgetProps<string>) => <UploadEdit {...props} mode={mode} />;
  const Read = (props: WidgetProps) => <UploadRead {...props} mode={mode} />;
  const Cell = (props: CellProps) => <UploadCell {...props} mode={mode} />;
  const EditableCell = (props: EditableCellProps<string>) => <UploadCellEdit {...props} mode={mode} />;
  return {
    type,
    title,
    FormWidget: connect(Edit, mapReadPretty(Read)),
    Cell,
    EditableCell,
    valueSchema: dbValueSchema,
    defaultDbType: 'string',
  };
}

/** `upload` — file upload (file mode). */
export const uploadWidget = createUploadWidget('upload', '文件上传', 'file');
