/**
 * The online form designer's editor (a wide modal, JeecgBoot's 在线表单开发 editor): head
 * settings (HeadSettings.tsx) and tabs over the same field rows, each a handsontable grid
 * (数据库属性, 页面属性, 校验字段, 查询配置) plus the 索引 grid and, for a sub screen, 外键
 * (ForeignKeyTab.tsx: its main screens; an authored one is saved after this screen when its
 * foreign-key field changed). Rows are added, removed and dragged
 * into order; a field whose widget type changes gets that type's database defaults, one whose
 * database type changes that type's length and decimals. Saves the
 * screen schema through /online/cgform/api/addAll (new) or editAll (with the version it loaded:
 * a save over a newer version is refused) and shows the server's
 * answer (a refused schema names the field and the rule). A built-in file screen opens
 * read-only. Loaded lazily: handsontable is downloaded only when the editor opens.
 */
import { Alert, Button, Form, Modal, Space, Tabs, message } from 'antd';
import type Handsontable from 'handsontable/base';
import { useEffect, useMemo, useRef, useState } from 'react';
import { defaultRegistry } from '../../../../../registry';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import type { ScreenSchema } from '../../../../shared/generated/screen-schema';
import DesignerGrid from './DesignerGrid';
import ForeignKeyTab, { type ForeignKeyLink } from './ForeignKeyTab';
import { EDITOR_UI as T } from './editorTexts';
import {
  applyIndexes,
  dbTypeDefaults,
  fieldToRow,
  indexRows,
  newFieldRow,
  reorder,
  rowToField,
  widgetDefaults,
  type FieldRow,
  type IndexRow,
} from './fieldRows';
import HeadSettings, { headOf, headValues, type HeadValues } from './HeadSettings';
import { fieldColumns, INDEX_COLUMNS, type FieldTab } from './tabColumns';

type Tab = FieldTab | 'fk' | 'index';

