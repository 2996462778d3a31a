import { useMemo, useState, type ComponentType } from 'react';
import { Button, Col, Empty, Input, List, Modal, Popconfirm, Row, Select, Space, Tooltip, message } from 'antd';
import { DeleteOutlined, FilterOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import {
  SUPER_QUERY_RULES,
  SUPER_QUERY_TEXT,
  changeRule,
  checkSave,
  findSuperQueryField,
  loadSavedQueries,
  removeSavedQuery,
  saveQuery,
  savedQueryKey,
  superQueryFields,
  superQueryParams,
  type MatchType,
  type SuperQueryCondition,
  type SuperQueryRule,
} from '../../src/runtime/list/super-query';
import { useRuntimeContext } from '../../registry/context/RuntimeContext';
import { editableCellOf, type EditableCellProps, type WidgetRegistry } from '../../registry/registry';
import { innerEscProps } from '../../registry/components/j-modal/index';

export interface SuperQueryProps {
  screen: ScreenSchema;
  subs: ScreenSchema[];
  registry: WidgetRegistry;
  /** save code of the saved queries (else the route path is used) */
  saveCode?: string;
  /** the query in force (params) or null when cleared */
  onQuery: (params: { superQueryParams: string; superQueryMatchType: MatchType } | null) => void;
  active: boolean;
}

/** The current route path ('' without a browser): saved queries without a save code are kept per route. */
function routePath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}

const blank = (): SuperQueryCondition => ({ field: '', rule: 'eq', val: '' });

/**
 * The advanced query (spec 2.6, 3, 5.5): conditions over the screen's fields and its sub
 * tables' fields (grouped), each value in the field's own registry widget ('in' takes several
 * values), rules of SUPER_QUERY_RULES, match type and/or; saved queries kept in local storage
 * under the fixed prefix plus the save code or route path; the exact warnings of spec 5.5.
 * While a query is in force the button says so and offers a clear link.
 */
