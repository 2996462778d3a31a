import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, message, Spin, Tabs } from 'antd';
import type { Form } from '@formily/core';
import type { WidgetRegistry } from '../../registry/registry';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { useSubScreens } from '../list/useSubScreens';
import ScreenForm from './ScreenForm';
import SubTableEditor, { type CollectRows } from './SubTableEditor';

type Row = Record<string, unknown>;

/** Collects the save body: the main form's values plus each sub table's rows under its table name; null when something is invalid. */
export type CollectBody = () => Promise<Row | null>;

export interface MasterDetailFormProps {
  /** A main screen (tableType main with subTables). */
  screen: ScreenSchema;
  registry: WidgetRegistry;
  mode: 'add' | 'edit';
  /** The edited main row (keys = columns); memoise it. */
  values?: Record<string, unknown>;
  /** Called with the collector whenever it changes. */
  onReady: (collect: CollectBody) => void;
  /** Called with the main form once it exists (its `modified` tells unsaved changes). */
  onMainForm?: (form: Form) => void;
}

const MAIN_KEY = '_main';
const NO_SUBS: ScreenSchema[] = [];

/**
 * The master-detail form (spec 5.4 form-plus-tables, 2.2 tab template): the
 * main screen's form plus one editor per sub table (oneToMany: editable table; oneToOne: a sub
 * form) in tabs — for the tab template the main form is the first tab, otherwise the tabs sit
 * below it. The collector validates the main form first, then each opened sub table in tab
 * order, stopping at the first failing one and switching to its tab; on success it resolves
 * `{ ...main, [sub.tableName]: rows }`, which the server saves in one transaction. A sub table
 * whose tab was never opened is left out of the body, so the server keeps its rows.
 * Memoised like ScreenForm; each sub table gets a stable `onReady`, so the form's own state
 * changes do not re-render its editors.
 */
function MasterDetailForm({ screen, registry, mode, values, onReady, onMainForm }: MasterDetailFormProps) {
  const subs = useSubScreens(screen);
  const [active, setActive] = useState<string>(screen.template === 'tab' ? MAIN_KEY : '');
  const [mainForm, setMainForm] = useState<Form | null>(null);
  const parts = useRef(new Map<string, CollectRows>());
  const mainId = mode === 'edit' && values?.id !== undefined ? String(values.id) : undefined;
  const subScreens = subs.status === 'ready' ? subs.subs : NO_SUBS;

  useEffect(() => {
    onReady(async () => {
      if (!mainForm) return null;
      try {
        await mainForm.validate();
      } catch {
        if (screen.template === 'tab') setActive(MAIN_KEY);
        return null;
      }
      const body: Row = { ...(mainForm.values as Row) };
      for (const sub of subScreens) {
        const collect = parts.current.get(sub.id);
        if (!collect) continue;
        try {
          body[sub.tableName] = await collect();
        } catch (e) {
          setActive(sub.id);
          void message.warning(`${sub.title}：${e instanceof Error ? e.message : String(e)}`);
          return null;
        }
      }
      return body;
    });
    // onReady is a callback prop; reporting once per collector is the contract
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mainForm, subScreens, screen.template]);

  useEffect(() => {
    if (mainForm) onMainForm?.(mainForm);
    // onMainForm is a callback prop; reporting once per form is the contract
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mainForm]);

  // one stable collector callback per sub table
  const subReady = useMemo(
    () => new Map(subScreens.map((sub) => [sub.id, (collect: CollectRows) => void parts.current.set(sub.id, collect)])),
    [subScreens],
  );

  const main = <ScreenForm screen={screen} registry={registry} mode={mode} values={values} onReady={setMainForm} />;
  const subItems = subScreens.map((sub) => {
    const link = screen.subTables?.find((l) => l.id === sub.id);
    return {
      key: sub.id,
      label: sub.title,
      children: (
        <SubTableEditor
          sub={sub}
          foreignKey={link?.foreignKey ?? ''}
          relationType={link?.relationType ?? 'oneToMany'}
          mainId={mainId}
          registry={registry}
          onReady={subReady.get(sub.id)!}
        />
      ),
    };
  });
  const pending =
    subs.status === 'error' ? <Alert type="warning" showIcon message={subs.message} /> : subs.status === 'loading' ? <Spin /> : null;
  const activeKey = active || subItems[0]?.key;
  if (screen.template === 'tab')
    return (
      <>
        <Tabs
          className="master-detail-tabs"
          activeKey={activeKey}
          onChange={setActive}
          items={[{ key: MAIN_KEY, label: screen.title, children: main }, ...subItems]}
        />
        {pending}
      </>
    );
  return (
    <>
      {main}
      {pending ?? <Tabs className="master-detail-tabs" activeKey={activeKey} onChange={setActive} items={subItems} />}
    </>
  );
}

export default memo(MasterDetailForm);
