import { useState } from 'react';
import { Button, Space, Table } from 'antd';
import { EXECUTION_EVENTS, LISTENER_TYPES, TASK_EVENTS } from '../../../../shared/bpmn/process-texts';
import type { ListenerData, ListenerKind } from '../../../../shared/bpmn/listeners';
import { LISTENER_T as L } from './designerTexts';
import { ListenerEditor } from './ListenerEditor';

const textOf = (list: readonly { value: string; text: string }[], v: string) => list.find((x) => x.value === v)?.text ?? v;

/**
 * One listener section of the properties panel (spec 2.7): the element's task or execution
 * listeners (event, type, value) with add, edit (the editor reads the listener back from the
 * XML) and remove. `onChange` gets the whole new list (one undoable command).
 */
export function ListenerSection(props: {
  kind: ListenerKind;
  list: ListenerData[];
  onChange: (list: ListenerData[]) => void;
  testId: string;
}) {
  const { kind, list } = props;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const events = kind === 'task' ? TASK_EVENTS : EXECUTION_EVENTS;
  return (
    <div data-testid={props.testId}>
      <Table<ListenerData & { index: number }>
        size="small"
        rowKey="index"
        pagination={false}
        locale={{ emptyText: L.none }}
        dataSource={list.map((l, index) => ({ ...l, index }))}
        columns={[
          { title: L.event, dataIndex: 'event', render: (v: string) => textOf(events, v) },
          { title: L.listenerType, dataIndex: 'listenerType', render: (v: string) => textOf(LISTENER_TYPES, v) },
          { title: L.value, key: 'value', ellipsis: true, render: (_, r) => r.value || r.resource || r.script },
          {
            title: '',
            key: 'op',
            width: 84,
            render: (_, r) => (
              <Space size="small">
                <a onClick={() => setEditing(r.index)}>{L.edit}</a>
                <a onClick={() => props.onChange(list.filter((_x, i) => i !== r.index))}>{L.remove}</a>
              </Space>
            ),
          },
        ]}
      />
      <Button size="small" type="dashed" block style={{ marginTop: 8 }} onClick={() => setEditing('new')}>
        {L.add}
      </Button>
      {editing !== null && (
        <ListenerEditor
          kind={kind}
          initial={editing === 'new' ? null : list[editing]}
          onClose={() => setEditing(null)}
          onOk={(d) => props.onChange(editing === 'new' ? [...list, d] : list.map((x, i) => (i === editing ? d : x)))}
        />
      )}
    </div>
  );
}
