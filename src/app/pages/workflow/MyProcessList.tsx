import { useCallback, useState } from 'react';
import { Card, Popconfirm, Space, Table, message } from 'antd';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
import { usePagedList } from '../system/usePagedList';
import { InstanceDetailModal } from './InstanceDetailModal';
import type { MineRow } from './wfApi';
import { WF_T } from './wfTexts';
import { InstanceStatusTag } from './InstanceStatusTag';

/**
 * 我发起的 (/workflow/mine, spec 2.7): the processes I started with their state and current
 * step; 撤回 (`workflow:mine:withdraw`) while nobody acted on the first task returns the record
 * to draft; 作废 (`workflow:mine:void`, with a confirmation) ends a running or rejected process
 * and voids its record (已作废); 查看 opens the record, history and diagram.
 */
export default function MyProcessList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const canWithdraw = hasPermission('workflow:mine:withdraw', { auth, allAuth });
  const canVoid = hasPermission('workflow:mine:void', { auth, allAuth });
  const params = useCallback(() => ({}), []);
  const list = usePagedList<MineRow>('/workflow/instance/mine', params);
  const [open, setOpen] = useState<string | null>(null);
  const act = async (action: 'withdraw' | 'void', id: string) => {
    const res = await request.post(`/workflow/instance/${action}`, { id });
    if (res.success) {
      message.success(res.message);
      void list.reload();
    } else message.warning(res.message);
  };
  return (
    <Card variant="borderless" data-page="wf-mine">
      <Table<MineRow>
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
          { key: 'version', dataIndex: 'version', title: WF_T.version, width: 70, render: (v: number) => `V${v}` },
          { key: 'current', dataIndex: 'currentTask', title: WF_T.taskName },
          {
            key: 'status',
            dataIndex: 'status_dictText',
            title: WF_T.status,
            width: 90,
            render: (t: string, r) => <InstanceStatusTag status={r.status} text={t} />,
          },
          { key: 'start', dataIndex: 'startTime', title: WF_T.startTime, width: 170 },
          { key: 'end', dataIndex: 'endTime', title: WF_T.endTime, width: 170 },
          {
            key: 'action',
            title: WF_T.action,
            width: 150,
            render: (_: unknown, r: MineRow) => (
              <Space>
                <a onClick={() => setOpen(r.id)}>{WF_T.view}</a>
                {canWithdraw && r.withdrawable && (
                  <Popconfirm title={WF_T.withdrawConfirm} onConfirm={() => act('withdraw', r.id)}>
                    <a>{WF_T.withdraw}</a>
                  </Popconfirm>
                )}
                {canVoid && r.voidable && (
                  <Popconfirm title={WF_T.voidConfirm} onConfirm={() => act('void', r.id)}>
                    <a data-testid="wf-void">{WF_T.void}</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <InstanceDetailModal instanceId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
