import { useCallback, useState } from 'react';
import { Button, Card, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, Tag, message } from 'antd';
import { useNavigate } from 'react-router-dom';
import { usePagedList } from '../system/usePagedList';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
import { DESIGNER_UI as T } from './designerTexts';
import AddMenuModal from './AddMenuModal';

/** A head of GET /online/cgform/head/list (server: src/server/online/designer/routes.ts). */
interface HeadRow {
  id: string;
  tableName: string;
  tableTxt: string;
  tableType: number;
  tableVersion: number;
  isDbSynch: string;
  isBuiltIn: boolean;
}

/**
 * 在线表单开发 (menu /online/cgform, component online/CgformList): every screen — the built-in
 * file screens (read-only, 内置) and those authored online — with table name, title, type,
 * version and sync state; query by table name and type; sync to the database (normal, or force
 * after the server named what a normal sync refused), copy as a new table, add to the menu
 * under a chosen parent, remove the configuration or delete it with its table, and open the
 * screen. Each action shows to holders of its `online:form:*` button, which the server checks.
 */
export default function CgformList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const navigate = useNavigate();
  const can = (a: string) => hasPermission(`online:form:${a}`, { auth, allAuth });
  const [form] = Form.useForm<{ tableName?: string; tableType?: string }>();
  const params = useCallback(() => {
    const v = form.getFieldsValue();
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== ''));
  }, [form]);
  const list = usePagedList<HeadRow>('/online/cgform/head/list', params);
  const [syncing, setSyncing] = useState<{ row: HeadRow; mode: 'normal' | 'force'; refused?: string } | null>(null);
  const [menuFor, setMenuFor] = useState<string>();

  const done = (res: { success: boolean; message: string }) => {
    if (res.success) {
      message.success(res.message);
      void list.reload();
    } else message.warning(res.message);
    return res.success;
  };

  const sync = async () => {
    if (!syncing) return;
    const res = await request.post(`/online/cgform/api/doDbSynch/${syncing.row.id}/${syncing.mode}`, {});
    if (res.success) {
      done(res);
      setSyncing(null);
    } else setSyncing({ ...syncing, mode: 'force', refused: res.message });
  };

  return (
    <Card variant="borderless" data-page="cgform-list">
      <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={() => list.toFirstPage()}>
        <Form.Item name="tableName" label={T.tableName}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="tableType" label={T.tableType}>
          <Select allowClear style={{ width: 120 }} options={Object.entries(T.tableTypes).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {T.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              list.toFirstPage();
            }}
          >
            {T.reset}
          </Button>
        </Space>
      </Form>
      <Table<HeadRow>
        rowKey="id"
        size="middle"
        bordered
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: T.tableName, dataIndex: 'tableName' },
          { title: T.tableTxt, dataIndex: 'tableTxt' },
          { title: T.tableType, dataIndex: 'tableType', render: (v: number) => T.tableTypes[String(v)] ?? v },
          { title: T.version, dataIndex: 'tableVersion' },
          {
            title: T.synced,
            dataIndex: 'isDbSynch',
            render: (v: string) => (v === 'Y' ? <Tag color="green">{T.syncedYes}</Tag> : <Tag color="red">{T.syncedNo}</Tag>),
          },
          { title: T.source, dataIndex: 'isBuiltIn', render: (v: boolean) => (v ? <Tag>{T.builtIn}</Tag> : T.fromDb) },
          {
            title: T.action,
            key: 'action',
            render: (_: unknown, row: HeadRow) => (
              <Space size="small" wrap>
                <a data-action="open" onClick={() => navigate(`/online/cgformList/${row.id}`)}>
                  {T.open}
                </a>
                {!row.isBuiltIn && can('sync') && (
                  <a data-action="sync" onClick={() => setSyncing({ row, mode: 'normal' })}>
                    {T.sync}
                  </a>
                )}
                {can('copy') && (
                  <a data-action="copy" onClick={async () => done(await request.post(`/online/cgform/head/copyOnlineTable/${row.id}`, {}))}>
                    {T.copy}
                  </a>
                )}
                {can('menu') && (
                  <a data-action="menu" onClick={() => setMenuFor(row.id)}>
                    {T.addMenu}
                  </a>
                )}
                {!row.isBuiltIn && can('delete') && (
                  <>
                    <Popconfirm
                      title={T.removeConfirm}
                      onConfirm={async () => done(await request.delete('/online/cgform/head/removeRecord', { id: row.id }))}
                    >
                      <a data-action="remove">{T.remove}</a>
                    </Popconfirm>
                    <Popconfirm
                      title={T.delConfirm}
                      onConfirm={async () => done(await request.delete('/online/cgform/head/delete', { id: row.id }))}
                    >
                      <a data-action="delete">{T.del}</a>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!syncing}
        title={syncing ? T.syncTitle(syncing.row.tableTxt) : ''}
        onCancel={() => setSyncing(null)}
        onOk={() => {
          if (syncing?.mode === 'force') Modal.confirm({ title: T.forceConfirm, content: syncing.refused, onOk: sync });
          else void sync();
        }}
        destroyOnHidden
      >
        <Radio.Group
          value={syncing?.mode}
          onChange={(e) => syncing && setSyncing({ ...syncing, mode: e.target.value as 'normal' | 'force' })}
        >
          <Space direction="vertical">
            <Radio value="normal">{T.syncNormal}</Radio>
            <Radio value="force">{T.syncForce}</Radio>
          </Space>
        </Radio.Group>
        {syncing?.refused && <p style={{ color: '#cf1322', marginTop: 12 }}>{syncing.refused}</p>}
      </Modal>
      <AddMenuModal id={menuFor} url="/online/cgform/head/addMenu" onClose={() => setMenuFor(undefined)} onDone={done} />
    </Card>
  );
}
