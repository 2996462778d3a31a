import { memo, useEffect, useMemo, useState } from 'react';
import { Alert, Spin } from 'antd';
import type { Form } from '@formily/core';
import type { WidgetRegistry } from '../../registry/registry';
import { EditableTable, useEditableTableModel } from '../../registry/editable-table/EditableTable';
import { isTempId, TableValidationError } from '../../registry/editable-table/model';
import { LIST_TEXT } from '../../src/runtime/list/list-texts';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { useRuntimeContext } from '../../registry/context/RuntimeContext';
import { fetchSubRows } from '../list/sub-rows';
import ScreenForm from './ScreenForm';
import { subTableColumns } from './sub-table-columns';

type Row = Record<string, unknown>;

/** What a sub table hands the master-detail form: its rows for the save body; rejects with a readable Error (第N行 列：message) when a row is invalid. */
export type CollectRows = () => Promise<Row[]>;

export interface SubTableEditorProps {
  sub: ScreenSchema;
  /** Field name in the sub screen holding the main row's id (SubTable.foreignKey). */
  foreignKey: string;
  relationType: 'oneToMany' | 'oneToOne';
  /** The main row's id in edit mode (its sub rows are loaded); none when adding. */
  mainId?: string;
  registry: WidgetRegistry;
  /** Called once the editor can collect (after its rows loaded). */
  onReady: (collect: CollectRows) => void;
}

/** The sub rows of an edited main row (none when adding); 'failed' after the 3 tries of fetchSubRows. */
function useSubRows(sub: ScreenSchema, mainId: string | undefined): Row[] | null | 'failed' {
  const { request } = useRuntimeContext();
  const [rows, setRows] = useState<Row[] | null | 'failed'>(mainId ? null : []);
  useEffect(() => {
    if (!mainId) return;
    let alive = true;
    fetchSubRows(request, sub, mainId)
      .then((r) => alive && setRows(r))
      .catch(() => alive && setRows('failed'));
    return () => {
      alive = false;
    };
  }, [request, sub, mainId]);
  return rows;
}

/** oneToMany: the registry's editable table over the sub screen's fields; new rows lose their temp ids on collect. */
function ManyRows({ sub, foreignKey, rows, registry, onReady }: Omit<SubTableEditorProps, 'relationType' | 'mainId'> & { rows: Row[] }) {
  const { user } = useRuntimeContext();
  const columns = useMemo(
    () => subTableColumns(sub, foreignKey, { username: user?.username, orgCode: user?.orgCode }),
    [sub, foreignKey, user?.username, user?.orgCode],
  );
  const model = useEditableTableModel({ columns, rows });
  useEffect(() => {
    onReady(async () => {
      try {
        const { rows: values } = await model.getValues();
        return values.map(({ id, ...rest }) => (isTempId(id) ? rest : { id, ...rest }));
      } catch (e) {
        if (!(e instanceof TableValidationError)) throw e;
        const first = e.errors[0];
        const title = columns.find((c) => c.key === first.key)?.title ?? first.key;
        throw new Error(`第${model.indexOf(first.rowId) + 1}行 ${title}：${first.message}`);
      }
    });
    // reporting once per model is the contract
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model]);
  return (
    <div data-sub-editor={sub.id}>
      <EditableTable model={model} registry={registry} addSettingsKey={sub.id} />
    </div>
  );
}

/** oneToOne: the sub screen's own form (without the foreign key); its row keeps its id. */
function OneRow({ sub, foreignKey, rows, registry, onReady }: Omit<SubTableEditorProps, 'relationType' | 'mainId'> & { rows: Row[] }) {
  const screen = useMemo(() => ({ ...sub, fields: sub.fields.filter((f) => f.name !== foreignKey) }), [sub, foreignKey]);
  const row = rows[0];
  const ready = (form: Form) =>
    onReady(async () => {
      await form.validate();
      const values = { ...(form.values as Row) };
      return [row?.id ? { ...values, id: row.id } : values];
    });
  return (
    <div data-sub-editor={sub.id}>
      <ScreenForm screen={screen} registry={registry} mode={row ? 'edit' : 'add'} values={row} onReady={ready} />
    </div>
  );
}

/**
 * One sub table inside a master-detail form (spec 5.4 form-plus-tables): a
 * oneToMany sub table as an editable table, a oneToOne one as the sub screen's form, filled with
 * the main row's sub rows in edit mode (打开子表失败 when they cannot be loaded; the save then
 * leaves them untouched, as the sub table is not in the body). Memoised: renders again only
 * when its props change.
 */
function SubTableEditor({ relationType, mainId, ...rest }: SubTableEditorProps) {
  const rows = useSubRows(rest.sub, mainId);
  if (rows === 'failed') return <Alert type="warning" showIcon message={LIST_TEXT.subTableFailed} />;
  if (rows === null) return <Spin />;
  return relationType === 'oneToOne' ? <OneRow {...rest} rows={rows} /> : <ManyRows {...rest} rows={rows} />;
}

export default memo(SubTableEditor);
