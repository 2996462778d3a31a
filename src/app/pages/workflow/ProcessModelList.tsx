import { NOT_AGAIN } from '../../../runtime/ports.js';
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, message } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
import { PROCESS_CATEGORIES } from '../../../shared/bpmn/process-texts';
import { BPMN_PREFIXES } from '../../../shared/bpmn/extension-descriptor';
import { usePagedList } from '../system/usePagedList';
import type { ModelRow } from './wfApi';
import { WF_T } from './wfTexts';
import { BindScreenDialog } from './BindScreenDialog';

const M = {
  key: '流程标识',
  name: '流程名称',
  category: '流程类型',
  prefix: '扩展前缀',
  screen: '绑定表单',
  version: '版本',
  state: '状态',
  updateBy: '更新人',
  updateTime: '更新时间',
  add: '新建',
  design: '设计',
  copy: '复制',
  deploy: '部署',
  delete: '删除',
  versions: '历史版本',
  deleteConfirm: '确定删除该流程模型吗？',
  deployConfirm: '部署后生成新的版本，确定部署吗？',
  deployTime: '部署时间',
  deployBy: '部署人',
} as const;

/**
 * 流程模型 (/workflow/model, spec 2.7): key, name, type, version, state (草稿 / 已部署), updated
 * by/at; 新建 (key, name, type, extension prefix, bound screen), 设计 (opens the designer),
 * 绑定表单 (change or remove the bound screen),
 * 复制, 部署 (the server's deploy checks answer with a message naming the element), 删除
 * (refused while instances run) and 历史版本. Buttons follow `workflow:model:*`.
 */
