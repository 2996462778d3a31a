import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Descriptions, Empty, Modal, Spin, Tabs, Timeline } from 'antd';
import { Link } from 'react-router-dom';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import type { InstanceDetail } from './wfApi';
import { WF_T } from './wfTexts';
import { InstanceStatusTag } from './InstanceStatusTag';

// bpmn-js loads with the first diagram shown, not with the task lists
const DiagramViewer = lazy(() => import('./DiagramViewer'));
// the widgets draw the sub rows: loaded with the first record that has sub tables
const RecordSubTables = lazy(() => import('./RecordSubTables'));

/**
 * One process instance (spec 2.7 task screens): the record read-only (main fields, then each sub
 * table's rows; 打开单据 only for holders of the screen's menu, as the server tells), the approval
 * history (who, what, when, comment) and the diagram with the current node highlighted. `footer`
 * holds the caller's actions (the todo list's approve/reject). Closed when `instanceId` is null.
 * A detail the server refuses shows its message instead of the spinner.
 */
export function InstanceDetailModal({
  instanceId,
  onClose,
  footer,
  extra,
}: {
  instanceId: string | null;
  onClose: () => void;
  footer?: React.ReactNode;
  extra?: React.ReactNode;
}) {
  const { request } = useRuntimeContext();
  const [detail, setDetail] = useState<InstanceDetail | null>(null);
  // the server's refusal, or a general text when the request layer already showed a transport failure
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    setDetail(null);
    setFailed(null);
    if (!instanceId) return;
    let alive = true;
    request.get<InstanceDetail>('/workflow/instance/detail', { id: instanceId }).then(
      (res) => {
        if (!alive) return;
        if (res.success) setDetail(res.result);
        else setFailed(res.message || WF_T.detailError);
      },
      // a transport failure was shown by the request layer: only stop the spinner
      () => void (alive && setFailed(WF_T.detailError)),
    );
    return () => {
      alive = false;
    };
  }, [instanceId, request]);

  const i = detail?.instance;
  return (
    <Modal
      open={!!instanceId}
      onCancel={onClose}
      width={1000}
      title={WF_T.detailTitle}
      footer={footer ?? null}
      destroyOnHidden
      maskClosable={false}
    >
      {failed !== null ? (
        <Alert type="error" showIcon message={failed} data-testid="wf-detail-error" />
      ) : !detail || !i ? (
        <Spin />
      ) : (
        <div data-testid="wf-detail">
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={WF_T.processName}>
              {i.processName} V{i.version}
            </Descriptions.Item>
            <Descriptions.Item label={WF_T.starter}>{i.starter}</Descriptions.Item>
            <Descriptions.Item label={WF_T.status}>
              <InstanceStatusTag status={i.status} text={i.status_dictText} />
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'record',
                label: WF_T.record,
                children: (
                  <>
                    <Descriptions bordered size="small" column={2} data-testid="wf-record">
                      {detail.record.map((f) => (
                        <Descriptions.Item key={f.title} label={f.title}>
                          {f.value}
                        </Descriptions.Item>
                      ))}
                    </Descriptions>
                    {detail.subTables.length > 0 && (
                      <Suspense fallback={<Spin />}>
                        <RecordSubTables tables={detail.subTables} />
                      </Suspense>
                    )}
                    {detail.recordLink && (
                      <div style={{ marginTop: 8 }}>
                        <Link to={`${detail.recordLink}?detail=${encodeURIComponent(i.recordId)}`}>{WF_T.openRecord}</Link>
                      </div>
                    )}
                  </>
                ),
              },
              {
                key: 'diagram',
                label: WF_T.diagram,
                children: detail.xml ? (
                  <Suspense fallback={<Spin />}>
                    <DiagramViewer xml={detail.xml} current={detail.currentNodes} finished={detail.finishedNodes} />
                  </Suspense>
                ) : (
                  <Empty />
                ),
              },
            ]}
          />
          <h4 style={{ marginTop: 12 }}>{WF_T.history}</h4>
          {detail.history.length ? (
            <Timeline
              data-testid="wf-history"
              items={detail.history.map((h) => ({
                color: h.action === 'reject' ? 'red' : h.action === 'approve' ? 'green' : 'blue',
                children: (
                  <span>
                    {h.createTime} {h.taskName ?? ''} {h.realname ?? h.username} <b>{h.action_dictText}</b>
                    {h.comment ? `：${h.comment}` : ''}
                  </span>
                ),
              }))}
            />
          ) : (
            <Empty description={WF_T.noHistory} />
          )}
          {extra}
        </div>
      )}
    </Modal>
  );
}
