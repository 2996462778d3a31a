import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Space, Table, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { usePagedList } from './usePagedList';
import { useLatestGuard } from '../../../../registry/shared/useLatestGuard';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
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

  const guard = useLatestGuard();
  useEffect(() => {
    void guard.run(
      () => request.get<DepartNode[]>('/sys/sysDepart/queryTreeList'),
      (res) => res.success && setDeparts(res.result),
    );
  }, [request, guard]);

  const params = useCallback(() => {
    const filters = form.getFieldsValue();
    const p: Record<string, unknown> = {};
    if (orgCode) p.orgCode = orgCode;
    if (filters.realname) p.realname = filters.realname;
    if (filters.workNo) p.workNo = filters.workNo;
    return p;
  }, [orgCode, form]);
  const list = usePagedList<ContactRow>('/sys/user/queryByOrgCodeForAddressList', params);

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
                list.toFirstPage();
              }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Card variant="borderless">
          <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={() => list.toFirstPage()}>
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
                  list.toFirstPage();
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
            loading={list.loading}
            dataSource={list.rows}
            columns={[
              { title: T.realname, dataIndex: 'realname' },
              { title: T.workNo, dataIndex: 'workNo' },
              { title: T.depart, dataIndex: 'departName' },
              { title: T.post, dataIndex: 'postText' },
              { title: T.telephone, dataIndex: 'telephone' },
              { title: T.phone, dataIndex: 'phone' },
              { title: T.email, dataIndex: 'email' },
            ]}
            pagination={list.pagination}
          />
        </Card>
      </Col>
    </Row>
  );
}
