import { useEffect, useState } from 'react';
import { Button, Checkbox, Form, Input, Modal, Select, Space, Table, Tabs, message } from 'antd';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { DESIGNER_UI } from './designerTexts';

const T = DESIGNER_UI.report;

/** A column row of onl_cgreport_item as the designer endpoints send and take it (camelCase). */
export interface ReportItem {
  fieldName: string;
  fieldTxt?: string;
  fieldType?: string;
  isShow?: number;
  isOrder?: number;
  isSearch?: number;
  searchMode?: string;
  dictCode?: string;
  fieldHref?: string;
  isTotal?: string;
}

/** A parameter row of onl_cgreport_param (camelCase). */
export interface ReportParam {
  paramName: string;
  paramTxt?: string;
  paramValue?: string;
}

interface HeadValues {
  code?: string;
  name?: string;
  cgrSql?: string;
}

const TYPES = ['String', 'Integer', 'Long', 'Double', 'Date', 'Datetime', 'DownLoad', 'Image'].map((v) => ({ value: v, label: v }));

/**
 * The report editor (a wide modal): head (编码, 名字, SQL with `${param}` placeholders), SQL解析
 * filling the column grid (label, type, show, sortable, search single/range, dictionary, link,
 * total) and the parameter grid (label, default). `id` undefined makes a new report (POST
 * /online/cgreport/head/add), otherwise it loads queryById and saves through editAll; the server
 * checks every save under the report guards and answers with the message shown. `onSaved` runs
 * after a successful save.
 */
