import { useCallback, useState } from 'react';
import { Button, Card, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import ReportListPage from '../../../../renderers/list/ReportListPage';
import { usePagedList } from '../system/usePagedList';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
import { DESIGNER_UI } from './designerTexts';
import AddMenuModal from './AddMenuModal';
import CgreportEditor from './CgreportEditor';

const T = DESIGNER_UI.report;

/** A head of GET /online/cgreport/head/list (server: src/server/online/designer/report-routes.ts). */
interface ReportHead {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  updateTime?: string;
  createTime?: string;
}

/**
 * Online报表配置 (menu /online/cgreport, component online/CgreportList; spec 2.2 "report head
 * list"): every SQL report (onl_cgreport_head) with code, name and SQL; query by code and name;
 * add and edit in the report editor (SQL解析 fills the column and parameter grids), delete, add
 * to the menu under a chosen parent, and preview (the report's list page in a dialog, as its menu entry /online/cgreport/{id} shows it).
 * Each action shows to holders of its `online:report:*` button, which the server checks.
 */
export default function CgreportList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const can = (a: string) => hasPermission(`online:report:${a}`, { auth, allAuth });
  const [form] = Form.useForm<{ code?: string; name?: string }>();
  const params = useCallback(() => {
    const v = form.getFieldsValue();
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== ''));
  }, [form]);
  const list = usePagedList<ReportHead>('/online/cgreport/head/list', params);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [menuFor, setMenuFor] = useState<string>();
  const [preview, setPreview] = useState<ReportHead>();

  const done = list.answered;

  return (
    <Card variant="borderless" data-page="cgreport-list">
      <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={() => list.toFirstPage()}>
        <Form.Item name="code" label={T.code}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="name" label={T.name}>
          <Input allowClear />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {DESIGNER_UI.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              list.toFirstPage();
            }}
          >
            {DESIGNER_UI.reset}
          </Button>
        </Space>
      </Form>
      {can('add') && (
        <Button type="primary" data-action="add" style={{ marginBottom: 12 }} onClick={() => setEditing({})}>
          {T.add}
        </Button>
      )}
      <Table<ReportHead>
        rowKey="id"
        size="middle"
        bordered
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: T.code, dataIndex: 'code' },
          { title: T.name, dataIndex: 'name' },
          { title: T.sql, dataIndex: 'cgrSql', ellipsis: true },
          { title: T.updateTime, dataIndex: 'updateTime', render: (v: string, r) => v ?? r.createTime },
          {
            title: DESIGNER_UI.action,
            key: 'action',
            render: (_: unknown, row: ReportHead) => (
              <Space size="small" wrap>
                {can('edit') && (
                  <a data-action="edit" onClick={() => setEditing({ id: row.id })}>
                    {T.edit}
                  </a>
                )}
                {can('preview') && (
                  <a data-action="preview" onClick={() => setPreview(row)}>
                    {T.preview}
                  </a>
                )}
                {can('menu') && (
                  <a data-action="menu" onClick={() => setMenuFor(row.id)}>
                    {DESIGNER_UI.addMenu}
                  </a>
                )}
                {can('delete') && (
                  <Popconfirm
                    title={T.delConfirm}
                    onConfirm={async () => done(await request.delete('/online/cgreport/head/delete', { id: row.id }))}
                  >
                    <a data-action="delete">{DESIGNER_UI.del}</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <CgreportEditor
        open={!!editing}
        id={editing?.id}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void list.reload();
        }}
      />
      <Modal
        open={!!preview}
        width={1100}
        title={`${T.preview}：${preview?.name ?? ''}`}
        footer={null}
        onCancel={() => setPreview(undefined)}
        destroyOnHidden
      >
        {preview && <ReportListPage code={preview.id} />}
      </Modal>
      <AddMenuModal id={menuFor} url="/online/cgreport/head/addMenu" onClose={() => setMenuFor(undefined)} onDone={done} />
    </Card>
  );
}
