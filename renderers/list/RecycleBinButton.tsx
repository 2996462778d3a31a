import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Modal, Space, Table, message } from 'antd';
import { RestOutlined } from '@ant-design/icons';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { useRuntimeContext } from '../../registry/context/RuntimeContext';
import { NOT_AGAIN } from '../../src/runtime/ports';
import { JModal } from '../../registry/components/j-modal/JModal';
import ActionLinks from './ActionLinks';
import ConfirmLink from './ConfirmLink';

type Row = Record<string, unknown>;

/** The recycle-bin settings of a screen (schema `recycleBin`). */
type RecycleBin = NonNullable<ScreenSchema['recycleBin']>;

export interface RecycleBinButtonProps {
  screen: ScreenSchema;
  bin: RecycleBin;
  /** called after rows were restored (the list shows them again) */
  onRestored: () => void;
}

/**
 * 回收站: a toolbar button opening the screen's deleted rows (schema `recycleBin.list`, an array
 * of rows) in a dialog; 还原 puts rows back (PUT `restore` with `{[idsParam]: "a,b"}`) and 彻底删除
 * removes them for good (DELETE `remove?{idsParam}=a,b`), each for a row or the selected ones,
 * after a confirmation; the server's message is shown. Columns are the screen's fields present
 * in the answer. The list shows the button to holders of the delete button; the server enforces it.
 */
export function RecycleBinButton({ screen, bin, onRestored }: RecycleBinButtonProps) {
  const { request } = useRuntimeContext();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const seq = useRef(0);
  const idsParam = bin.idsParam ?? 'ids';

  const load = useCallback(() => {
    const mine = ++seq.current;
    setLoading(true);
    request
      .get<Row[]>(bin.list)
      .then((res) => {
        if (mine !== seq.current) return;
        if (res.success) setRows(Array.isArray(res.result) ? res.result : []);
        else message.warning(res.message);
      }, NOT_AGAIN)
      .finally(() => mine === seq.current && setLoading(false));
  }, [request, bin.list]);

  useEffect(() => {
    if (open) load();
    else setSelected([]);
  }, [open, load]);

  const run = async (kind: 'restore' | 'remove', ids: string[]) => {
    const joined = ids.join(',');
    const res =
      kind === 'restore'
        ? await request.put(bin.restore, { [idsParam]: joined })
        : await request.delete(bin.remove, { [idsParam]: joined });
    if (!res.success) return void message.warning(res.message);
    message.success(res.message);
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    load();
    if (kind === 'restore') onRestored();
  };
  const batch = (kind: 'restore' | 'remove') => {
    if (!selected.length) return void message.warning('请选择一条记录！');
    Modal.confirm({
      title: kind === 'restore' ? '确认还原' : '确认彻底删除',
      content: kind === 'restore' ? '是否还原选中数据?' : '是否彻底删除选中数据? 删除后不可恢复',
      onOk: () => run(kind, selected),
    });
  };

  const present = new Set(rows.flatMap((r) => Object.keys(r)));
  const columns = [
    ...screen.fields
      .filter((f) => present.has(f.name) && f.widget !== 'password')
      .slice(0, 6)
      .map((f) => ({ key: f.name, dataIndex: f.name, title: f.title, ellipsis: true })),
    ...(present.has('updateTime') ? [{ key: 'updateTime', dataIndex: 'updateTime', title: '删除时间', width: 170 }] : []),
    {
      key: 'action',
      title: '操作',
      width: 150,
      render: (_: unknown, row: Row) => (
        <ActionLinks>
          <ConfirmLink title="确定还原吗?" onConfirm={() => run('restore', [String(row.id)])}>
            还原
          </ConfirmLink>
          <ConfirmLink title="确定彻底删除吗? 删除后不可恢复" onConfirm={() => run('remove', [String(row.id)])}>
            彻底删除
          </ConfirmLink>
        </ActionLinks>
      ),
    },
  ];

  return (
    <>
      <Button icon={<RestOutlined />} onClick={() => setOpen(true)}>
        回收站
      </Button>
      <JModal title="回收站" open={open} width={1000} footer={null} onClose={() => setOpen(false)}>
        <div data-recycle-bin={screen.id}>
          <Space style={{ marginBottom: 12 }}>
            <Button onClick={() => batch('restore')}>批量还原</Button>
            <Button danger onClick={() => batch('remove')}>
              批量彻底删除
            </Button>
          </Space>
          <Table<Row>
            rowKey="id"
            size="middle"
            bordered
            loading={loading}
            columns={columns}
            dataSource={rows}
            pagination={{ pageSize: 10, showTotal: (n) => `共${n}条` }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          />
        </div>
      </JModal>
    </>
  );
}