export default function SuperQuery({ screen, subs, registry, saveCode, onQuery, active }: SuperQueryProps) {
  const [open, setOpen] = useState(false);
  const [conds, setConds] = useState<SuperQueryCondition[]>([blank()]);
  const [matchType, setMatchType] = useState<MatchType>('and');
  const [saveName, setSaveName] = useState('');
  const { storage } = useRuntimeContext();
  const key = savedQueryKey(saveCode, routePath());
  const [saved, setSaved] = useState(() => loadSavedQueries(storage, key));
  const fields = useMemo(() => superQueryFields(screen, subs), [screen, subs]);

  const update = (i: number, c: SuperQueryCondition) => setConds((cs) => cs.map((x, j) => (j === i ? c : x)));

  const run = () => {
    try {
      onQuery(superQueryParams(conds, matchType));
      setOpen(false);
    } catch (e) {
      message.warning((e as Error).message);
    }
  };

  const doSave = (title: string) => {
    setSaved(saveQuery(storage, key, { title, matchType, records: conds }));
    message.success('保存成功');
    setSaveName('');
  };
  const save = () => {
    const check = checkSave(saved, saveName, conds);
    if (check.ok) return doSave(saveName);
    if ('warning' in check) return void message.warning(check.warning);
    Modal.confirm({ title: '提示', content: check.confirm, onOk: () => doSave(saveName) });
  };

  const valueInput = (c: SuperQueryCondition, i: number) => {
    const item = findSuperQueryField(fields, c.field);
    if (c.rule === 'in')
      return (
        <Select
          mode="tags"
          style={{ width: '100%' }}
          placeholder="请输入值，回车分隔"
          value={Array.isArray(c.val) ? c.val : []}
          onChange={(v: string[]) => update(i, { ...c, val: v })}
          open={false}
        />
      );
    const def = item?.field && item.widget && item.widget !== 'hidden' ? registry.get(item.widget) : undefined;
    if (def && item?.field) {
      const Cell = editableCellOf(def) as ComponentType<EditableCellProps<unknown>>;
      return (
        <Cell
          value={c.val === '' ? undefined : c.val}
          onChange={(v) => update(i, { ...c, val: v === null || v === undefined ? '' : String(v) })}
          field={item.field}
          record={{}}
          column={c.field}
          placeholder="请输入值"
        />
      );
    }
    return (
      <Input
        placeholder="请输入值"
        value={typeof c.val === 'string' ? c.val : ''}
        onChange={(e) => update(i, { ...c, val: e.target.value })}
      />
    );
  };

  return (
    <>
      <Space size={4} data-testid="super-query">
        <Tooltip title={active ? '已有高级查询条件生效' : undefined}>
          <Button icon={<FilterOutlined />} type={active ? 'primary' : 'default'} ghost={active} onClick={() => setOpen(true)}>
            高级查询
          </Button>
        </Tooltip>
        {active && (
          <a data-testid="super-query-clear" onClick={() => onQuery(null)}>
            清空高级查询
          </a>
        )}
      </Space>
      <Modal
        open={open}
        title="高级查询构造器"
        width={1000}
        maskClosable={false}
        destroyOnHidden={false}
        onCancel={() => setOpen(false)}
        {...innerEscProps(() => setOpen(false))}
        footer={
          <Space>
            <Input
              placeholder="请输入保存的名称"
              value={saveName}
              onChange={(e) => setSaveName(e.target.value)}
              style={{ width: 180 }}
              data-testid="super-query-save-name"
            />
            <Button onClick={save}>保存查询条件</Button>
            <Button
              onClick={() => {
                setConds([blank()]);
                setMatchType('and');
                onQuery(null);
              }}
            >
              重置
            </Button>
            <Button type="primary" onClick={run}>
              查询
            </Button>
          </Space>
        }
      >
        <Row gutter={16}>
          <Col span={18} data-testid="super-query-conditions">
            <Space style={{ marginBottom: 12 }}>
              <span>过滤条件匹配：</span>
              <Select<MatchType>
                value={matchType}
                onChange={setMatchType}
                style={{ width: 200 }}
                options={[
                  { value: 'and', label: 'AND（所有条件都要求匹配）' },
                  { value: 'or', label: 'OR（条件中的任意一个匹配）' },
                ]}
                data-testid="super-query-match"
              />
            </Space>
            {conds.map((c, i) => (
              <Row gutter={8} key={i} style={{ marginBottom: 8 }} className="super-query-row">
                <Col span={8}>
                  <Select
                    style={{ width: '100%' }}
                    placeholder="选择查询字段"
                    showSearch
                    optionFilterProp="label"
                    value={c.field || undefined}
                    onChange={(v: string) => {
                      const f = findSuperQueryField(fields, v);
                      update(i, { field: v, rule: c.rule, val: c.rule === 'in' ? [] : '', type: f?.type, dbType: f?.dbType });
                    }}
                    options={fields.map((f) =>
                      f.children
                        ? { label: f.text, options: f.children.map((ch) => ({ value: ch.value, label: `${f.text}.${ch.text}` })) }
                        : { value: f.value, label: f.text },
                    )}
                  />
                </Col>
                <Col span={5}>
                  <Select<SuperQueryRule>
                    style={{ width: '100%' }}
                    value={c.rule}
                    onChange={(r) => update(i, changeRule(c, r))}
                    options={SUPER_QUERY_RULES.map((r) => ({ value: r.value, label: r.label }))}
                  />
                </Col>
                <Col span={8}>{valueInput(c, i)}</Col>
                <Col span={3}>
                  <Space>
                    <Button
                      size="small"
                      icon={<PlusOutlined />}
                      onClick={() => setConds((cs) => [...cs.slice(0, i + 1), blank(), ...cs.slice(i + 1)])}
                    />
                    <Button
                      size="small"
                      icon={<MinusCircleOutlined />}
                      onClick={() => setConds((cs) => (cs.length > 1 ? cs.filter((_, j) => j !== i) : [blank()]))}
                    />
                  </Space>
                </Col>
              </Row>
            ))}
          </Col>
          <Col span={6}>
            <div style={{ fontWeight: 500, marginBottom: 8 }}>保存的查询</div>
            {saved.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有保存任何查询" />
            ) : (
              <List
                size="small"
                data-testid="super-query-saved"
                dataSource={saved}
                renderItem={(q) => (
                  <List.Item
                    actions={[
                      <Popconfirm
                        key="d"
                        title={SUPER_QUERY_TEXT.remove}
                        onConfirm={() => setSaved(removeSavedQuery(storage, key, q.title))}
                      >
                        <DeleteOutlined aria-label="删除查询" />
                      </Popconfirm>,
                    ]}
                  >
                    <a
                      onClick={() => {
                        setConds(q.records.length ? q.records : [blank()]);
                        setMatchType(q.matchType);
                        setSaveName(q.title);
                      }}
                    >
                      {q.title}
                    </a>
                  </List.Item>
                )}
              />
            )}
          </Col>
        </Row>
      </Modal>
    </>
  );
}
