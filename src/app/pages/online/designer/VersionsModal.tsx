/**
 * 历史版本 of an authored screen: its saved versions (version, author, time, field count; the
 * current one first, from /online/cgform/head/versions), a field-by-field diff of the two ticked
 * versions (/online/cgform/head/versionDiff: head settings changed, fields added or removed,
 * each changed property), and rollback to a version after a confirmation (/online/cgform/head/rollback:
 * a new version; the table needs a sync afterwards; shown when `canRollback`). `onChanged` runs
 * after a rollback.
 */
import { Button, Modal, Popconfirm, Table, Tag, message } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import { EDITOR_UI as T } from './editorTexts';

interface VersionRow {
  version: number;
  author: string;
  time: string;
  fieldCount: number;
}

interface Change {
  target: string;
  kind: 'added' | 'removed' | 'changed';
  property?: string;
  from?: unknown;
  to?: unknown;
}

const shown = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** The versions view (see the file comment). `head` is the screen ({id, tableTxt}) or undefined when closed. */
export default function VersionsModal({
  head,
  canRollback,
  onClose,
  onChanged,
}: {
  head?: { id: string; tableTxt: string };
  canRollback: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { request } = useRuntimeContext();
  const [list, setList] = useState<VersionRow[]>([]);
  const [picked, setPicked] = useState<number[]>([]);
  const [diff, setDiff] = useState<{ from: number; to: number; changes: Change[] }>();

  const load = useCallback(async () => {
    if (!head) return;
    const res = await request.get<VersionRow[]>('/online/cgform/head/versions', { id: head.id });
    if (res.success) setList(res.result);
    else message.warning(res.message);
  }, [head, request]);
  useEffect(() => {
    setPicked([]);
    setDiff(undefined);
    void load();
  }, [load]);

  const compare = async () => {
    if (picked.length !== 2 || !head) return void message.warning(T.diffPick);
    const [from, to] = [...picked].sort((a, b) => a - b);
    const res = await request.get<Change[]>('/online/cgform/head/versionDiff', { id: head.id, from, to });
    if (res.success) setDiff({ from, to, changes: res.result });
    else message.warning(res.message);
  };
  const rollback = async (version: number) => {
    const res = await request.post('/online/cgform/head/rollback', { id: head?.id, version });
    if (!res.success) return void message.warning(res.message);
    message.success(res.message);
    setDiff(undefined);
    setPicked([]);
    await load();
    onChanged();
  };

  return (
    <Modal open={!!head} width={1000} title={head ? T.versionsTitle(head.tableTxt) : ''} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-page="cgform-versions">
        <Table<VersionRow>
          rowKey="version"
          size="small"
          pagination={false}
          dataSource={list}
          rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked((keys as number[]).slice(-2)) }}
          columns={[
            {
              title: T.version,
              dataIndex: 'version',
              render: (v: number, _r, i) =>
                i === 0 ? (
                  <>
                    {v} <Tag color="blue">{T.current}</Tag>
                  </>
                ) : (
                  v
                ),
            },
            { title: T.author, dataIndex: 'author' },
            { title: T.time, dataIndex: 'time' },
            { title: T.fieldCount, dataIndex: 'fieldCount' },
            {
              title: T.action,
              key: 'action',
              render: (_: unknown, r, i) =>
                i > 0 &&
                canRollback && (
                  <Popconfirm title={T.rollbackConfirm(r.version)} onConfirm={() => rollback(r.version)}>
                    <a data-action="rollback">{T.rollback}</a>
                  </Popconfirm>
                ),
            },
          ]}
        />
        <Button style={{ margin: '12px 0' }} data-action="diff" disabled={picked.length !== 2} onClick={() => void compare()}>
          {T.diff}
        </Button>
        {diff && (
          <div data-part="diff">
            <h4>{T.diffTitle(diff.from, diff.to)}</h4>
            {diff.changes.length === 0 ? (
              <p>{T.diffNone}</p>
            ) : (
              <Table<Change>
                rowKey={(c) => `${c.target}.${c.kind}.${c.property ?? ''}`}
                size="small"
                pagination={false}
                dataSource={diff.changes}
                columns={[
                  { title: T.target, dataIndex: 'target', render: (v: string) => (v === 'head' ? T.headTarget : v) },
                  { title: T.kind, dataIndex: 'kind', render: (v: string) => T.kinds[v] ?? v },
                  { title: T.property, dataIndex: 'property' },
                  { title: T.from, dataIndex: 'from', render: shown, ellipsis: true },
                  { title: T.to, dataIndex: 'to', render: shown, ellipsis: true },
                ]}
              />
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