export default function CgreportEditor({
  id,
  open,
  onClose,
  onSaved,
}: {
  id?: string;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { request } = useRuntimeContext();
  const [form] = Form.useForm<HeadValues>();
  const [items, setItems] = useState<ReportItem[]>([]);
  const [params, setParams] = useState<ReportParam[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setItems([]);
    setParams([]);
    if (!id) return;
    void request.get<HeadValues & { items: ReportItem[]; params: ReportParam[] }>('/online/cgreport/head/queryById', { id }).then((res) => {
      if (!res.success) return void message.warning(res.message);
      form.setFieldsValue({ code: res.result.code, name: res.result.name, cgrSql: res.result.cgrSql });
      setItems(res.result.items);
      setParams(res.result.params);
    });
  }, [open, id, form, request]);

  const parse = async () => {
    const sql = form.getFieldValue('cgrSql') as string | undefined;
    if (!sql?.trim()) return void message.warning(T.sqlMissing);
    const res = await request.get<{ fields: ReportItem[]; params: ReportParam[] }>('/online/cgreport/head/parseSql', { sql });
    if (!res.success) return void message.warning(res.message);
    // keep what the admin already set for a column or parameter that is still there
    const oldItem = new Map(items.map((i) => [i.fieldName, i]));
    const oldParam = new Map(params.map((p) => [p.paramName, p]));
    setItems(res.result.fields.map((f) => oldItem.get(f.fieldName) ?? { ...f, searchMode: 'single', isTotal: '0' }));
    setParams(res.result.params.map((p) => oldParam.get(p.paramName) ?? p));
    message.success(T.parsed);
  };

  const save = async () => {
    const head = await form.validateFields();
    setBusy(true);
    const body = { head: { ...head, id }, items, params };
    const res = id ? await request.post('/online/cgreport/head/editAll', body) : await request.post('/online/cgreport/head/add', body);
    setBusy(false);
    if (!res.success) return void message.warning(res.message);
    message.success(res.message);
    onSaved();
  };

  const setItem = (i: number, patch: Partial<ReportItem>) => setItems((all) => all.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const setParam = (i: number, patch: Partial<ReportParam>) => setParams((all) => all.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const flag = (i: number, key: 'isShow' | 'isOrder' | 'isSearch', v?: number) => (
    <Checkbox data-cell={key} checked={v === 1} onChange={(e) => setItem(i, { [key]: e.target.checked ? 1 : 0 })} />
  );

  return (
    <Modal
      open={open}
      width={1100}
      title={id ? T.editTitle : T.addTitle}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <div data-page="cgreport-editor">
        <Form form={form} layout="vertical">
          <Space size="large" style={{ display: 'flex' }}>
            <Form.Item name="code" label={T.code} rules={[{ required: true, message: T.codeMissing }]} style={{ width: 320 }}>
              <Input />
            </Form.Item>
            <Form.Item name="name" label={T.name} rules={[{ required: true, message: T.nameMissing }]} style={{ width: 320 }}>
              <Input />
            </Form.Item>
          </Space>
          <Form.Item name="cgrSql" label={T.sql} rules={[{ required: true, message: T.sqlMissing }]} extra={T.sqlHint}>
            <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Button data-action="parse" onClick={() => void parse()} style={{ marginBottom: 12 }}>
            {T.parse}
          </Button>
        </Form>
        <Tabs
          items={[
            {
              key: 'items',
              label: T.columns,
              children: (
                <Table<ReportItem>
                  data-grid="items"
                  rowKey="fieldName"
                  size="small"
                  pagination={false}
                  dataSource={items}
                  scroll={{ y: 300 }}
                  columns={[
                    { title: T.fieldName, dataIndex: 'fieldName', width: 140 },
                    {
                      title: T.fieldTxt,
                      dataIndex: 'fieldTxt',
                      render: (v: string, _r, i) => (
                        <Input data-cell="fieldTxt" value={v} onChange={(e) => setItem(i, { fieldTxt: e.target.value })} />
                      ),
                    },
                    {
                      title: T.fieldType,
                      dataIndex: 'fieldType',
                      width: 120,
                      render: (v: string, _r, i) => (
                        <Select value={v} options={TYPES} onChange={(x) => setItem(i, { fieldType: x })} style={{ width: '100%' }} />
                      ),
                    },
                    { title: T.isShow, dataIndex: 'isShow', width: 60, render: (v: number, _r, i) => flag(i, 'isShow', v) },
                    { title: T.isOrder, dataIndex: 'isOrder', width: 60, render: (v: number, _r, i) => flag(i, 'isOrder', v) },
                    { title: T.isSearch, dataIndex: 'isSearch', width: 60, render: (v: number, _r, i) => flag(i, 'isSearch', v) },
                    {
                      title: T.searchMode,
                      dataIndex: 'searchMode',
                      width: 100,
                      render: (v: string, _r, i) => (
                        <Select
                          value={v ?? 'single'}
                          options={[...T.searchModes]}
                          onChange={(x) => setItem(i, { searchMode: x })}
                          style={{ width: '100%' }}
                        />
                      ),
                    },
                    {
                      title: T.dictCode,
                      dataIndex: 'dictCode',
                      render: (v: string, _r, i) => <Input value={v} onChange={(e) => setItem(i, { dictCode: e.target.value })} />,
                    },
                    {
                      title: T.fieldHref,
                      dataIndex: 'fieldHref',
                      render: (v: string, _r, i) => <Input value={v} onChange={(e) => setItem(i, { fieldHref: e.target.value })} />,
                    },
                    {
                      title: T.isTotal,
                      dataIndex: 'isTotal',
                      width: 60,
                      render: (v: string, _r, i) => (
                        <Checkbox checked={v === '1'} onChange={(e) => setItem(i, { isTotal: e.target.checked ? '1' : '0' })} />
                      ),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'params',
              label: T.params,
              children: (
                <Table<ReportParam>
                  data-grid="params"
                  rowKey="paramName"
                  size="small"
                  pagination={false}
                  dataSource={params}
                  columns={[
                    { title: T.paramName, dataIndex: 'paramName' },
                    {
                      title: T.paramTxt,
                      dataIndex: 'paramTxt',
                      render: (v: string, _r, i) => <Input value={v} onChange={(e) => setParam(i, { paramTxt: e.target.value })} />,
                    },
                    {
                      title: T.paramValue,
                      dataIndex: 'paramValue',
                      render: (v: string, _r, i) => (
                        <Input data-cell="paramValue" value={v} onChange={(e) => setParam(i, { paramValue: e.target.value })} />
                      ),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
