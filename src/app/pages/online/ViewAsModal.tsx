import { useEffect, useState } from 'react';
import { Alert, Descriptions, Form, Modal, Select, Space, Table, Tag } from 'antd';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import type { ScreenSchema } from '../../../shared/generated/screen-schema';
import { toColumn } from '../../../shared/columns';
import { AUTHORING_UI } from './authoringTexts';
import { buttonLabels, type ViewAsAnswer } from './view-as-model';

const T = AUTHORING_UI.viewAs;
type Row = Record<string, unknown>;

/**
 * 按角色预览: shows screen `screen` (id and title) as a chosen user would get it — pick a role
 * (optional, narrows the users to its members), a user, and one of their tenants when they have
 * several (the first by default); the server
 * (GET /online/cgform/head/viewAs) answers their buttons, hidden list buttons, disabled form
 * fields and the first page of rows their tenant and data rules return, and logs the preview.
 * Read-only: nothing here writes, and no session as that user is made. `onClose` closes it.
 */
export default function ViewAsModal({ screen, onClose }: { screen?: { id: string; title: string }; onClose: () => void }) {
  const { request } = useRuntimeContext();
  const [roles, setRoles] = useState<{ value: string; label: string }[]>([]);
  const [users, setUsers] = useState<{ value: string; label: string }[]>([]);
  const [roleId, setRoleId] = useState<string>();
  const [username, setUsername] = useState<string>();
  // the tenant previewed: chosen when the user has several (the server's default is their first)
  const [tenantId, setTenantId] = useState<number>();
  const [tenants, setTenants] = useState<{ value: number; label: string }[]>([]);
  const [answer, setAnswer] = useState<ViewAsAnswer>();
  const [problem, setProblem] = useState<string>();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!screen) return;
    setRoleId(undefined);
    setUsername(undefined);
    setTenantId(undefined);
    setTenants([]);
    setAnswer(undefined);
    setProblem(undefined);
    void request.get<{ id: string; roleName: string }[]>('/sys/role/queryall').then((res) => {
      if (res.success) setRoles(res.result.map((r) => ({ value: r.id, label: r.roleName })));
    });
  }, [screen, request]);

  useEffect(() => {
    if (!screen) return;
    const url = roleId ? '/sys/user/userRoleList' : '/sys/user/list';
    void request
      .get<{ records: { username: string; realname?: string }[] }>(url, { pageNo: 1, pageSize: 200, ...(roleId ? { roleId } : {}) })
      .then((res) => {
        if (res.success)
          setUsers(res.result.records.map((u) => ({ value: u.username, label: `${u.realname ?? u.username}（${u.username}）` })));
      });
  }, [screen, roleId, request]);

  useEffect(() => {
    if (!screen || !username) return;
    setLoading(true);
    const query = { id: screen.id, username, pageNo: 1, pageSize: 10, ...(tenantId ? { tenantId } : {}) };
    void request.get<ViewAsAnswer>('/online/cgform/head/viewAs', query).then((res) => {
      setLoading(false);
      setAnswer(res.success ? res.result : undefined);
      setProblem(res.success ? undefined : res.message);
      if (res.success) setTenants((res.result.user.tenants ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.id}）` })));
    });
  }, [screen, username, tenantId, request]);

  const schema = answer?.columns?.screen as ScreenSchema | undefined;
  const titleOf = (name: string) => schema?.fields.find((f) => f.name === name || toColumn(f.name) === name)?.title ?? name;
  const list = (items: string[]) => (items.length ? items.map((x) => <Tag key={x}>{x}</Tag>) : T.none);

  return (
    <Modal open={!!screen} width={1100} title={screen ? T.title(screen.title) : ''} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-page="cgform-view-as">
        <Form layout="inline" style={{ marginBottom: 12 }}>
          <Form.Item label={T.role}>
            <Select
              data-field="role"
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 200 }}
              placeholder={T.rolePlaceholder}
              options={roles}
              value={roleId}
              onChange={(v: string | undefined) => {
                setRoleId(v);
                setUsername(undefined);
                setAnswer(undefined);
              }}
            />
          </Form.Item>
          <Form.Item label={T.user}>
            <Select
              data-field="user"
              showSearch
              optionFilterProp="label"
              style={{ width: 260 }}
              placeholder={T.userPlaceholder}
              options={users}
              value={username}
              onChange={(v: string) => {
                setUsername(v);
                setTenantId(undefined);
                setTenants([]);
              }}
            />
          </Form.Item>
          {tenants.length > 1 && (
            <Form.Item label={T.tenant}>
              <Select
                data-field="tenant"
                style={{ width: 220 }}
                placeholder={T.tenantPlaceholder}
                options={tenants}
                value={tenantId ?? answer?.user.tenantId}
                onChange={(v: number) => setTenantId(v)}
              />
            </Form.Item>
          )}
        </Form>
        <Alert type="info" showIcon message={T.readOnly} style={{ marginBottom: 12 }} />
        {problem && <Alert type="warning" message={problem} style={{ marginBottom: 12 }} />}
        {answer && !answer.readable && <Alert type="warning" data-result="no-menu" message={T.noMenu} />}
        {answer?.readable && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={T.buttons}>
                <span data-result="buttons">{list(buttonLabels(answer.buttons, schema))}</span>
              </Descriptions.Item>
              <Descriptions.Item label={T.disabledFields}>
                <span data-result="disabled">{list((answer.disabledFields ?? []).map(titleOf))}</span>
              </Descriptions.Item>
              {answer.user.tenantId ? <Descriptions.Item label={T.tenant}>{answer.user.tenantId}</Descriptions.Item> : null}
            </Descriptions>
            <Table<Row>
              data-result="rows"
              rowKey={(r) => String(r.id)}
              size="small"
              loading={loading}
              dataSource={answer.data?.records ?? []}
              pagination={false}
              scroll={{ x: 'max-content', y: 320 }}
              title={() => T.rows(answer.data?.total ?? 0)}
              columns={(answer.columns?.columns ?? []).map((c) => ({
                title: c.title,
                dataIndex: c.dataIndex,
                render: (_: unknown, r: Row) => String(r[`${c.dataIndex}_dictText`] ?? r[c.dataIndex] ?? ''),
              }))}
            />
          </Space>
        )}
      </div>
    </Modal>
  );
}
