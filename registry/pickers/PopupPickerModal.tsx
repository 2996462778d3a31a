import { Button, Form, Input, Modal, Space, Table, message } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntimeContext } from '../context/RuntimeContext.js';
import { PICKER_TEXT } from '../shared/locale.js';
import { PICKER_WIDTH, singleSelectionError } from './model.js';
import {
  loadPopupColumns,
  loadPopupData,
  loadPopupQueryInfo,
  popupQueryParams,
  type PopupColumns,
  type PopupQueryItem,
} from './popup-api.js';
import { innerEscProps } from '../components/j-modal/inner-esc.js';

export interface PopupPickerModalProps {
  open: boolean;
  /** Report code (getRpColumns/{code}). */
  code: string;
  /** Several rows may be returned; otherwise exactly one (请选择一条记录). */
  multi?: boolean;
  /** Cache group of the 30-second request cache (default: the code). */
  group?: string;
  title?: string;
  /** Report parameters sent with every data request as self_{name} (a field's extend.popupParams, resolved). */
  params?: Record<string, string>;
  onOk: (rows: Record<string, unknown>[]) => void;
  onCancel: () => void;
}

type Row = Record<string, unknown>;
const rowKeyOf = (r: Row, i: number) => String(r.id ?? r.rowIndex ?? `${i}:${JSON.stringify(r)}`);

/**
 * The popup report picker (JPopupOnlReport; spec 2.6, 4.6, 5.6, 7.3, 8): loads the report's
 * columns (getRpColumns/{code}), then its search fields (getQueryInfo), then a page of data
 * (getData) — columns and data cached 30 s per group. Rows are ticked with checkboxes; in single
 * mode submitting none or several warns 请选择一条记录. Submitting closes and clears the selection.
 * A failed column load shows 'Popup初始化失败…' with the server message and closes on OK; a
 * failed search-field load shows the server message as a warning.
 */
