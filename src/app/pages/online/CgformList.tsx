import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, Card, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { usePagedList } from '../system/usePagedList';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
import { DESIGNER_UI as T } from './designerTexts';
import AddMenuModal from './AddMenuModal';
import ViewAsModal from './ViewAsModal';
import ActionsLinkageModal from './ActionsLinkageModal';
import ViewListModal from './ViewListModal';
import ImportTablesModal from './ImportTablesModal';
import { AUTHORING_UI } from './authoringTexts';
import { EDITOR_UI } from './designer/editorTexts';

// the editor (handsontable) and the other designer views load only when opened
const CgformEditor = lazy(() => import('./designer/CgformEditor'));
const VersionsModal = lazy(() => import('./designer/VersionsModal'));
const EnhanceJsModal = lazy(() => import('./designer/EnhanceJsModal'));

/** A head of GET /online/cgform/head/list (server: src/server/online/designer/routes.ts). */
interface HeadRow {
  id: string;
  tableName: string;
  tableTxt: string;
  tableType: number;
  tableVersion: number;
  isDbSynch: string;
  isBuiltIn: boolean;
  /** 1 when views (copyOnline copies) of this form exist. */
  hascopy: number;
}

/** GET /online/cgform/api/syncPlan/{id}: what a sync would change (server: src/server/online/ddl.ts planScreenSync). */
interface SyncPlan {
  create: boolean;
  add: string[];
  alter: string[];
  destructive: string[];
}

/**
 * 在线表单开发 (menu /online/cgform, component online/CgformList): every screen — the built-in
 * file screens (read-only, 内置) and those authored online — with table name, title, type,
 * version and sync state; query by table name, title and type; sync to the database (normal, or force
 * after a confirmation naming what the server's plan drops or converts), copy as a new table, add to the menu
 * under a chosen parent, remove the configuration or delete it with its table, and open the
 * screen; 复制视图 makes a view sharing the form's table (the list shows physical forms only, a
 * form's views in its 视图列表); 从数据库导入表 makes screens of existing tables; 新增/编辑 open the editor (a built-in screen opens read-only as 查看), 历史版本 the
 * versions view, JS增强 the enhancement editor. Each action shows to holders of its `online:form:*` button, which the server checks.
 */
