import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Space, Table, Tree, message } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useRuntimeContext } from '../../../../renderers/context/RuntimeContext';
import { PAGE_SIZE_OPTIONS, totalText } from '../../../runtime/list/list-state';
import { OPS_TEXT } from './opsTexts';

/** A department node of GET /sys/sysDepart/queryTreeList. */
interface DepartNode {
  key: string;
  title: string;
  orgCode: string;
  children?: DepartNode[];
}

/** A row of GET /sys/user/queryByOrgCodeForAddressList (src/server/modules/address-book/routes.ts). */
interface ContactRow {
  id: string;
  realname: string;
  workNo: string | null;
  departName: string | null;
  postText: string | null;
  telephone: string | null;
  phone: string | null;
  email: string | null;
}

const T = OPS_TEXT.address;
const ALL = '__all__';

const toTree = (nodes: DepartNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.orgCode, title: n.title, children: n.children?.length ? toTree(n.children) : undefined }));

/**
 * 通讯录 (menu /isystem/addressList, component system/AddressList): the department tree on the
 * left (全部部门 first); on the right the contacts of the chosen department and its
 * sub-departments — name, work number, department, post, landline, mobile, e-mail — searchable
 * by name and work number, paged 10/20/30.
 */
export default function AddressList() {
  const { request } = useRuntimeContext();
  const [form] = Form.useForm<{ realname?: string; workNo?: string }>();
  const [departs, setDeparts] = useState<DepartNode[]>([]);
  const [orgCode, setOrgCode] = useState<string>('');
  const [rows, setRows] = useState<ContactRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    void request.get<DepartNode[]>('/sys/sysDepart/queryTreeList').then((res) => {
      if (res.success) setDeparts(res.result);
    });
  }, [request]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const filters = form.getFieldsValue();
      const params: Record<string, unknown> = { ...page };
      if (orgCode) params.orgCode = orgCode;
      if (filters.realname) params.realname = filters.realname;
      if (filters.workNo) params.workNo = filters.workNo;
      const res = await request.get<{ records: ContactRow[]; total: number }>('/sys/user/queryByOrgCodeForAddressList', params);
      if (res.success) {
        setRows(res.result.records);
        setTotal(res.result.total);
      } else message.warning(res.message);
    } finally {
      setLoading(false);
    }
  }, [request, page, orgCode, form]);

  useEffect(() => {
    void load();
  }, [load]);

  const treeData = useMemo<DataNode[]>(() => [{ key: ALL, title: T.allDeparts, children: toTree(departs) }], [departs]);

  return (
    <Row gutter={12} data-page="address-list">
      <Col xs={24} md={6}>
        <Card variant="borderless">
          {departs.length > 0 && (
            <Tree
              treeData={treeData}
              defaultExpandedKeys={[ALL]}
              selectedKeys={[orgCode || ALL]}
              onSelect={(keys) => {
                const k = keys[0] === undefined ? ALL : String(keys[0]);
                setOrgCode(k === ALL ? '' : k);
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Card variant="borderless">
          <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={() => setPage((p) => ({ ...p, pageNo: 1 }))}>
            <Form.Item name="realname" label={T.realname}>
              <Input allowClear placeholder={T.namePlaceholder} />
            </Form.Item>
            <Form.Item name="workNo" label={T.workNo}>
              <Input allowClear placeholder={T.workNoPlaceholder} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {OPS_TEXT.search}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setPage((p) => ({ ...p, pageNo: 1 }));
                }}
              >
                {OPS_TEXT.reset}
              </Button>
            </Space>
          </Form>
          <Table<ContactRow>
            rowKey="id"
            size="middle"
            bordered
            loading={loading}
            dataSource={rows}
            columns={[
              { title: T.realname, dataIndex: 'realname' },
              { title: T.workNo, dataIndex: 'workNo' },
              { title: T.depart, dataIndex: 'departName' },
              { title: T.post, dataIndex: 'postText' },
              { title: T.telephone, dataIndex: 'telephone' },
              { title: T.phone, dataIndex: 'phone' },
              { title: T.email, dataIndex: 'email' },
            ]}
            pagination={{
              current: page.pageNo,
              pageSize: page.pageSize,
              total,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showQuickJumper: true,
              showSizeChanger: true,
              showTotal: totalText,
              onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}