export function PopupPickerModal({ open, code, multi = false, group, title, params: reportParams, onOk, onCancel }: PopupPickerModalProps) {
  const { request } = useRuntimeContext();
  const cacheGroup = group ?? code;
  const [head, setHead] = useState<PopupColumns | null>(null);
  const [query, setQuery] = useState<PopupQueryItem[]>([]);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [sort, setSort] = useState<{ column?: string; order?: 'asc' | 'desc' }>({});
  const [data, setData] = useState<{ records: Row[]; total: number; loading: boolean }>({ records: [], total: 0, loading: false });
  const [picked, setPicked] = useState<{ keys: string[]; rows: Row[] }>({ keys: [], rows: [] });
  const [form] = Form.useForm<Record<string, string>>();

  useEffect(() => {
    if (!open) return;
    let live = true;
    setHead(null);
    loadPopupColumns(request, cacheGroup, code).then(
      (h) => {
        if (!live) return;
        setHead(h);
        loadPopupQueryInfo(request, h.cgRpConfigId).then(
          (q) => live && setQuery(q),
          (e: unknown) => void message.warning(e instanceof Error ? e.message : String(e)),
        );
      },
      (e: unknown) => {
        if (!live) return;
        Modal.error({
          title: PICKER_TEXT.popupInitFailed,
          content: e instanceof Error ? e.message : String(e),
          onOk: onCancel,
        });
      },
    );
    return () => {
      live = false;
    };
    // onCancel is a callback prop; loading once per opening is the contract
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, code, cacheGroup, request]);

  const id = head?.cgRpConfigId;
  const selfParams = useMemo(
    () => Object.fromEntries(Object.entries(reportParams ?? {}).map(([k, v]) => [`self_${k}`, v])),
    [reportParams],
  );
  useEffect(() => {
    if (!open || !id) return;
    let live = true;
    setData((d) => ({ ...d, loading: true }));
    const params: Record<string, unknown> = { pageNo: page.current, pageSize: page.size, ...selfParams, ...filters };
    if (sort.column) Object.assign(params, { column: sort.column, order: sort.order });
    loadPopupData(request, cacheGroup, id, params).then(
      (r) => live && setData({ records: r.records ?? [], total: Number(r.total ?? 0), loading: false }),
      (e: unknown) => {
        if (!live) return;
        setData({ records: [], total: 0, loading: false });
        void message.warning(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      live = false;
    };
  }, [open, id, page, filters, sort, request, cacheGroup, selfParams]);

  const columns = useMemo(
    () =>
      (head?.columns ?? []).map((c) => ({
        title: c.title,
        dataIndex: c.dataIndex,
        width: c.width,
        sorter: true,
        render: (v: unknown) => {
          const dict = c.customRender ? head?.dictOptions?.[c.customRender] : undefined;
          const text = v === undefined || v === null ? '' : String(v);
          return dict ? (dict.find((o) => String(o.value) === text)?.text ?? text) : text;
        },
      })),
    [head],
  );

  const close = () => {
    setPicked({ keys: [], rows: [] });
    form.resetFields();
    setFilters({});
    setPage({ current: 1, size: 10 });
  };
  const submit = () => {
    if (!multi) {
      const err = singleSelectionError(picked.rows.length);
      if (err) {
        void message.warning(err);
        return;
      }
    }
    const rows = picked.rows;
    close();
    onOk(rows);
  };

  return (
    <Modal
      open={open}
      title={title ?? head?.cgRpConfigName ?? PICKER_TEXT.recordTitle}
      width={PICKER_WIDTH.popup}
      destroyOnHidden
      maskClosable={false}
      okText={PICKER_TEXT.ok}
      cancelText={PICKER_TEXT.cancel}
      onOk={submit}
      onCancel={() => {
        close();
        onCancel();
      }}
      {...innerEscProps(() => {
        close();
        onCancel();
      })}
    >
      <div data-testid="popup-picker">
        {query.length > 0 && (
          <Form
            form={form}
            layout="inline"
            style={{ marginBottom: 12 }}
            onFinish={(values) => {
              setFilters(popupQueryParams(query, values));
              setPage((p) => ({ ...p, current: 1 }));
            }}
          >
            {query.map((q) =>
              q.mode === 'group' ? (
                <Form.Item key={q.field} label={q.label}>
                  <Space.Compact>
                    <Form.Item name={`${q.field}_begin`} noStyle>
                      <Input style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={`${q.field}_end`} noStyle>
                      <Input style={{ width: 110 }} />
                    </Form.Item>
                  </Space.Compact>
                </Form.Item>
              ) : (
                <Form.Item key={q.field} name={q.field} label={q.label}>
                  <Input allowClear data-testid={`popup-query-${q.field}`} />
                </Form.Item>
              ),
            )}
            <Space>
              <Button type="primary" htmlType="submit" data-testid="popup-search">
                {PICKER_TEXT.search}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setFilters({});
                  setPage((p) => ({ ...p, current: 1 }));
                }}
              >
                {PICKER_TEXT.reset}
              </Button>
            </Space>
          </Form>
        )}
        <Table<Row>
          size="small"
          bordered
          loading={!head || data.loading}
          columns={columns}
          dataSource={data.records}
          rowKey={(r) => rowKeyOf(r, data.records.indexOf(r))}
          scroll={{ x: true }}
          rowSelection={{
            type: 'checkbox',
            selectedRowKeys: picked.keys,
            preserveSelectedRowKeys: true,
            onChange: (keys, rows) => setPicked({ keys: keys.map(String), rows: rows.filter(Boolean) as Row[] }),
          }}
          onRow={(r) => ({
            onClick: () => {
              const k = rowKeyOf(r, data.records.indexOf(r));
              setPicked((p) =>
                p.keys.includes(k)
                  ? { keys: p.keys.filter((x) => x !== k), rows: p.rows.filter((x) => rowKeyOf(x, data.records.indexOf(x)) !== k) }
                  : { keys: [...p.keys, k], rows: [...p.rows, r] },
              );
            },
          })}
          onChange={(pg, _f, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            setPage({ current: pg.current ?? 1, size: pg.pageSize ?? 10 });
            setSort(s?.order ? { column: String(s.field), order: s.order === 'ascend' ? 'asc' : 'desc' } : {});
          }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: data.total,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: ['10', '20', '30'],
            showTotal: (total, [from, to]) => PICKER_TEXT.total(total, from, to),
          }}
        />
      </div>
    </Modal>
  );
}

export default PopupPickerModal;