export default function CgformList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const navigate = useNavigate();
  const can = (a: string) => hasPermission(`online:form:${a}`, { auth, allAuth });
  const [form] = Form.useForm<{ tableName?: string; tableTxt?: string; tableType?: string }>();
  const params = useCallback(() => {
    const v = form.getFieldsValue();
    // physical forms only (copyType 0): views are listed under their form
    return { ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')), copyType: '0' };
  }, [form]);
  const list = usePagedList<HeadRow>('/online/cgform/head/list', params);
  const [syncing, setSyncing] = useState<{ row: HeadRow; mode: 'normal' | 'force'; refused?: string } | null>(null);
  const [menuFor, setMenuFor] = useState<string>();
  const [viewAs, setViewAs] = useState<{ id: string; title: string }>();
  const [actionsOf, setActionsOf] = useState<string>();
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [versionsOf, setVersionsOf] = useState<HeadRow>();
  const [enhanceOf, setEnhanceOf] = useState<HeadRow>();
  const [viewsOf, setViewsOf] = useState<HeadRow>();
  const [importing, setImporting] = useState(false);

  const done = list.answered;

  const sync = async () => {
    if (!syncing) return;
    // a failed call was shown by the request layer: the dialog stays for another try
    const res = await request.post(`/online/cgform/api/doDbSynch/${syncing.row.id}/${syncing.mode}`, {}).catch(() => null);
    if (!res) return;
    if (res.success) {
      done(res);
      setSyncing(null);
    } else setSyncing({ ...syncing, mode: 'force', refused: res.message });
  };

  // force: the confirmation names what will be dropped or converted (the server's plan), chosen first or after a refusal
  const confirmForce = async () => {
    if (!syncing) return;
    const res = await request.get<SyncPlan>(`/online/cgform/api/syncPlan/${syncing.row.id}`).catch(() => null);
    if (!res?.success) return;
    const plan = res.result;
    Modal.confirm({
      title: T.forceConfirm,
      width: 560,
      content: (
        <div data-part="force-plan">
          {plan.create && <p>{T.forceCreate}</p>}
          {plan.destructive.length ? (
            <>
              <p>{T.forceLoses}</p>
              <ul>
                {plan.destructive.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{T.forceNothingLost}</p>
          )}
        </div>
      ),
      onOk: sync,
    });
  };

  return (
    <Card variant="borderless" data-page="cgform-list">
      <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={() => list.toFirstPage()}>
        <Form.Item name="tableName" label={T.tableName}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="tableTxt" label={T.tableTxt}>
          <Input allowClear data-field="tableTxt" />
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
          {can('add') && (
            <Button type="primary" data-action="add" onClick={() => setEditing({})}>
              {EDITOR_UI.add}
            </Button>
          )}
          {can('import') && (
            <Button data-action="import" onClick={() => setImporting(true)}>
              {T.importTables}
            </Button>
          )}
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
          {
            title: T.tableTxt,
            dataIndex: 'tableTxt',
            render: (v: string, row: HeadRow) =>
              row.hascopy ? (
                <Space size={4}>
                  {v}
                  <Tag color="blue">{T.hasViews}</Tag>
                </Space>
              ) : (
                v
              ),
          },
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
                {row.isBuiltIn ? (
                  <a data-action="view" onClick={() => setEditing({ id: row.id })}>
                    {EDITOR_UI.view}
                  </a>
                ) : (
                  can('edit') && (
                    <a data-action="edit" onClick={() => setEditing({ id: row.id })}>
                      {EDITOR_UI.edit}
                    </a>
                  )
                )}
                {!row.isBuiltIn && (
                  <a data-action="versions" onClick={() => setVersionsOf(row)}>
                    {EDITOR_UI.versions}
                  </a>
                )}
                {!row.isBuiltIn && can('enhance') && (
                  <a data-action="enhance" onClick={() => setEnhanceOf(row)}>
                    {EDITOR_UI.enhance}
                  </a>
                )}
                {!row.isBuiltIn && can('sync') && (
                  <a data-action="sync" onClick={() => setSyncing({ row, mode: 'normal' })}>
                    {T.sync}
                  </a>
                )}
                {!row.isBuiltIn && can('edit') && (
                  <a data-action="actions" onClick={() => setActionsOf(row.id)}>
                    {AUTHORING_UI.actions.action}
                  </a>
                )}
                {can('preview') && row.isDbSynch === 'Y' && (
                  <a data-action="view-as" onClick={() => setViewAs({ id: row.id, title: row.tableTxt })}>
                    {AUTHORING_UI.viewAs.action}
                  </a>
                )}
                {can('copy') && (
                  <a data-action="copy" onClick={async () => done(await request.post(`/online/cgform/head/copyOnlineTable/${row.id}`, {}))}>
                    {T.copy}
                  </a>
                )}
                {can('copy') && (
                  <a
                    data-action="copy-view"
                    onClick={async () => done(await request.get('/online/cgform/head/copyOnline', { code: row.id }))}
                  >
                    {T.copyView}
                  </a>
                )}
                {row.hascopy > 0 && (
                  <a data-action="views" onClick={() => setViewsOf(row)}>
                    {T.views}
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
        onOk={() => (syncing?.mode === 'force' ? void confirmForce() : void sync())}
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
      <ViewListModal owner={viewsOf} can={can} onEdit={(id) => setEditing({ id })} onClose={() => setViewsOf(undefined)} />
      {importing && (
        <ImportTablesModal
          onClose={() => setImporting(false)}
          onDone={() => {
            setImporting(false);
            list.toFirstPage();
            void list.reload();
          }}
        />
      )}
      <ViewAsModal screen={viewAs} onClose={() => setViewAs(undefined)} />
      <ActionsLinkageModal
        screenId={actionsOf}
        onClose={() => setActionsOf(undefined)}
        onSaved={() => {
          setActionsOf(undefined);
          void list.reload();
        }}
      />
      <Suspense fallback={null}>
        {editing && (
          <CgformEditor
            open
            id={editing.id}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void list.reload();
            }}
          />
        )}
        {versionsOf && (
          <VersionsModal
            head={versionsOf}
            canRollback={can('edit')}
            onClose={() => setVersionsOf(undefined)}
            onChanged={() => void list.reload()}
          />
        )}
        {enhanceOf && <EnhanceJsModal head={enhanceOf} canSave={can('enhance')} onClose={() => setEnhanceOf(undefined)} />}
      </Suspense>
      <AddMenuModal id={menuFor} url="/online/cgform/head/addMenu" onClose={() => setMenuFor(undefined)} onDone={done} />
    </Card>
  );
}
