import { Button, Input, Modal, Space, Spin, Table, Tag, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntimeContext } from '../context/RuntimeContext.js';
import { PICKER_TEXT } from '../shared/locale.js';
import { loadDepartTree, toDepartTree, type DepartNode } from '../widgets/sel-depart/tree.js';
import {
  PICKER_PAGE_SIZE,
  PICKER_PAGE_SIZES,
  PICKER_WIDTH,
  TREE_MAX_HEIGHT,
  USER_PICKER_URL,
  clickSelection,
  mergeSelection,
  onSelectionCell,
} from './model.js';
import { filterDepartTree } from './DepartPickerModal.js';

type Row = Record<string, unknown>;

export interface UserByDepartModalProps {
  open: boolean;
  /** Several users (default true). */
  multi?: boolean;
  /** Rows selected when the dialog opens (at least `id`, `username`, `realname`). */
  initialSelected?: Row[];
  onOk: (rows: Row[]) => void;
  onCancel: () => void;
}

/**
 * The user picker by department (JSelectUserByDep; spec 2.6, 9): width 1250, the department tree
 * on the left (root level opened, search by name), the chosen department's users on the right
 * (/sys/user/queryUserComponentData with departId; search by 姓名; 5 rows a page, 5/10/20/30;
 * newest first), the choice kept across departments and shown as tags of realnames. OK returns
 * the selected rows (id, username, realname); none is allowed so a field can be cleared.
 */
export function UserByDepartModal({ open, multi = true, initialSelected, onOk, onCancel }: UserByDepartModalProps) {
  const { request } = useRuntimeContext();
  const [nodes, setNodes] = useState<DepartNode[] | null>(null);
  const [depart, setDepart] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [realname, setRealname] = useState('');
  const [page, setPage] = useState({ current: 1, size: PICKER_PAGE_SIZE });
  const [data, setData] = useState<{ records: Row[]; total: number; loading: boolean }>({ records: [], total: 0, loading: false });
  const [selected, setSelected] = useState<Row[]>([]);

  useEffect(() => {
    if (!open) return;
    setSelected(initialSelected ?? []);
    let live = true;
    loadDepartTree(request).then(
      (n) => live && setNodes(n),
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
    // the initial rows apply when the dialog opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, request]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setData((d) => ({ ...d, loading: true }));
    const params: Record<string, unknown> = { pageNo: page.current, pageSize: page.size, column: 'createTime', order: 'desc' };
    if (depart) params.departId = depart;
    if (realname.trim()) params.realname = realname.trim();
    request.get<{ records?: Row[]; total?: number }>(USER_PICKER_URL, params).then(
      (res) =>
        live &&
        setData({
          records: res.success ? (res.result?.records ?? []) : [],
          total: res.success ? Number(res.result?.total ?? 0) : 0,
          loading: false,
        }),
      () => live && setData({ records: [], total: 0, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [open, depart, realname, page, request]);

  const tree = useMemo(() => toDepartTree(nodes ?? [], 'id'), [nodes]);
  const shown = useMemo(() => filterDepartTree(tree, search.trim()), [tree, search]);
  const keys = selected.map((r) => String(r.id));
  const reset = () => {
    setDepart(undefined);
    setSearch('');
    setRealname('');
    setPage({ current: 1, size: PICKER_PAGE_SIZE });
    setSelected([]);
  };

  return (
    <Modal
      open={open}
      title={PICKER_TEXT.userByDepartTitle}
      width={PICKER_WIDTH.userByDepart}
      destroyOnHidden
      maskClosable={false}
      okText={PICKER_TEXT.ok}
      cancelText={PICKER_TEXT.cancel}
      onOk={() => {
        const rows = selected;
        reset();
        onOk(rows);
      }}
      onCancel={() => {
        reset();
        onCancel();
      }}
    >
      <div data-testid="user-by-depart-picker" style={{ display: 'flex', gap: 16 }}>
        <div style={{ width: 300, flex: 'none' }}>
          <Input.Search
            allowClear
            placeholder={PICKER_TEXT.departSearch}
            style={{ marginBottom: 8 }}
            onSearch={setSearch}
            onChange={(e) => !e.target.value && setSearch('')}
          />
          {nodes === null ? (
            <Spin />
          ) : (
            <Tree
              blockNode
              height={TREE_MAX_HEIGHT}
              key={search}
              defaultExpandedKeys={search ? undefined : tree.map((n) => n.key)}
              defaultExpandAll={!!search}
              treeData={shown}
              selectedKeys={depart ? [depart] : []}
              onSelect={(k) => {
                setDepart(k.length ? String(k[0]) : undefined);
                setPage((p) => ({ ...p, current: 1 }));
              }}
            />
          )}
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Space style={{ marginBottom: 8 }}>
            <Input.Search
              allowClear
              data-testid="user-by-depart-search"
              placeholder={PICKER_TEXT.realname}
              enterButton={PICKER_TEXT.search}
              onSearch={(v) => {
                setRealname(v);
                setPage((p) => ({ ...p, current: 1 }));
              }}
            />
            <Button onClick={() => setSelected([])}>{PICKER_TEXT.clearSelected}</Button>
          </Space>
          <Table<Row>
            size="small"
            bordered
            rowKey={(r) => String(r.id)}
            loading={data.loading}
            dataSource={data.records}
            columns={[
              { title: PICKER_TEXT.realname, dataIndex: 'realname', width: 120 },
              { title: PICKER_TEXT.username, dataIndex: 'username', width: 120 },
              { title: PICKER_TEXT.phone, dataIndex: 'phone', width: 130 },
              { title: PICKER_TEXT.departs, dataIndex: 'orgCodeTxt' },
            ]}
            rowSelection={{
              type: multi ? 'checkbox' : 'radio',
              selectedRowKeys: keys,
              preserveSelectedRowKeys: true,
              onChange: (next) => setSelected((s) => mergeSelection(s, data.records, next.map(String), 'id')),
            }}
            onRow={(r) => ({
              onClick: (e) =>
                !onSelectionCell(e.target) &&
                setSelected((s) => mergeSelection(s, data.records, clickSelection(keys, String(r.id), !!multi), 'id')),
              style: { cursor: 'pointer' },
            })}
            onChange={(pg) => setPage({ current: pg.current ?? 1, size: pg.pageSize ?? PICKER_PAGE_SIZE })}
            pagination={{
              current: page.current,
              pageSize: page.size,
              total: data.total,
              showSizeChanger: true,
              showQuickJumper: true,
              pageSizeOptions: PICKER_PAGE_SIZES,
              showTotal: (total, [from, to]) => PICKER_TEXT.total(total, from, to),
            }}
          />
          <div data-testid="user-by-depart-selected" style={{ marginTop: 8 }}>
            {PICKER_TEXT.selected}：
            {selected.map((r) => (
              <Tag key={String(r.id)} closable onClose={() => setSelected((s) => s.filter((x) => x.id !== r.id))}>
                {String(r.realname ?? r.username ?? r.id)}
              </Tag>
            ))}
          </div>
        </div>
      </div>
    </Modal>
  );
}

export default UserByDepartModal;