export default function ProcessModelList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const navigate = useNavigate();
  const can = (a: string) => hasPermission(`workflow:model:${a}`, { auth, allAuth });
  const [filters, setFilters] = useState<Record<string, string>>({});
  const params = useCallback(() => ({ ...filters }), [filters]);
  const list = usePagedList<ModelRow>('/workflow/model/list', params);
  const [adding, setAdding] = useState(false);
  const [binding, setBinding] = useState<ModelRow | null>(null);
  const [versions, setVersions] = useState<Record<string, unknown>[] | null>(null);
  const [screens, setScreens] = useState<{ value: string; label: string }[]>([]);
  const [form] = Form.useForm();
  const [search] = Form.useForm();

  useEffect(() => {
    void request.get<{ value: string; text: string }[]>('/workflow/model/screens').then((r) => {
      if (r.success) setScreens(r.result.map((s) => ({ value: s.value, label: `${s.text}（${s.value}）` })));
      else message.warning(r.message);
    }, NOT_AGAIN);
  }, [request]);

  const run = async (p: Promise<{ success: boolean; message: string }>, error: 'modal' | 'toast' = 'toast') => {
    const r = await p;
    if (r.success) {
      message.success(r.message);
      void list.reload();
    } else if (error === 'modal') Modal.error({ title: M.deploy, content: r.message });
    else message.warning(r.message);
    return r.success;
  };
  const add = async () => {
    const v = await form.validateFields();
    const r = await request.post<ModelRow>('/workflow/model/add', v);
    if (!r.success) return void message.warning(r.message);
    setAdding(false);
    form.resetFields();
    navigate(`/workflow/designer?id=${r.result.id}`);
  };

  return (
    <Card variant="borderless" data-page="wf-model">
      <Form
        form={search}
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v) => (
          setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x)) as Record<string, string>),
          list.toFirstPage()
        )}
      >
        <Form.Item name="name" label={M.name}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="category" label={M.category}>
          <Select allowClear style={{ width: 140 }} options={PROCESS_CATEGORIES.map((c) => ({ value: c.value, label: c.text }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {WF_T.search}
          </Button>
          <Button onClick={() => (search.resetFields(), setFilters({}))}>{WF_T.reset}</Button>
          {can('add') && <Button onClick={() => setAdding(true)}>{M.add}</Button>}
        </Space>
      </Form>
      <Table<ModelRow>
        rowKey="id"
        size="middle"
        bordered
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'key', dataIndex: 'modelKey', title: M.key },
          { key: 'name', dataIndex: 'name', title: M.name },
          { key: 'category', dataIndex: 'category_dictText', title: M.category },
          { key: 'screen', dataIndex: 'formScreen', title: M.screen },
          { key: 'version', dataIndex: 'version', title: M.version, width: 70, render: (v: number) => (v ? `V${v}` : '-') },
          {
            key: 'state',
            dataIndex: 'status_dictText',
            title: M.state,
            width: 90,
            render: (t: string, r) => <Tag color={r.status === '1' ? 'green' : 'default'}>{t}</Tag>,
          },
          { key: 'updateBy', dataIndex: 'updateBy', title: M.updateBy, width: 100 },
          { key: 'updateTime', dataIndex: 'updateTime', title: M.updateTime, width: 170 },
          {
            key: 'action',
            title: WF_T.action,
            render: (_: unknown, r: ModelRow) => (
              <Space>
                {can('edit') && <a onClick={() => navigate(`/workflow/designer?id=${r.id}`)}>{M.design}</a>}
                {can('edit') && <a onClick={() => setBinding(r)}>{WF_T.bindScreen}</a>}
                {can('deploy') && (
                  <Popconfirm title={M.deployConfirm} onConfirm={() => run(request.post('/workflow/model/deploy', { id: r.id }), 'modal')}>
                    <a>{M.deploy}</a>
                  </Popconfirm>
                )}
                {can('copy') && <a onClick={() => run(request.post('/workflow/model/copy', { id: r.id }))}>{M.copy}</a>}
                <a
                  onClick={() =>
                    request
                      .get<Record<string, unknown>[]>('/workflow/model/versions', { id: r.id })
                      .then((x) => (x.success ? setVersions(x.result) : void message.warning(x.message)), NOT_AGAIN)
                  }
                >
                  {M.versions}
                </a>
                {can('delete') && (
                  <Popconfirm title={M.deleteConfirm} onConfirm={() => run(request.delete('/workflow/model/delete', { id: r.id }))}>
                    <a>{M.delete}</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal open={adding} title={M.add} onCancel={() => setAdding(false)} onOk={add} destroyOnHidden maskClosable={false}>
        <Form form={form} layout="vertical" initialValues={{ category: '1', prefix: 'flowable' }}>
          <Form.Item
            name="modelKey"
            label={M.key}
            rules={[{ pattern: /^[A-Za-z_][A-Za-z0-9_-]*$/, message: '以字母或下划线开头，只能包含字母、数字、下划线和横线' }]}
          >
            <Input placeholder="Process_..." />
          </Form.Item>
          <Form.Item name="name" label={M.name} rules={[{ required: true, message: '请输入流程名称' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="category" label={M.category}>
            <Select options={PROCESS_CATEGORIES.map((c) => ({ value: c.value, label: c.text }))} />
          </Form.Item>
          <Form.Item name="prefix" label={M.prefix}>
            <Select options={BPMN_PREFIXES.map((p) => ({ value: p, label: p }))} />
          </Form.Item>
          <Form.Item name="formScreen" label={M.screen}>
            <Select allowClear showSearch optionFilterProp="label" options={screens} />
          </Form.Item>
        </Form>
      </Modal>
      <BindScreenDialog
        model={binding}
        screens={screens}
        onClose={() => setBinding(null)}
        onSaved={() => (setBinding(null), void list.reload())}
      />
      <Modal open={!!versions} title={M.versions} footer={null} onCancel={() => setVersions(null)}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={versions ?? []}
          columns={[
            { key: 'v', dataIndex: 'version', title: M.version, render: (v: number) => `V${v}` },
            { key: 'by', dataIndex: 'deployBy', title: M.deployBy },
            { key: 't', dataIndex: 'deployTime', title: M.deployTime },
          ]}
        />
      </Modal>
    </Card>
  );
}
