import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, Popconfirm, Select, Space, Table, message } from 'antd';
import { NOT_AGAIN } from '../../../../runtime/ports.js';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import { EXECUTION_EVENTS, LISTENER_TYPES } from '../../../../shared/bpmn/process-texts';
import { emptyListener, type ListenerData } from '../../../../shared/bpmn/listeners';
import { LISTENER_T as L } from './designerTexts';

/** A row of GET /workflow/listener/list (spec 3: the built-in listener rows). */
export interface GlobalListenerRow {
  id: string;
  listenername: string;
  listenereven: string;
  listenertype: string;
  listenervalue: string;
  state: string;
}
type FormRow = Omit<GlobalListenerRow, 'state'> & { id?: string };

const eventText = (v: string) => EXECUTION_EVENTS.find((e) => e.value === v)?.text ?? v;

/**
 * The listener editor's second tab (spec 2.7, 5.2): the custom global listeners stored on the
 * server, each choosable (`onChoose` gets it as a class execution listener); a small form adds
 * or edits one (class type only, value required — the server checks the same) and a row can be
 * deleted. The writes need the model's edit permission (the server refuses otherwise).
 */
export function GlobalListenerTab(props: { onChoose: (d: ListenerData) => void }) {
  const { request } = useRuntimeContext();
  const [rows, setRows] = useState<GlobalListenerRow[]>([]);
  const [form] = Form.useForm<FormRow>();
  const load = useCallback(() => {
    void request.get<GlobalListenerRow[]>('/workflow/listener/list').then((r) => {
      if (r.success) setRows(r.result);
      else message.warning(r.message);
    }, NOT_AGAIN);
  }, [request]);
  useEffect(load, [load]);

  const answer = (r: { success: boolean; message: string }) => {
    if (!r.success) return void message.warning(r.message);
    message.success(r.message);
    form.resetFields();
    load();
  };
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = { ...v, id: form.getFieldValue('id') };
    const r = await (body.id ? request.put('/workflow/listener/edit', body) : request.post('/workflow/listener/add', body)).catch(
      () => null,
    );
    if (r) answer(r); // a failed call was shown by the request layer
  };
  const newRow = { listenereven: 'start', listenertype: 'classListener' };

  return (
    <div data-testid="global-listeners">
      <Table<GlobalListenerRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: L.listenerName, dataIndex: 'listenername' },
          { title: L.event, dataIndex: 'listenereven', render: eventText },
          { title: L.className, dataIndex: 'listenervalue' },
          {
            title: '',
            key: 'op',
            width: 150,
            render: (_, r) => (
              <Space size="small">
                <a
                  onClick={() =>
                    props.onChoose({
                      ...emptyListener('execution'),
                      event: r.listenereven,
                      listenerType: 'classListener',
                      value: r.listenervalue,
                    })
                  }
                >
                  {L.choose}
                </a>
                <a onClick={() => form.setFieldsValue(r)}>{L.edit}</a>
                <Popconfirm
                  title={L.removeConfirm}
                  onConfirm={async () => answer(await request.delete('/workflow/listener/delete', { id: r.id }))}
                >
                  <a>{L.remove}</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Form form={form} layout="inline" size="small" initialValues={newRow} style={{ marginTop: 12, rowGap: 8 }}>
        <Form.Item name="listenername" rules={[{ required: true, whitespace: true, message: L.nameRequired }]}>
          <Input placeholder={L.listenerName} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="listenereven">
          <Select style={{ width: 90 }} options={EXECUTION_EVENTS.map((e) => ({ value: e.value, label: e.text }))} />
        </Form.Item>
        <Form.Item name="listenertype" rules={[{ required: true, message: L.typeRequired }]}>
          <Select
            disabled
            style={{ width: 100 }}
            options={LISTENER_TYPES.filter((t) => t.value === 'classListener').map((t) => ({ value: t.value, label: t.text }))}
          />
        </Form.Item>
        <Form.Item name="listenervalue" rules={[{ required: true, whitespace: true, message: L.valueRequired }]}>
          <Input placeholder={L.className} style={{ width: 200 }} />
        </Form.Item>
        <Space size="small">
          <Button type="primary" onClick={() => void save()}>
            {L.save}
          </Button>
          <Button onClick={() => form.resetFields()}>{L.reset}</Button>
        </Space>
      </Form>
    </div>
  );
}
