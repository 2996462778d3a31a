import { useCallback, useState } from 'react';
import { Card, Table } from 'antd';
import { usePagedList } from '../system/usePagedList';
import { InstanceDetailModal } from './InstanceDetailModal';
import type { DoneRow } from './wfApi';
import { WF_T } from './wfTexts';
import { InstanceStatusTag } from './InstanceStatusTag';

/**
 * 我的已办 (/workflow/done, spec 2.7): what I approved, rejected, transferred or counter-signed,
 * newest first, with the instance's state now; 查看 opens the record, history and diagram.
 */
export default function DoneList() {
  const params = useCallback(() => ({}), []);
  const list = usePagedList<DoneRow>('/workflow/task/done', params);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card variant="borderless" data-page="wf-done">
      <Table<DoneRow>
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
          { key: 'task', dataIndex: 'taskName', title: WF_T.taskName },
          { key: 'done', dataIndex: 'action_dictText', title: WF_T.actionDone, width: 90 },
          { key: 'comment', dataIndex: 'comment', title: WF_T.comment, ellipsis: true },
          { key: 'time', dataIndex: 'endTime', title: WF_T.endTime, width: 170 },
          {
            key: 'status',
            dataIndex: 'status_dictText',
            title: WF_T.status,
            width: 90,
            render: (t: string, r) => <InstanceStatusTag status={r.status} text={t} />,
          },
          {
            key: 'action',
            title: WF_T.action,
            width: 80,
            render: (_: unknown, r: DoneRow) => <a onClick={() => setOpen(r.instanceId)}>{WF_T.view}</a>,
          },
        ]}
      />
      <InstanceDetailModal instanceId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
