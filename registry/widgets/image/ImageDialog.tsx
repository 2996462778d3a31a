import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Image, Input, message, Modal, Tabs, Upload } from 'antd';
import { useState } from 'react';
import { UPLOAD_TEXT } from '../../shared/upload-texts.js';
import { isImageFile, newUid, storedItem } from '../upload/upload-model.js';
import type { UploadList } from '../upload/useUploadList.js';
import { ImageCard } from './ImageCard.js';
import { confirmImageDialog } from './image-model.js';

export interface ImageDialogProps {
  open: boolean;
  /** The field's upload list: local uploads join it as drafts until OK. */
  list: UploadList;
  onClose: () => void;
}

/**
 * The image upload dialog (spec 2.6, 5.6), titled 添加图片, with the tabs 本地上传 (a 点击上传
 * button, `data-testid="upload-input"`, images only — 请上传图片 — each uploaded at once as a
 * draft) and 网络图片地址 (a free-text address that must start with http:// or https://, and an
 * optional remark). OK with nothing uploaded or entered warns 未上传任何文件; OK adds the
 * uploads and the address to the list; cancel drops the uploads.
 */
export function ImageDialog({ open, list, onClose }: ImageDialogProps) {
  const [tab, setTab] = useState('local');
  const [url, setUrl] = useState('');
  const [remark, setRemark] = useState('');
  const drafts = list.items.filter((f) => f.draft);

  const finish = () => {
    setTab('local');
    setUrl('');
    setRemark('');
    onClose();
  };
  const onOk = () => {
    const r = confirmImageDialog({ drafts, url, remark, count: list.visible.length, max: list.max });
    if ('warning' in r) {
      void message.warning(r.warning);
      return;
    }
    const add = r.network ? [storedItem(r.network.path, list.fileUrl, newUid('image'), r.network.remark)] : [];
    list.dispatch({ type: 'commitDrafts', add });
    finish();
  };
  const onCancel = () => {
    list.dispatch({ type: 'dropDrafts' });
    finish();
  };

  const local = (
    <div>
      {list.room > 0 ? (
        <Upload
          data-testid="upload-input"
          accept="image/*"
          multiple={list.max === undefined || list.room > 1}
          showUploadList={false}
          beforeUpload={(file, batch) => {
            if (!isImageFile(file)) {
              void message.warning(UPLOAD_TEXT.imageOnly);
              return Upload.LIST_IGNORE;
            }
            if (list.max !== undefined && batch[0] === file && batch.length > list.room) void message.warning(UPLOAD_TEXT.limit(list.max));
            if (batch.indexOf(file) < list.room) list.upload(file, { draft: true });
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />}>{UPLOAD_TEXT.upload}</Button>
        </Upload>
      ) : null}
      {drafts.length ? (
        <Image.PreviewGroup>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 12 }}>
            {drafts.map((item) => (
              <ImageCard key={item.uid} item={item} onRemove={() => list.dispatch({ type: 'remove', uid: item.uid })} />
            ))}
          </div>
        </Image.PreviewGroup>
      ) : null}
    </div>
  );
  const network = (
    <Form layout="vertical" component="div">
      <Form.Item label={UPLOAD_TEXT.networkLabel}>
        <Input
          data-testid="image-url"
          value={url}
          placeholder={UPLOAD_TEXT.networkPlaceholder}
          onChange={(e) => setUrl(e.target.value)}
          allowClear
        />
      </Form.Item>
      <Form.Item label={UPLOAD_TEXT.remarkLabel}>
        <Input value={remark} placeholder={UPLOAD_TEXT.remarkPlaceholder} onChange={(e) => setRemark(e.target.value)} allowClear />
      </Form.Item>
    </Form>
  );
  return (
    <Modal title={UPLOAD_TEXT.addImage} open={open} onOk={onOk} onCancel={onCancel} maskClosable={false} destroyOnHidden width={560}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'local', label: UPLOAD_TEXT.localTab, children: local },
          { key: 'network', label: UPLOAD_TEXT.networkTab, children: network },
        ]}
      />
    </Modal>
  );
}
