import { useState } from 'react';
import { Button, Modal, Progress, Upload, message } from 'antd';
import type { UploadFile } from 'antd';
import { DownloadOutlined, ImportOutlined, InboxOutlined } from '@ant-design/icons';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { LIST_TEXT, importPartial, isExcelFile } from '../../src/runtime/list/list-texts';
import { useRuntimeContext } from '../../registry/context/RuntimeContext';
import { exportFileName } from '../../src/shared/time';

const ONLINE = '/online/cgform/api';

/** Export and import paths of a screen: its own url.exportXls / url.importExcel, else the online API. */
export function excelUrls(screen: Pick<ScreenSchema, 'id' | 'url'>): { exportXls: string; importExcel: string } {
  const code = encodeURIComponent(screen.id);
  return {
    exportXls: screen.url?.exportXls ?? `${ONLINE}/exportXls/${code}`,
    importExcel: screen.url?.importExcel ?? `${ONLINE}/importXls/${code}`,
  };
}

export interface ExportButtonProps {
  screen: ScreenSchema;
  /** the list's current query parameters */
  query: Record<string, string>;
  selectedRowKeys: string[];
  /** called after the export (the list clears its selection, spec 4.4) */
  onDone: () => void;
}

/**
 * 导出 (spec 7.3): downloads `.xlsx` of the current query and, when rows are selected, just
 * those (`selections`), named after the screen and the day (`银行账户_20261126.xlsx`); the button spins while
 * the server streams the file. A JSON answer (refusal) is shown as a warning.
 */
export function ExportButton({ screen, query, selectedRowKeys, onDone }: ExportButtonProps) {
  const { request } = useRuntimeContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!request.download) return;
    setBusy(true);
    const hide = message.loading(LIST_TEXT.exporting, 0);
    try {
      const fileName = exportFileName(screen.title);
      const params: Record<string, unknown> = { ...query, fileName };
      if (selectedRowKeys.length) params.selections = selectedRowKeys.join(',');
      const res = await request.download(excelUrls(screen).exportXls, params, fileName);
      if (!res.success) message.warning(res.message);
      onDone();
    } finally {
      hide();
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      导出
    </Button>
  );
}

export interface ImportButtonProps {
  screen: ScreenSchema;
  onImported: () => void;
}

/**
 * 导入 (spec 5.6, 7.3, 8): a dialog taking several .xlsx files (what the server reads), uploaded with a progress
 * bar; success → the server message; code 201 → warning dialog 导入成功，但有错误数据！ with the
 * message and a 点击下载 link to the bad rows (both answer shapes, api-contract §4.4); a failure
 * shows the server message as a warning.
 */
export function ImportButton({ screen, onImported }: ImportButtonProps) {
  const { request } = useRuntimeContext();
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [percent, setPercent] = useState<number | null>(null);

  const upload = async () => {
    if (!files.length) return void message.warning('请选择要导入的文件');
    const form = new FormData();
    for (const f of files) form.append('file', f.originFileObj as Blob, f.name);
    setPercent(0);
    try {
      const res = await request.upload(excelUrls(screen).importExcel, form, setPercent);
      if (res.success && res.code === 201) {
        const p = importPartial(res);
        const href = p.fileUrl ? request.fileUrl(p.fileUrl) : '';
        Modal.warning({
          title: LIST_TEXT.importPartial,
          width: 500,
          content: (
            <span data-testid="import-partial">
              {p.message}
              {href && (
                <>
                  {' '}
                  <a href={href} target="_blank" rel="noreferrer">
                    {LIST_TEXT.importDownload}
                  </a>
                </>
              )}
            </span>
          ),
        });
        setOpen(false);
        setFiles([]);
        onImported();
      } else if (res.success) {
        message.success(res.message);
        setOpen(false);
        setFiles([]);
        onImported();
      } else message.warning(res.message);
    } catch {
      // the request layer has shown the error
    } finally {
      setPercent(null);
    }
  };

  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        导入
      </Button>
      <Modal
        open={open}
        title="导入"
        maskClosable={false}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        onOk={() => void upload()}
        okText="开始导入"
        confirmLoading={percent !== null}
      >
        <Upload.Dragger
          multiple
          accept=".xlsx"
          fileList={files}
          beforeUpload={(file) => {
            if (!isExcelFile(file.name)) {
              message.warning(LIST_TEXT.importOnlyExcel);
              return Upload.LIST_IGNORE;
            }
            return false;
          }}
          onChange={({ fileList }) => setFiles(fileList)}
          data-testid="import-files"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{LIST_TEXT.importDrop}</p>
        </Upload.Dragger>
        {percent !== null && <Progress percent={percent} size="small" />}
      </Modal>
    </>
  );
}
