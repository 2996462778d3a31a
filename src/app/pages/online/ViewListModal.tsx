import { useCallback, useState } from 'react';
import { Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { usePagedList } from '../system/usePagedList';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { DESIGNER_UI as T } from './designerTexts';
import { EDITOR_UI } from './designer/editorTexts';
import AddMenuModal from './AddMenuModal';

/** A view of a physical form, as GET /online/cgform/head/list?physicId= lists it. */
interface ViewRow {
  id: string;
  tableName: string;
  tableTxt: string;
  tableVersion: number;
  isBuiltIn: boolean;
}

/**
 * 视图列表 (JeecgBoot's copy list): the views (`copyOnline` copies, `viewOf`) of the physical form
 * `owner`, each with 打开 (the screen at once, same rows as its form; like any screen it reads
 * through its menu entry), 添加菜单, 编辑 (or 查看 for a built-in
 * view: `onEdit(id)`) and 删除 (the view only: its form's table stays). `can(action)` tells which
 * `online:form:*` buttons the user holds (the server checks them). Closed while `owner` is undefined.
 */
export default function ViewListModal({
  owner,
  can,
  onEdit,
  onClose,
}: {
  owner?: { id: string; tableTxt: string };
  can: (action: string) => boolean;
  onEdit: (id: string) => void;
  onClose: () => void;
}) {
  if (!owner) return null;
  return <ViewList owner={owner} can={can} onEdit={onEdit} onClose={onClose} />;
}

function ViewList({
  owner,
  can,
  onEdit,
  onClose,
}: { owner: { id: string; tableTxt: string } } & Omit<Parameters<typeof ViewListModal>[0], 'owner'>) {
  const { request } = useRuntimeContext();
  const navigate = useNavigate();
  const params = useCallback(() => ({ physicId: owner.id }), [owner.id]);
  const list = usePagedList<ViewRow>('/online/cgform/head/list', params);
  const [menuFor, setMenuFor] = useState<string>();
  const done = list.answered;
  return (
    <Modal open title={T.viewsTitle(owner.tableTxt)} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<ViewRow>
        data-page="cgform-views"
        rowKey="id"
        size="small"
        bordered
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: T.formCode, dataIndex: 'id' },
          { title: T.tableTxt, dataIndex: 'tableTxt' },
          { title: T.version, dataIndex: 'tableVersion' },
          { title: T.source, dataIndex: 'isBuiltIn', render: (v: boolean) => (v ? <Tag>{T.builtIn}</Tag> : T.fromDb) },
          {
            title: T.action,
            key: 'action',
            render: (_: unknown, row: ViewRow) => (
              <Space size="small">
                <a data-action="open" onClick={() => navigate(`/online/cgformList/${row.id}`)}>
                  {T.open}
                </a>
                {can('menu') && (
                  <a data-action="menu" onClick={() => setMenuFor(row.id)}>
                    {T.addMenu}
                  </a>
                )}
                {row.isBuiltIn ? (
                  <a data-action="view" onClick={() => onEdit(row.id)}>
                    {EDITOR_UI.view}
                  </a>
                ) : (
                  can('edit') && (
                    <a data-action="edit" onClick={() => onEdit(row.id)}>
                      {EDITOR_UI.edit}
                    </a>
                  )
                )}
                {!row.isBuiltIn && can('delete') && (
                  <Popconfirm
                    title={T.viewDelConfirm}
                    onConfirm={async () => done(await request.delete('/online/cgform/head/delete', { id: row.id }))}
                  >
                    <a data-action="delete">{T.del}</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <AddMenuModal id={menuFor} url="/online/cgform/head/addMenu" onClose={() => setMenuFor(undefined)} onDone={done} />
    </Modal>
  );
}
