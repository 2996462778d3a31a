import { Button, Checkbox, Col, Form, Input, Row, Select, Space, Switch, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import type { ScreenSchema, SubTable } from '../../../../shared/generated/screen-schema';
import { EDITOR_UI } from './editorTexts';

const T = EDITOR_UI.head;

/** The head settings the form edits (the screen schema's head, flattened). */
export interface HeadValues {
  title: string;
  tableName: string;
  tableType: ScreenSchema['tableType'];
  template: Exclude<ScreenSchema['template'], 'tree'>;
  isTree: boolean;
  pidField?: string;
  hasChildField?: string;
  textField?: string;
  formTemplate: NonNullable<ScreenSchema['formTemplate']>;
  isPage: boolean;
  isCheckbox: boolean;
  authPre: string;
  subTables: SubTable[];
}

/** The head form values of a screen (defaults for a new one: 单表, normal, 2 columns, paged, checkbox). */
export function headValues(s?: ScreenSchema): HeadValues {
  return {
    title: s?.title ?? '',
    tableName: s?.tableName ?? '',
    tableType: s?.tableType ?? 'single',
    template: s?.template === 'tree' || !s ? 'normal' : s.template,
    isTree: s?.template === 'tree',
    pidField: s?.tree?.pidField,
    hasChildField: s?.tree?.hasChildField,
    textField: s?.tree?.textField,
    formTemplate: s?.formTemplate ?? 2,
    isPage: s?.isPage ?? true,
    isCheckbox: s?.isCheckbox ?? true,
    authPre: s?.authPre ?? '',
    subTables: [...(s?.subTables ?? [])],
  };
}

/**
 * The head part of a screen for its form values: template `tree` with tree settings when
 * 是否树 is on, sub tables only on a 主表. Keys a value does not set are left out.
 */
export function headOf(v: HeadValues): Partial<ScreenSchema> {
  const head: Partial<ScreenSchema> = {
    title: v.title.trim(),
    tableName: v.tableName.trim(),
    tableType: v.tableType,
    template: v.isTree ? 'tree' : v.template,
    formTemplate: v.formTemplate,
    isPage: v.isPage,
    isCheckbox: v.isCheckbox,
    authPre: v.authPre.trim(),
  };
  if (v.isTree)
    head.tree = { pidField: v.pidField ?? '', hasChildField: v.hasChildField ?? '', ...(v.textField ? { textField: v.textField } : {}) };
  if (v.tableType === 'main' && v.subTables.length) head.subTables = v.subTables.map((s) => ({ ...s })) as ScreenSchema['subTables'];
  return head;
}

/**
 * The designer's head settings (an antd form over {@link HeadValues}): 表描述, 表名 (lower-case
 * identifier, unique: checked with /online/cgform/api/checkOnlyTable against screens and
 * tables), 表类型, 主键策略 (fixed: UUID), 表单风格, 是否树 with its three fields, 表单列数,
 * 分页, 复选框, 权限前缀 (filled from the table name for a new screen) and, for a 主表, its 附表
 * (sub screen, foreign key field, relation type) in tab order. `id` is the edited screen's id.
 */
export default function HeadSettings({ form, id, readOnly }: { form: FormInstance<HeadValues>; id?: string; readOnly: boolean }) {
  const { request } = useRuntimeContext();
  const tableType = Form.useWatch('tableType', form);
  const isTree = Form.useWatch('isTree', form);
  const [subOptions, setSubOptions] = useState<{ value: string; label: string }[]>([]);

  useEffect(() => {
    if (tableType !== 'main') return;
    void request
      .get<{ records: { id: string; tableTxt: string }[] }>('/online/cgform/head/list', { tableType: '3', pageSize: 1000 })
      .then((res) => res.success && setSubOptions(res.result.records.map((r) => ({ value: r.id, label: `${r.tableTxt}（${r.id}）` }))));
  }, [tableType, request]);

  const checkTable = async (_: unknown, value: string) => {
    if (!value || readOnly) return;
    const res = await request.get<number>('/online/cgform/api/checkOnlyTable', { tbname: value, id });
    if (res.success && res.result === -1) throw new Error(res.message);
  };

  return (
    <Form form={form} layout="vertical" disabled={readOnly} data-part="head" size="small">
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item
            name="tableName"
            label={T.tableName}
            validateTrigger="onBlur"
            rules={[
              { required: true, message: T.tableNameMissing },
              { pattern: /^[a-z][a-z0-9_]{0,62}$/, message: T.tableNameRule },
              { validator: checkTable },
            ]}
          >
            <Input
              disabled={readOnly || !!id}
              onChange={(e) => {
                const auth = form.getFieldValue('authPre') as string;
                if (!id && (!auth || auth.startsWith('online:'))) form.setFieldValue('authPre', `online:${e.target.value}`);
              }}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="title" label={T.title} rules={[{ required: true, message: T.titleMissing }]}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="tableType" label={T.tableType}>
            <Select options={[...T.tableTypes]} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item label={T.idType} tooltip={T.idTypeFixed}>
            <Select value="UUID" disabled options={[{ value: 'UUID', label: 'UUID' }]} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="authPre" label={T.authPre} tooltip={T.authPreHint} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16} align="bottom">
        <Col span={5}>
          <Form.Item name="template" label={T.template}>
            <Select options={[...T.templates]} />
          </Form.Item>
        </Col>
        <Col span={3}>
          <Form.Item name="formTemplate" label={T.formTemplate}>
            <Select options={T.formTemplates} />
          </Form.Item>
        </Col>
        <Col span={2}>
          <Form.Item name="isPage" label={T.isPage} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={2}>
          <Form.Item name="isCheckbox" label={T.isCheckbox} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={2}>
          <Form.Item name="isTree" label={T.isTree} valuePropName="checked">
            <Checkbox />
          </Form.Item>
        </Col>
        {isTree && (
          <>
            <Col span={4}>
              <Form.Item name="pidField" label={T.pidField} rules={[{ required: true }]}>
                <Input placeholder="pid" />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="hasChildField" label={T.hasChildField} rules={[{ required: true }]}>
                <Input placeholder="hasChild" />
              </Form.Item>
            </Col>
            <Col span={2}>
              <Form.Item name="textField" label={T.textField}>
                <Input />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      {tableType === 'main' && (
        <Form.Item label={T.subTables} extra={T.subOrderHint}>
          <Form.List name="subTables">
            {(items, { add, remove, move }) => (
              <>
                {items.map((item, i) => (
                  <Space key={item.key} align="baseline" data-sub={i}>
                    <Form.Item name={[item.name, 'id']} rules={[{ required: true, message: T.subId }]}>
                      <Select style={{ width: 260 }} options={subOptions} placeholder={T.subId} showSearch />
                    </Form.Item>
                    <Form.Item name={[item.name, 'foreignKey']} rules={[{ required: true, message: T.foreignKey }]}>
                      <Input style={{ width: 180 }} placeholder={T.foreignKey} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'relationType']}>
                      <Select style={{ width: 110 }} options={[...T.relationTypes]} placeholder={T.relationType} />
                    </Form.Item>
                    <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
                      ↑
                    </Button>
                    <Button size="small" danger onClick={() => remove(item.name)}>
                      ×
                    </Button>
                  </Space>
                ))}
                <Button size="small" onClick={() => add({ relationType: 'oneToMany' })}>
                  {T.addSub}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      )}
    </Form>
  );
}