/** Props: `id` of the screen to edit (undefined: a new one); `onSaved` after a successful save. */
export interface CgformEditorProps {
  id?: string;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The form designer's editor (see the file comment). */
export default function CgformEditor({ id, open, onClose, onSaved }: CgformEditorProps) {
  const { request, registry: ctxRegistry } = useRuntimeContext();
  const registry = ctxRegistry ?? defaultRegistry;
  const widgets = useMemo(() => registry.list().map((d) => d.type), [registry]);
  const [form] = Form.useForm<HeadValues>();
  const [original, setOriginal] = useState<ScreenSchema>();
  // the version loaded: the server refuses the save when someone saved a newer one meanwhile
  const [version, setVersion] = useState<number>();
  const [readOnly, setReadOnly] = useState(false);
  const rows = useRef<FieldRow[]>([]);
  const indexes = useRef<IndexRow[]>([]);
  const hot = useRef<Handsontable | undefined>(undefined);
  const [tab, setTab] = useState<Tab>('db');
  const [gridKey, setGridKey] = useState(0);
  const [refused, setRefused] = useState<string>();
  const [busy, setBusy] = useState(false);
  // 外键 (sub screens): the main screens naming this one in their subTables
  const [foreignKeys, setForeignKeys] = useState<ForeignKeyLink[]>([]);
  const loadedKeys = useRef<ForeignKeyLink[]>([]);
  const tableType = Form.useWatch('tableType', form) as ScreenSchema['tableType'] | undefined;
  const redraw = () => setGridKey((k) => k + 1);

  useEffect(() => {
    if (!open) return;
    setRefused(undefined);
    setTab('db');
    setOriginal(undefined);
    setVersion(undefined);
    setReadOnly(false);
    setForeignKeys([]);
    loadedKeys.current = [];
    form.setFieldsValue(headValues());
    rows.current = [];
    indexes.current = [];
    redraw();
    if (!id) return;
    type Loaded = { schema: ScreenSchema; isBuiltIn: boolean; version?: number; foreignKeys?: ForeignKeyLink[] };
    void request.get<Loaded>('/online/cgform/head/schema', { id }).then((res) => {
      if (!res.success) return void message.warning(res.message);
      setOriginal(res.result.schema);
      setForeignKeys(res.result.foreignKeys ?? []);
      loadedKeys.current = res.result.foreignKeys ?? [];
      setVersion(res.result.version);
      setReadOnly(res.result.isBuiltIn);
      form.setFieldsValue(headValues(res.result.schema));
      rows.current = res.result.schema.fields.map(fieldToRow);
      indexes.current = indexRows(res.result.schema);
      redraw();
    });
  }, [open, id, form, request]);

  // a screen no longer of type sub has no 外键 tab
  useEffect(() => {
    if (tab === 'fk' && tableType !== 'sub') setTab('db');
  }, [tab, tableType]);

  const onCellChange = (row: FieldRow, prop: string, _before: unknown, after: unknown) => {
    if (prop === 'widget') Object.assign(row, widgetDefaults(String(after), registry.get(String(after))?.defaultDbType));
    if (prop === 'dbType') Object.assign(row, dbTypeDefaults(after as FieldRow['dbType'], (row.dbLength ?? 0) > 32));
    if (prop === 'nullable') row.required = !after;
    if (prop === 'required') row.nullable = !after;
    if (prop === 'queryMode' && after) row.isQuery = true;
  };

  const addField = () => {
    const taken = new Set(rows.current.map((r) => r.dbFieldName));
    let n = rows.current.length + 1;
    while (taken.has(`field_${n}`)) n++;
    rows.current = [...rows.current, newFieldRow(n, 'input', registry.get('input')?.defaultDbType)];
    redraw();
  };
  const removeSelected = () => {
    const h = hot.current;
    const picked = new Set<number>();
    for (const [r1, , r2] of h?.getSelected() ?? [])
      for (let r = Math.min(r1, r2); r <= Math.max(r1, r2); r++) if (r >= 0) picked.add(h!.toPhysicalRow(r));
    if (!picked.size) return void message.warning(T.pickFirst);
    if (tab === 'index') indexes.current = indexes.current.filter((_, i) => !picked.has(i));
    else rows.current = rows.current.filter((_, i) => !picked.has(i));
    redraw();
  };

  const save = async () => {
    setRefused(undefined);
    // antd shows a head setting's error beside it
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const head = headOf(values);
    if (!rows.current.length) return void message.warning(T.noFields);
    const {
      fields,
      uniqueKeys,
      indexes: normal,
    } = applyIndexes(rows.current.map(rowToField), indexes.current, original?.uniqueKeys, head.tableName, original?.tableName);
    const { tree: _t, subTables: _s, uniqueKeys: _u, indexes: _i, ...kept } = original ?? ({} as Partial<ScreenSchema>);
    const schema = {
      ...kept,
      ...head,
      id: original?.id ?? head.tableName,
      fields,
      ...(uniqueKeys.length ? { uniqueKeys } : {}),
      ...(normal.length ? { indexes: normal } : {}),
    };
    setBusy(true);
    const res = original
      ? await request.put('/online/cgform/api/editAll', { schema, version })
      : await request.post('/online/cgform/api/addAll', { schema });
    setBusy(false);
    if (!res.success) {
      setRefused(res.message);
      return void message.warning(res.message);
    }
    // 外键 changed on an authored main screen: saved into that screen's subTables after this one
    for (const link of foreignKeys) {
      const was = loadedKeys.current.find((l) => l.mainId === link.mainId);
      if (!link.editable || !was || was.foreignKey === link.foreignKey || !original) continue;
      const main = await request.get<{ schema: ScreenSchema; version?: number }>('/online/cgform/head/schema', { id: link.mainId });
      const next = main.success
        ? {
            ...main.result.schema,
            subTables: main.result.schema.subTables?.map((st) => (st.id === original.id ? { ...st, foreignKey: link.foreignKey } : st)),
          }
        : undefined;
      const saved = next ? await request.put('/online/cgform/api/editAll', { schema: next, version: main.result.version }) : main;
      if (!saved.success) {
        setRefused(T.fk.mainRefused(link.mainTitle, saved.message));
        return void message.warning(saved.message);
      }
    }
    message.success(res.message);
    onSaved();
  };

  const title = !id ? T.addTitle : readOnly ? T.viewTitle(original?.title ?? '') : T.editTitle(original?.title ?? '');
  return (
    <Modal
      open={open}
      width="92vw"
      style={{ top: 24 }}
      title={title}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ disabled: readOnly }}
      confirmLoading={busy}
      destroyOnHidden
      maskClosable={false}
    >
      <div data-page="cgform-editor">
        {readOnly && <Alert type="info" showIcon message={T.builtInReadOnly} style={{ marginBottom: 12 }} />}
        {refused && (
          <Alert data-part="refused" type="error" showIcon message={T.saveRefused} description={refused} style={{ marginBottom: 12 }} />
        )}
        <HeadSettings form={form} id={original?.id} readOnly={readOnly} />
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            hot.current = undefined;
            setTab(k as Tab);
          }}
          items={(Object.keys(T.tabs) as Tab[]).filter((k) => k !== 'fk' || tableType === 'sub').map((k) => ({ key: k, label: T.tabs[k] }))}
          tabBarExtraContent={
            !readOnly &&
            tab !== 'fk' && (
              <Space>
                <Button
                  size="small"
                  data-action="add-row"
                  onClick={() =>
                    tab === 'index'
                      ? ((indexes.current = [...indexes.current, { indexName: '', indexField: '', indexType: 'normal' }]), redraw())
                      : addField()
                  }
                >
                  {tab === 'index' ? T.addIndex : T.addField}
                </Button>
                <Button size="small" danger data-action="remove-row" onClick={removeSelected}>
                  {tab === 'index' ? T.removeIndex : T.removeField}
                </Button>
              </Space>
            )
          }
        />
        {tab === 'fk' ? (
          <ForeignKeyTab
            links={foreignKeys}
            fields={rows.current.map(rowToField)}
            readOnly={readOnly}
            onChange={(mainId, foreignKey) => setForeignKeys((ls) => ls.map((l) => (l.mainId === mainId ? { ...l, foreignKey } : l)))}
          />
        ) : (
          <DesignerGrid
            key={`${tab}-${gridKey}`}
            name={tab}
            data={(tab === 'index' ? indexes.current : rows.current) as object[]}
            columns={tab === 'index' ? INDEX_COLUMNS : fieldColumns(tab, widgets)}
            readOnly={readOnly}
            rowMove={tab !== 'index'}
            height={(tab === 'index' ? indexes.current : rows.current).length > 30 ? 640 : 'auto'}
            onCellChange={(row, prop, before, after) => tab !== 'index' && onCellChange(row as FieldRow, prop, before, after)}
            onReorder={(order) => {
              rows.current = reorder(rows.current, order);
              redraw();
            }}
            onReady={(h) => (hot.current = h)}
          />
        )}
        {tab !== 'fk' && <p style={{ color: '#8c8c8c', marginTop: 8, fontSize: 12 }}>{T.dragHint}</p>}
      </div>
    </Modal>
  );
}
