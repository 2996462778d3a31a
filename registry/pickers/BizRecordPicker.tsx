import { Button, Form, Input, Modal, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntimeContext } from '../context/RuntimeContext.js';
import { PICKER_TEXT } from '../shared/locale.js';
import { PICKER_PAGE_SIZE, PICKER_PAGE_SIZES, clickSelection, mergeSelection, onSelectionCell } from './model.js';
import { innerEscProps } from '../components/j-modal/inner-esc.js';

type Row = Record<string, unknown>;

/** A column of the picker's table. */
export interface PickerColumn {
  title: string;
  dataIndex: string;
  width?: number;
}

export interface BizRecordPickerProps {
  open: boolean;
  title: string;
  width: number;
  /** Paged list endpoint answering `{records, total}` (relative to the API base). */
  url: string;
  columns: PickerColumn[];
  /** Search inputs: request parameter and label. */
  queryFields: { code: string; label: string }[];
  /** Row key (default 'id'). */
  rowKey?: string;
  /** The column shown in the selected-items table. */
  displayKey: string;
  multi?: boolean;
  /** Fixed request parameters (e.g. the default sort column=createTime, order=desc). */
  params?: Record<string, unknown>;
  /** Rows selected when the dialog opens. */
  initialSelected?: Row[];
  onOk: (rows: Row[]) => void;
  onCancel: () => void;
  /** data-testid of the dialog's body. */
  testId?: string;
}

/**
 * The multi-select business-record picker (JSelectBizComponent; spec 2.6, 9): search inputs, a
 * paged table (5 rows, sizes 5/10/20/30) with checkboxes (radio when not multi) whose choice is
 * kept across pages and searches, and a selected-items table with remove links. OK returns the
 * selected rows (possibly none, so a field can be cleared); the dialog forgets its state on close.
 */
export function BizRecordPicker(props: BizRecordPickerProps) {
  const {
    open,
    title,
    width,
    url,
    columns,
    queryFields,
    rowKey = 'id',
    displayKey,
    multi = true,
    params,
    initialSelected,
    onOk,
    onCancel,
  } = props;
  const { request } = useRuntimeContext();
  const [form] = Form.useForm<Record<string, string>>();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ current: 1, size: PICKER_PAGE_SIZE });
  const [data, setData] = useState<{ records: Row[]; total: number; loading: boolean }>({ records: [], total: 0, loading: false });
  const [selected, setSelected] = useState<Row[]>(initialSelected ?? []);

  useEffect(() => {
    if (open) setSelected(initialSelected ?? []);
    // the initial rows apply when the dialog opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const paramsKey = JSON.stringify(params ?? {});
  useEffect(() => {
    if (!open) return;
    let live = true;
    setData((d) => ({ ...d, loading: true }));
    request
      .get<{ records?: Row[]; total?: number }>(url, { ...JSON.parse(paramsKey), ...filters, pageNo: page.current, pageSize: page.size })
      .then(
        (res) =>
          live &&
          setData({
            records: res.success ? (res.result?.records ?? []) : [],
            total: res.success ? Number(res.result?.total ?? 0) : 0,
            loading: false,
          }),
        () => live && setData({ records: [], total: 0, loading: false }),
      );
    return () => {
      live = false;
    };
  }, [open, url, paramsKey, filters, page, request]);

  const keys = selected.map((r) => String(r[rowKey]));
  const reset = () => {
    form.resetFields();
    setFilters({});
    setPage({ current: 1, size: PICKER_PAGE_SIZE });
    setSelected([]);
  };
  const remove = (key: string) => setSelected((s) => s.filter((r) => String(r[rowKey]) !== key));

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      destroyOnHidden
      maskClosable={false}
      okText={PICKER_TEXT.ok}
      cancelText={PICKER_TEXT.cancel}
      onOk={() => {
        const rows = selected;
        reset();
        onOk(rows);
      }}
      onCancel={() => {
        reset();
        onCancel();
      }}
      {...innerEscProps(() => {
        reset();
        onCancel();
      })}
    >
      <div data-testid={props.testId ?? 'biz-picker'}>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12 }}
          onFinish={(values) => {
            setFilters(
              Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as Record<
                string,
                string
              >,
            );
            setPage((p) => ({ ...p, current: 1 }));
          }}
        >
          {queryFields.map((q) => (
            <Form.Item key={q.code} name={q.code} label={q.label}>
              <Input allowClear data-testid={`picker-query-${q.code}`} />
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" htmlType="submit" data-testid="picker-search">
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
        <div style={{ display: 'flex', gap: 16 }}>
          <div style={{ flex: 3, minWidth: 0 }}>
            <Table<Row>
              size="small"
              bordered
              rowKey={(r) => String(r[rowKey])}
              loading={data.loading}
              columns={columns}
              dataSource={data.records}
              rowSelection={{
                type: multi ? 'checkbox' : 'radio',
                selectedRowKeys: keys,
                preserveSelectedRowKeys: true,
                onChange: (next) => setSelected((s) => mergeSelection(s, data.records, next.map(String), rowKey)),
              }}
              onRow={(r) => ({
                onClick: (e) =>
                  !onSelectionCell(e.target) &&
                  setSelected((s) => mergeSelection(s, data.records, clickSelection(keys, String(r[rowKey]), !!multi), rowKey)),
                style: { cursor: 'pointer' },
              })}
              onChange={(pg) => setPage({ current: pg.current ?? 1, size: pg.pageSize ?? PICKER_PAGE_SIZE })}
              pagination={{
                current: page.current,
                pageSize: page.size,
                total: data.total,
                showSizeChanger: true,
                showQuickJumper: true,
                pageSizeOptions: PICKER_PAGE_SIZES,
                showTotal: (total, [from, to]) => PICKER_TEXT.total(total, from, to),
              }}
            />
          </div>
          <div style={{ flex: 1, minWidth: 160 }}>
            <Table<Row>
              size="small"
              bordered
              data-testid="picker-selected"
              rowKey={(r) => String(r[rowKey])}
              dataSource={selected}
              pagination={false}
              columns={[
                { title: `${PICKER_TEXT.selected} (${selected.length})`, dataIndex: displayKey },
                {
                  title: '',
                  key: '_remove',
                  width: 60,
                  render: (_: unknown, r: Row) => <a onClick={() => remove(String(r[rowKey]))}>{PICKER_TEXT.remove}</a>,
                },
              ]}
            />
          </div>
        </div>
      </div>
    </Modal>
  );
}

export default BizRecordPicker;
