import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Table, Tabs, message } from 'antd';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import type { ScreenSchema, StatusAction } from '../../../shared/generated/screen-schema';
import { AUTHORING_UI } from './authoringTexts';
import { fromLinkRows, toLinkRows, withWorkflow, type DraftAction, type LinkRow } from './actions-linkage-model';

const T = AUTHORING_UI.actions;

/**
 * 联动与按钮: declares, without code, an authored screen's field linkage (show / require / set a
 * field while another has a value) and its status-action buttons (set the status field to V from
 * states S, guarded by permission code P, for the owner or others, when condition C holds). Loads
 * the schema (GET /online/cgform/head/schema) and saves it as a new version (PUT
 * /online/cgform/api/editAll `{schema}`); the server checks it like any screen and names the
 * field and rule it refuses. `screenId` undefined closes it; `onSaved` runs after a save.
 */
export default function ActionsLinkageModal({
  screenId,
  onClose,
  onSaved,
}: {
  screenId?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { request } = useRuntimeContext();
  const [schema, setSchema] = useState<ScreenSchema>();
  const [links, setLinks] = useState<LinkRow[]>([]);
  const [actions, setActions] = useState<DraftAction[]>([]);
  const [wf, setWf] = useState<{ statusField?: string; ownerField?: string; editableStates?: string[] }>({});
  const [busy, setBusy] = useState(false);
  // the version loaded: the server refuses the save when someone saved a newer one meanwhile
  const [version, setVersion] = useState<number>();

  useEffect(() => {
    if (!screenId) return;
    setSchema(undefined);
    void request.get<{ schema: ScreenSchema; version?: number }>('/online/cgform/head/schema', { id: screenId }).then((res) => {
      if (!res.success) return void message.warning(res.message);
      const s = res.result.schema;
      setSchema(s);
      setVersion(res.result.version);
      setLinks(toLinkRows(s));
      setActions(s.workflow?.actions ?? []);
      setWf({ statusField: s.workflow?.statusField, ownerField: s.workflow?.ownerField, editableStates: s.workflow?.editableStates });
    });
  }, [screenId, request]);

  const fieldOptions = (schema?.fields ?? []).map((f) => ({ value: f.name, label: `${f.title}（${f.name}）` }));
  const setAction = (i: number, patch: Partial<DraftAction>) => setActions((all) => all.map((a, k) => (k === i ? { ...a, ...patch } : a)));
  const setLink = (i: number, patch: Partial<LinkRow>) => setLinks((all) => all.map((l, k) => (k === i ? { ...l, ...patch } : l)));
  const cell = (value: string | undefined, onChange: (v: string) => void, key: string) => (
    <Input data-cell={key} size="small" value={value ?? ''} onChange={(e) => onChange(e.target.value)} />
  );
  const tags = (value: string[] | undefined, onChange: (v: string[]) => void, key: string) => (
    <Select data-cell={key} size="small" mode="tags" style={{ minWidth: 90 }} value={value ?? []} onChange={onChange} open={false} />
  );

  const save = async () => {
    if (!schema) return;
    let next: ScreenSchema;
    try {
      next = withWorkflow(fromLinkRows(schema, links), wf, actions);
    } catch (e) {
      return void message.warning((e as Error).message);
    }
    setBusy(true);
    const res = await request.put('/online/cgform/api/editAll', { schema: next, version });
    setBusy(false);
    if (!res.success) return void message.warning(res.message);
    message.success(res.message);
    onSaved();
  };

  return (
    <Modal
      open={!!screenId}
      width={1200}
      title={T.title(schema?.title ?? '')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <div data-page="cgform-actions">
        <Tabs
          items={[
            {
              key: 'actions',
              label: T.actionsTab,
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Form layout="inline">
                    <Form.Item label={T.statusField} tooltip={T.statusFieldHint}>
                      <Select
                        data-field="statusField"
                        allowClear
                        style={{ width: 220 }}
                        options={fieldOptions}
                        value={wf.statusField}
                        onChange={(v: string | undefined) => setWf({ ...wf, statusField: v })}
                      />
                    </Form.Item>
                    <Form.Item label={T.ownerField}>
                      <Select
                        data-field="ownerField"
                        allowClear
                        style={{ width: 220 }}
                        options={fieldOptions}
                        value={wf.ownerField}
                        onChange={(v: string | undefined) => setWf({ ...wf, ownerField: v })}
                      />
                    </Form.Item>
                    <Form.Item label={T.editableStates}>
                      {tags(wf.editableStates, (v) => setWf({ ...wf, editableStates: v.length ? v : undefined }), 'editableStates')}
                    </Form.Item>
                  </Form>
                  <Table<DraftAction>
                    data-grid="actions"
                    rowKey={(_, i) => String(i)}
                    size="small"
                    pagination={false}
                    dataSource={actions}
                    columns={[
                      { title: T.code, width: 110, render: (_, a, i) => cell(a.code, (v) => setAction(i, { code: v }), 'code') },
                      { title: T.label, width: 110, render: (_, a, i) => cell(a.label, (v) => setAction(i, { label: v }), 'label') },
                      { title: T.from, width: 130, render: (_, a, i) => tags(a.from, (v) => setAction(i, { from: v }), 'from') },
                      { title: T.to, width: 80, render: (_, a, i) => cell(a.to, (v) => setAction(i, { to: v }), 'to') },
                      {
                        title: T.permission,
                        width: 110,
                        render: (_, a, i) => cell(a.permission, (v) => setAction(i, { permission: v }), 'permission'),
                      },
                      {
                        title: T.actor,
                        width: 120,
                        render: (_, a, i) => (
                          <Select
                            data-cell="actor"
                            size="small"
                            style={{ width: 110 }}
                            value={a.actor ?? 'any'}
                            options={T.actors.map((x) => ({ ...x }))}
                            onChange={(v: StatusAction['actor']) => setAction(i, { actor: v === 'any' ? undefined : v })}
                          />
                        ),
                      },
                      {
                        title: T.condition,
                        render: (_, a, i) => cell(a.condition, (v) => setAction(i, { condition: v || undefined }), 'condition'),
                      },
                      {
                        title: T.confirm,
                        render: (_, a, i) => cell(a.confirm, (v) => setAction(i, { confirm: v || undefined }), 'confirm'),
                      },
                      {
                        title: '',
                        width: 60,
                        render: (_, _a, i) => <a onClick={() => setActions((all) => all.filter((_x, k) => k !== i))}>{T.remove}</a>,
                      },
                    ]}
                  />
                  <Button
                    data-action="add-status-action"
                    onClick={() => setActions((all) => [...all, { code: '', label: '', from: [], to: '', permission: '' }])}
                  >
                    {T.addAction}
                  </Button>
                </Space>
              ),
            },
            {
              key: 'linkage',
              label: T.linkageTab,
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Table<LinkRow>
                    data-grid="linkage"
                    rowKey={(_, i) => String(i)}
                    size="small"
                    pagination={false}
                    dataSource={links}
                    columns={[
                      {
                        title: T.target,
                        render: (_, l, i) => (
                          <Select
                            data-cell="target"
                            size="small"
                            style={{ width: 180 }}
                            options={fieldOptions}
                            value={l.target}
                            onChange={(v: string) => setLink(i, { target: v })}
                          />
                        ),
                      },
                      {
                        title: T.whenField,
                        render: (_, l, i) => (
                          <Select
                            data-cell="whenField"
                            size="small"
                            style={{ width: 180 }}
                            options={fieldOptions}
                            value={l.whenField}
                            onChange={(v: string) => setLink(i, { whenField: v })}
                          />
                        ),
                      },
                      {
                        title: T.op,
                        render: (_, l, i) => (
                          <Select
                            data-cell="op"
                            size="small"
                            style={{ width: 110 }}
                            options={T.ops.map((x) => ({ ...x }))}
                            value={l.op}
                            onChange={(v: LinkRow['op']) => setLink(i, { op: v })}
                          />
                        ),
                      },
                      { title: T.value, render: (_, l, i) => cell(l.value, (v) => setLink(i, { value: v }), 'value') },
                      {
                        title: T.effect,
                        render: (_, l, i) => (
                          <Select
                            data-cell="effect"
                            size="small"
                            style={{ width: 130 }}
                            options={T.effects.map((x) => ({ ...x }))}
                            value={l.effect}
                            onChange={(v: LinkRow['effect']) => setLink(i, { effect: v })}
                          />
                        ),
                      },
                      {
                        title: T.setValue,
                        render: (_, l, i) =>
                          l.effect === 'value' ? cell(l.setValue, (v) => setLink(i, { setValue: v }), 'setValue') : null,
                      },
                      {
                        title: '',
                        width: 60,
                        render: (_, _l, i) => <a onClick={() => setLinks((all) => all.filter((_x, k) => k !== i))}>{T.remove}</a>,
                      },
                    ]}
                  />
                  <Button
                    data-action="add-linkage"
                    onClick={() => setLinks((all) => [...all, { target: '', whenField: '', op: 'eq', value: '', effect: 'show' }])}
                  >
                    {T.addLinkage}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
