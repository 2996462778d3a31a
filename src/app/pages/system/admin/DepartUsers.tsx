import { useCallback, useEffect, useState } from 'react';
import { Popconfirm, Table, message } from 'antd';
import { useLatestGuard } from '../../../../../registry/shared/useLatestGuard';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import { PAGE_SIZE_OPTIONS, totalText } from '../../../../runtime/list/list-state';
import { ADMIN_T } from './texts';

interface Member {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
}

/** 部门用户 tab of the department pane (/sys/user/departUserList, deleteUserInDepart). */
export default function DepartUsers({ departId, editable }: { departId: string; editable: boolean }) {
  const { request } = useRuntimeContext();
  const [rows, setRows] = useState<Member[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const U = ADMIN_T.user;

  const guard = useLatestGuard();
  const load = useCallback(
    () =>
      guard.run(
        () => request.get<{ records: Member[]; total: number }>('/sys/user/departUserList', { depId: departId, ...page }),
        (res) => {
          if (!res.success) return;
          setRows(res.result.records);
          setTotal(res.result.total);
        },
      ),
    [request, departId, page, guard],
  );
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Table<Member>
      rowKey="id"
      size="small"
      dataSource={rows}
      pagination={{ current: page.pageNo, pageSize: page.pageSize, total, pageSizeOptions: [...PAGE_SIZE_OPTIONS], showTotal: totalText }}
      onChange={(p) => setPage({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
      columns={[
        { title: U.username, dataIndex: 'username' },
        { title: U.realname, dataIndex: 'realname' },
        { title: U.phone, dataIndex: 'phone' },
        {
          title: ADMIN_T.col.action,
          render: (_: unknown, row) =>
            editable && (
              <Popconfirm
                title={U.confirmRemove}
                onConfirm={async () => {
                  const res = await request.delete('/sys/user/deleteUserInDepart', { depId: departId, userId: row.id });
                  if (res.success) void load();
                  else message.warning(res.message);
                }}
              >
                <a>{U.remove}</a>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}
