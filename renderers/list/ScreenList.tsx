import { NOT_AGAIN } from '../../src/runtime/ports.js';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, ConfigProvider, Modal, Space, Spin, Table, message } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { isVirtualPage, pageSizeOptions, totalText } from '../../src/runtime/list/list-state';
import { allowedActions } from '../../src/shared/permission';
import { useRuntimeContext, useWidgetRegistry } from '../../registry/context/RuntimeContext';
import QueryForm from '../query/QueryForm';
import { buildColumns } from './columns';
import type { RecordModalMode } from './RecordModal';
import RecordModalHost, { type RecordModalOpener } from './RecordModalHost';
import { useListRuntime } from './useListRuntime';
import { screenCalls } from '../../src/runtime/list/screen-urls';
import { actionColumnWidth, heldRowActions, rowActionApplies, rowEditable } from '../../src/runtime/list/row-actions';
import RowActionLink from './RowActionLink';
import ConfirmLink from './ConfirmLink';
import ActionLinks from './ActionLinks';
import { LIST_TEXT } from '../../src/runtime/list/list-texts';
import {
  applyColumnSettings,
  loadColumnSettings,
  saveColumnSettings,
  type ColumnSettings as Settings,
} from '../../src/runtime/list/column-settings';
import type { MatchType } from '../../src/runtime/list/super-query';
import { toColumn } from '../../src/shared/columns';
import ColumnSettings from './ColumnSettings';
import { ExportButton, ImportButton } from './ExcelButtons';
import { RecycleBinButton } from './RecycleBinButton';
import SubTablesTabs from './SubTablesTabs';
import SuperQuery from './SuperQuery';
import { useSubScreens } from './useSubScreens';
import { SELECTION_WIDTH, tableScroll } from './table-scroll';
import { ActiveRowProvider, activeRowComponents, createActiveRowStore, useActiveRow, type ActiveRowStore } from './active-row';

type Row = Record<string, unknown>;
const ACTIONS = ['add', 'edit', 'delete', 'batch_delete', 'export', 'import'] as const;

const NO_WAVE = { disabled: true };

export interface ScreenListProps {
  screen: ScreenSchema;
  /** Built-in buttons the server says the user may not use (getColumns hideColumns). */
  hideColumns: string[];
  /** Extra row links of a custom page wrapping this list (e.g. 授权 of roles); `reload` refreshes the list. */
  rowExtra?: (row: Row, reload: () => void) => ReactNode;
  /** A record to show in the detail modal once the list is open (a link to one record). */
  openDetailId?: string;
}

/**
 * The list of a screen in its template (spec 2.2): normal; tree (children on first expand by
 * pid); ERP (master table above, the selected row's sub tables in tabs below); inner table (a
 * row expands into its sub tables); tab (the master list; sub tables belong to its form).
 * Query form, advanced query (spec 5.5), toolbar (新增, 批量删除, 导出, 导入, 回收站, 列设置), the
 * table with server paging 10/20/30, quick jumper, size changer and 共N条, sorting by any
 * column (createTime descending by default), selection kept across pages and cleared on
 * search and batch delete, row actions 编辑 / 详情 / 删除 with confirmation. Buttons the user
 * may not use are hidden (docs/architecture.md "Permission model"; the server refuses them as well).
 */
export default function ScreenList(props: ScreenListProps) {
  const { user } = useRuntimeContext();
  if (!user) return <Alert type="warning" showIcon message={LIST_TEXT.noUser} />;
  if (props.screen.template !== 'tree' && !screenCalls(props.screen).list().url)
    return <Alert type="warning" showIcon message={LIST_TEXT.noListUrl} />;
  return <ScreenListBody {...props} />;
}

