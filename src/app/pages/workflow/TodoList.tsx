import { useCallback, useState } from 'react';
import { Button, Card, Form, Input, Space, Table, message } from 'antd';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { UserByDepartModal } from '../../../../registry/pickers/UserByDepartModal';
import { hasPermission } from '../../../shared/permission';
import { usePagedList } from '../system/usePagedList';
import { InstanceDetailModal } from './InstanceDetailModal';
import type { TodoRow } from './wfApi';
import { WF_T } from './wfTexts';

type Pick = 'transfer' | 'addSign' | null;

/**
 * 我的待办 (/workflow/todo, spec 2.7): the tasks assigned to me or offered to me or my roles,
 * newest first. 签收 takes an offered task; 办理 opens the record, the history and the diagram
 * with 同意 / 驳回 (a comment; required to reject), 转办 and 加签 (a user from the user picker).
 * Buttons follow `workflow:task:*`; the server checks the button and the task's holder too.
 */
export default function TodoList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const can = (a: string) => hasPermission(`workflow:task:${a}`, { auth, allAuth });
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [form] = Form.useForm();
  const params = useCallback(() => ({ ...filters }), [filters]);
  const list = usePagedList<TodoRow>('/workflow/task/todo', params);
  const [open, setOpen] = useState<TodoRow | null>(null);
  const [comment, setComment] = useState('');
  const [picking, setPicking] = useState<Pick>(null);
  const [busy, setBusy] = useState(false);

  const act = async (action: string, body: Record<string, unknown>) => {
    setBusy(true);
    try {
      const res = await request.post(`/workflow/task/${action}`, body);
      if (!res.success) return void message.warning(res.message);
      message.success(res.message);
      setOpen(null);
      setComment('');
      await list.reload();
    } finally {
      setBusy(false);
    }
  };

  const footer = open && (
    <Space>
      {!open.claimed && can('claim') && (
        <Button loading={busy} onClick={() => act('claim', { taskId: open.id })}>
          {WF_T.claim}
        </Button>
      )}
      {can('transfer') && <Button onClick={() => setPicking('transfer')}>{WF_T.transfer}</Button>}
      {can('add_sign') && <Button onClick={() => setPicking('addSign')}>{WF_T.addSign}</Button>}
      {can('reject') && (
        <Button
          danger
          loading={busy}
          onClick={() => (comment.trim() ? act('reject', { taskId: open.id, comment }) : message.warning(WF_T.rejectNeedsComment))}
        >
          {WF_T.reject}
        </Button>
      )}
      {can('approve') && (
        <Button type="primary" loading={busy} onClick={() => act('approve', { taskId: open.id, comment: comment || WF_T.approve })}>
          {WF_T.approve}
        </Button>
      )}
    </Space>
  );

  return (
    <Card variant="borderless" data-page="wf-todo">
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v) => {
          setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x)) as Record<string, string>);
          list.toFirstPage();
        }}
      >
        <Form.Item name="processName" label={WF_T.processName}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="title" label={WF_T.title}>
          <Input allowClear />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {WF_T.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
            }}
          >
            {WF_T.reset}
          </Button>
        </Space>
      </Form>
      <Table<TodoRow>
        rowKey="id"
        size="middle"
        bordered
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'title', dataIndex: 'title', title: WF_T.title },
          { key: 'process', dataIndex: 'processName', title: WF_T.processName },
          { key: 'screen', dataIndex: 'screenTitle', title: WF_T.screen },
          { key: 'task', dataIndex: 'taskName', title: WF_T.taskName },
          { key: 'starter', dataIndex: 'starter', title: WF_T.starter, width: 110 },
          { key: 'time', dataIndex: 'createTime', title: WF_T.createTime, width: 170 },
          {
            key: 'action',
            title: WF_T.action,
            width: 140,
            render: (_: unknown, r: TodoRow) => (
              <Space>
                {!r.claimed && can('claim') && <a onClick={() => act('claim', { taskId: r.id })}>{WF_T.claim}</a>}
                <a onClick={() => setOpen(r)}>{WF_T.handle}</a>
              </Space>
            ),
          },
        ]}
      />
      <InstanceDetailModal
        instanceId={open?.instanceId ?? null}
        onClose={() => setOpen(null)}
        footer={footer}
        extra={
          <Input.TextArea
            data-testid="wf-comment"
            rows={3}
            placeholder={WF_T.commentPlaceholder}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        }
      />
      <UserByDepartModal
        open={!!picking}
        multi={false}
        onCancel={() => setPicking(null)}
        onOk={(rows) => {
          const username = rows[0]?.username;
          const action = picking;
          setPicking(null);
          if (!username || !open || !action) return void message.warning(WF_T.pickUserFirst);
          void act(action, { taskId: open.id, username, comment });
        }}
      />
    </Card>
  );
}
