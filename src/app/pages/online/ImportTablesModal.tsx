import { useCallback, useState } from 'react';
import { Input, Modal, Table, message } from 'antd';
import { usePagedList } from '../system/usePagedList';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { DESIGNER_UI as T } from './designerTexts';

/**
 * 从数据库导入表: the database's tables no screen uses yet (`GET /online/cgform/head/queryTables`,
 * searched by name, paged), several picked across pages; 确定 makes a screen of each
 * (`POST /online/cgform/head/transTables/{a,b}`), then `onDone()` (the head list reloads) — the new
 * screens are unsynced until synced like any other. Mounted only while open.
 */
export default function ImportTablesModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { request } = useRuntimeContext();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const params = useCallback(() => (search ? { tableName: search } : {}), [search]);
  const list = usePagedList<{ id: string }>('/online/cgform/head/queryTables', params);

  const importPicked = async () => {
    if (!picked.length) return void message.warning(T.importPick);
    setBusy(true);
    const res = await request.post(`/online/cgform/head/transTables/${picked.map(encodeURIComponent).join(',')}`, {}).catch(() => null);
    setBusy(false);
    if (!res) return;
    if (res.success) {
      message.success(res.message);
      onDone();
    } else message.warning(res.message);
  };

  return (
    <Modal open title={T.importTables} width={640} onCancel={onClose} onOk={importPicked} confirmLoading={busy} destroyOnHidden>
      <Input.Search
        placeholder={T.importSearch}
        allowClear
        onSearch={(v) => {
          setSearch(v.trim());
          list.toFirstPage();
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<{ id: string }>
        data-page="cgform-import"
        rowKey="id"
        size="small"
        bordered
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        rowSelection={{ selectedRowKeys: picked, preserveSelectedRowKeys: true, onChange: (keys) => setPicked(keys.map(String)) }}
        columns={[{ title: T.tableName, dataIndex: 'id' }]}
      />
    </Modal>
  );
}