function ScreenListBody({ screen, hideColumns, rowExtra, openDetailId }: ScreenListProps) {
  const { request, auth, allAuth, storage, user } = useRuntimeContext();
  const registry = useWidgetRegistry();
  const subScreens = useSubScreens(screen);
  const subs = subScreens.status === 'ready' ? subScreens.subs : [];
  const [plainQuery, setPlainQuery] = useState<Record<string, string>>({});
  const [superQuery, setSuperQuery] = useState<{ superQueryParams: string; superQueryMatchType: MatchType } | null>(null);
  // the ERP list's clicked row: outside React state, so a click re-renders two rows, not the list
  const activeMain = useMemo(() => createActiveRowStore(), []);
  const onErpRow = useCallback((r: Row) => ({ onClick: () => activeMain.set(String(r.id)) }), [activeMain]);
  const [settings, setSettings] = useState<Settings | null>(() => loadColumnSettings(storage, screen.id));
  const list = useListRuntime(screen);
  const sizeOptions = useMemo(() => pageSizeOptions(screen).map(String), [screen]);
  // the modal's state lives in RecordModalHost: opening it does not re-render this list
  const modalHost = useRef<RecordModalOpener>(null);
  const openModal = useCallback((mode: RecordModalMode, record?: Row) => modalHost.current?.open(mode, record), []);
  // a link to one record (?detail=id): its row, read like the detail call does, in the detail modal
  useEffect(() => {
    if (!openDetailId) return;
    let live = true;
    const call = screenCalls(screen).queryById(openDetailId);
    void request.get<Row>(call.url, call.params).then((res) => {
      if (!live) return;
      if (res.success && res.result) openModal('detail', res.result);
      else message.warning(res.message);
    }, NOT_AGAIN);
    return () => {
      live = false;
    };
  }, [openDetailId, screen, request, openModal]);
  const can = useMemo(() => {
    const allowed = allowedActions(screen.authPre, ACTIONS, { auth, allAuth });
    for (const h of hideColumns) allowed.delete(h);
    return allowed;
  }, [screen.authPre, auth, allAuth, hideColumns]);

  const search = (plain: Record<string, string>, sq: typeof superQuery) => {
    setPlainQuery(plain);
    setSuperQuery(sq);
    list.search(sq ? { ...plain, ...sq } : plain);
  };

  const remove = async (ids: string[]) => {
    const call = screenCalls(screen).remove(ids);
    if (!call.url) {
      message.warning(ids.length > 1 ? LIST_TEXT.noDeleteBatchUrl : LIST_TEXT.noDeleteUrl);
      return;
    }
    const res = await request.delete(call.url, call.params);
    if (res.success) {
      message.success(res.message);
      list.deselect(ids);
      await list.reload();
    } else message.warning(res.message);
  };

  const batchDelete = () => {
    const ids = list.state.selectedRowKeys;
    if (!ids.length) {
      message.warning(LIST_TEXT.selectOne);
      return;
    }
    Modal.confirm({
      title: '确认删除',
      content: '是否删除选中数据?',
      onOk: async () => {
        await remove(ids);
        list.select([]);
      },
    });
  };

  // the schema's extra row actions the user holds (启动/停止/执行一次, 发布/撤销 …)
  const extraActions = useMemo(() => heldRowActions(screen, { auth, allAuth }), [screen, auth, allAuth]);

  const rowActions = (row: Row) => (
    <ActionLinks>
      {can.has('edit') && rowEditable(screen, row) && <a onClick={() => openModal('edit', row)}>编辑</a>}
      <a onClick={() => openModal('detail', row)}>详情</a>
      {can.has('delete') && rowEditable(screen, row) && (
        <ConfirmLink title="确定删除吗?" onConfirm={() => remove([String(row.id)])}>
          删除
        </ConfirmLink>
      )}
      {extraActions
        .filter((a) => rowActionApplies(a, row, user?.username))
        .map((a) => (
          <RowActionLink key={a.action} action={a} id={String(row.id)} onDone={() => void list.reload()} />
        ))}
      {rowExtra?.(row, () => void list.reload())}
    </ActionLinks>
  );

  // the columns change with the sort only (not with paging or selection), so a page change does
  // not re-render every cell; the row actions' callbacks (reload, deselect) keep one identity
  const sort = useMemo(() => ({ column: list.state.column, order: list.state.order }), [list.state.column, list.state.order]);
  const allColumns = useMemo(
    () =>
      buildColumns(
        screen,
        registry,
        sort,
        rowActions,
        actionColumnWidth(['编辑', '详情', '删除', ...extraActions.map((a) => a.title), ...(rowExtra ? ['更多操作'] : [])]),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [screen, registry, sort, can, extraActions, rowExtra, user?.username],
  );
  // column settings (spec 4.4): the user's order and hidden columns, the action column last
  const fieldColumns = allColumns.filter((c) => c.key !== '_action');
  const columns = useMemo(() => {
    const byKey = new Map(allColumns.map((c) => [String(c.key), c]));
    const keys = applyColumnSettings(
      fieldColumns.map((c) => String(c.key)),
      settings,
    );
    return [...keys.map((k) => byKey.get(k)!), ...allColumns.filter((c) => c.key === '_action')];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allColumns, settings]);
  const changeSettings = (next: Settings | null) => {
    saveColumnSettings(storage, screen.id, next);
    setSettings(next);
  };

  const template = screen.template;
  const withSubs = (template === 'erp' || template === 'innerTable') && (screen.subTables?.length ?? 0) > 0;
  const subArea =
    subScreens.status === 'error' ? (
      <Alert type="warning" showIcon message={subScreens.message} />
    ) : subScreens.status === 'loading' ? (
      <Spin />
    ) : null;
  const treeField = list.tree && screen.tree?.textField ? toColumn(screen.tree.textField) : undefined;
  const tableColumns = treeField ? [...columns.filter((c) => c.key === treeField), ...columns.filter((c) => c.key !== treeField)] : columns;
  // a large page (page size above 100 rows) is a virtual table: only the rows in view are in the
  // DOM; on a size change it is mounted while the page's request is under way
  const virtual = isVirtualPage(list.state.pageSize);
  const selectable = screen.isCheckbox !== false;
  const scroll = tableScroll(
    tableColumns.map((c) => c.width),
    { virtual, selectable },
  );

  return (
    <Card
      variant="borderless"
      className="screen-list"
      data-screen={screen.id}
      data-rows={list.page.records.length}
      data-virtual={virtual || undefined}
    >
      <QueryForm screen={screen} registry={registry} onSearch={(q) => search(q, superQuery)} />
      <Space style={{ marginBottom: 12 }}>
        {can.has('add') && (
          // no click wave: its measuring a frame later would force a style pass over the opening form
          <ConfigProvider wave={NO_WAVE}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openModal('add')}>
              新增
            </Button>
          </ConfigProvider>
        )}
        {can.has('batch_delete') && (
          <Button icon={<DeleteOutlined />} onClick={batchDelete}>
            批量删除
          </Button>
        )}
        {can.has('export') && (
          <ExportButton
            screen={screen}
            query={list.state.query}
            selectedRowKeys={list.state.selectedRowKeys}
            onDone={() => list.select([])}
          />
        )}
        {can.has('import') && <ImportButton screen={screen} onImported={() => void list.reload()} />}
        {can.has('delete') && screen.recycleBin && (
          <RecycleBinButton screen={screen} bin={screen.recycleBin} onRestored={() => void list.reload()} />
        )}
        <SuperQuery screen={screen} subs={subs} registry={registry} active={!!superQuery} onQuery={(sq) => search(plainQuery, sq)} />
        <ColumnSettings
          columns={fieldColumns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
          settings={settings}
          onChange={changeSettings}
        />
        {list.state.selectedRowKeys.length > 0 && (
          <span>
            已选择 <a>{list.state.selectedRowKeys.length}</a> 项 <a onClick={() => list.select([])}>清空</a>
          </span>
        )}
      </Space>
      {list.warning && <Alert type="warning" showIcon message={list.warning} style={{ marginBottom: 12 }} />}
      <ActiveRowProvider store={activeMain}>
        <Table<Row>
          rowKey="id"
          size="middle"
          bordered
          loading={list.loading}
          columns={tableColumns}
          dataSource={list.page.records}
          className={`list-template-${template}`}
          components={template === 'erp' ? activeRowComponents[virtual ? 'virtual' : 'plain'] : undefined}
          onRow={template === 'erp' ? onErpRow : undefined}
          expandable={
            list.tree
              ? {
                  onExpand: (expanded, r) => {
                    if (expanded && Array.isArray(r.children) && r.children.length === 0) void list.loadChildren(String(r.id));
                  },
                }
              : template === 'innerTable' && withSubs
                ? {
                    expandedRowRender: (r) => subArea ?? <SubTablesTabs subs={subs} mainId={String(r.id)} />,
                    childrenColumnName: '_none',
                  }
                : undefined
          }
          virtual={virtual}
          scroll={scroll}
          rowSelection={
            !selectable
              ? undefined
              : {
                  selectedRowKeys: list.state.selectedRowKeys,
                  preserveSelectedRowKeys: true,
                  columnWidth: virtual ? SELECTION_WIDTH : undefined,
                  onChange: (keys) => list.select(keys.map(String)),
                }
          }
          pagination={{
            current: list.state.pageNo,
            pageSize: list.state.pageSize,
            total: list.page.total,
            pageSizeOptions: sizeOptions,
            showQuickJumper: true,
            showSizeChanger: true,
            showTotal: totalText,
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              list.sort(one?.order ? String(one.columnKey) : undefined, one?.order);
            } else list.paginate(pagination.current ?? 1, pagination.pageSize ?? 10);
          }}
        />
      </ActiveRowProvider>
      {template === 'erp' && withSubs && (
        <div className="erp-sub-tables" style={{ marginTop: 16 }}>
          {subArea ?? <ErpSubTables subs={subs} store={activeMain} />}
        </div>
      )}
      <RecordModalHost screen={screen} registry={registry} opener={modalHost} onSaved={() => void list.reload()} />
    </Card>
  );
}

/**
 * The ERP list's sub tables of the active row (spec 2.2). Memoised on its props (the sub screens,
 * the store): a render of the list (paging, selection) leaves it as it is; a row click re-renders it.
 */
const ErpSubTables = memo(function ErpSubTables({ subs, store }: { subs: ScreenSchema[]; store: ActiveRowStore }) {
  return <SubTablesTabs subs={subs} mainId={useActiveRow(store)} />;
});
