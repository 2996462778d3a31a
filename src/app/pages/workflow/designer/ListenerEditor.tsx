import { useState } from 'react';
import { Button, Form, Input, Radio, Select, Space, Tabs } from 'antd';
import { JModal } from '../../../../../registry/components/j-modal/JModal';
import { EXECUTION_EVENTS, LISTENER_TYPES, TASK_EVENTS } from '../../../../shared/bpmn/process-texts';
import { emptyListener, type ListenerData, type ListenerKind } from '../../../../shared/bpmn/listeners';
import { LISTENER_T as L } from './designerTexts';
import { GlobalListenerTab } from './GlobalListenerTab';

const NEEDS_VALUE = ['classListener', 'expressionListener', 'delegateExpressionListener'];

/**
 * The listener editor dialog (spec 2.7, 3, 5.2): event, listener type (class, expression,
 * delegate expression, script inline or resource with its format), value and fields (name,
 * string or expression, value). The type is required ('请选择监听类型'); a class, expression or
 * delegate-expression listener needs a value, a script listener its script or resource ('请输入值'). An execution-listener dialog has a
 * second tab, the custom global listeners stored on the server; choosing one hands it to
 * `onOk` as a class listener. Input: kind, the edited listener (null: a new one). `onOk` gets
 * the listener; the dialog then closes.
 */
export function ListenerEditor(props: {
  kind: ListenerKind;
  initial: ListenerData | null;
  onOk: (d: ListenerData) => void;
  onClose: () => void;
}) {
  const { kind } = props;
  const [form] = Form.useForm<ListenerData>();
  const [tab, setTab] = useState('builtIn');
  const listenerType = Form.useWatch('listenerType', form);
  const scriptType = Form.useWatch('scriptType', form);
  const events = kind === 'task' ? TASK_EVENTS : EXECUTION_EVENTS;
  const title = kind === 'task' ? L.taskListeners : L.executionListeners;

  const builtIn = (
    <Form form={form} layout="vertical" size="small" initialValues={props.initial ?? emptyListener(kind)} data-testid="listener-form">
      <Form.Item name="event" label={L.event}>
        <Select options={events.map((e) => ({ value: e.value, label: e.text }))} />
      </Form.Item>
      <Form.Item name="listenerType" label={L.listenerType} rules={[{ required: true, message: L.typeRequired }]}>
        <Select allowClear data-testid="listener-type" options={LISTENER_TYPES.map((t) => ({ value: t.value, label: t.text }))} />
      </Form.Item>
      {NEEDS_VALUE.includes(listenerType) && (
        <Form.Item name="value" label={L.value} rules={[{ required: true, whitespace: true, message: L.valueRequired }]}>
          <Input data-testid="listener-value" />
        </Form.Item>
      )}
      {listenerType === 'scriptListener' && (
        <>
          <Form.Item name="scriptFormat" label={L.scriptFormat}>
            <Input placeholder="groovy" />
          </Form.Item>
          <Form.Item name="scriptType" label={L.scriptType}>
            <Radio.Group
              options={[
                { value: 'inline', label: L.scriptInline },
                { value: 'resource', label: L.scriptResource },
              ]}
            />
          </Form.Item>
          {scriptType === 'resource' ? (
            <Form.Item name="resource" label={L.resource} rules={[{ required: true, whitespace: true, message: L.valueRequired }]}>
              <Input data-testid="listener-resource" />
            </Form.Item>
          ) : (
            <Form.Item name="script" label={L.script} rules={[{ required: true, whitespace: true, message: L.valueRequired }]}>
              <Input.TextArea rows={3} data-testid="listener-script" />
            </Form.Item>
          )}
        </>
      )}
      <Form.List name="fields">
        {(rows, { add, remove }) => (
          <Form.Item label={L.fields}>
            {rows.map((row) => (
              <Space key={row.key} align="start" style={{ display: 'flex' }}>
                <Form.Item name={[row.name, 'name']} rules={[{ required: true, message: L.valueRequired }]}>
                  <Input placeholder={L.fieldName} data-testid="listener-field-name" />
                </Form.Item>
                <Form.Item name={[row.name, 'fieldType']}>
                  <Select
                    style={{ width: 100 }}
                    options={[
                      { value: 'string', label: L.fieldString },
                      { value: 'expression', label: L.fieldExpression },
                    ]}
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'value']}>
                  <Input placeholder={L.value} data-testid="listener-field-value" />
                </Form.Item>
                <Button size="small" type="link" onClick={() => remove(row.name)}>
                  {L.remove}
                </Button>
              </Space>
            ))}
            <Button size="small" onClick={() => add({ name: '', fieldType: 'string', value: '' })}>
              {L.addField}
            </Button>
          </Form.Item>
        )}
      </Form.List>
    </Form>
  );

  const ok = async () => {
    if (tab !== 'builtIn') return false;
    const v = await form.validateFields().catch(() => null);
    if (!v) return false;
    props.onOk({ ...emptyListener(kind), ...form.getFieldsValue(true), fields: v.fields ?? [] });
  };
  const chooseGlobal = (d: ListenerData) => {
    props.onOk(d);
    props.onClose();
  };
  return (
    <JModal open title={title} width={720} onOk={ok} onClose={props.onClose}>
      {kind === 'task' ? (
        builtIn
      ) : (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'builtIn', label: L.builtInTab, children: builtIn, forceRender: true },
            { key: 'custom', label: L.customTab, children: <GlobalListenerTab onChoose={chooseGlobal} /> },
          ]}
        />
      )}
    </JModal>
  );
}
