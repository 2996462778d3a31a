import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { popupQueryParams, type PopupQueryItem } from '../../registry/pickers/popup-api';
import { useDictOptions } from '../../registry/shared/dict';

type Values = Record<string, unknown>;

/** A dictionary query field: a select of the dictionary's texts that sends the value. */
function DictSelect({ dictCode, label, ...rest }: { dictCode: string; label: string; value?: string; onChange?: (v?: string) => void }) {
  const { options, loading } = useDictOptions(dictCode);
  return (
    <Select
      {...rest}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={loading}
      placeholder={`请选择${label}`}
      options={options}
      data-testid={`report-query-${label}`}
    />
  );
}

const NUMBER_VIEWS = new Set(['number', 'int', 'double']);
const DATE_VIEWS = new Set(['date', 'datetime']);

/** The begin/end inputs of a group (range) query field: dates as a range picker, numbers as two number inputs. */
function rangeInput(q: PopupQueryItem) {
  if (q.view && DATE_VIEWS.has(q.view))
    return (
      <Form.Item name={`${q.field}__range`} label={q.label}>
        <DatePicker.RangePicker style={{ width: '100%' }} showTime={q.view === 'datetime'} />
      </Form.Item>
    );
  const Edge = q.view && NUMBER_VIEWS.has(q.view) ? InputNumber : Input;
  return (
    <Form.Item label={q.label}>
      <Space.Compact block>
        <Form.Item name={`${q.field}_begin`} noStyle>
          <Edge style={{ width: '50%' }} placeholder="开始" />
        </Form.Item>
        <Form.Item name={`${q.field}_end`} noStyle>
          <Edge style={{ width: '50%' }} placeholder="结束" />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** The form values as the text values popupQueryParams reads (ranges split, dates formatted, numbers as text). */
function flatValues(items: readonly PopupQueryItem[], values: Values): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && !Array.isArray(v)) out[k] = String(v);
  for (const q of items) {
    const range = values[`${q.field}__range`] as [Dayjs | null, Dayjs | null] | undefined;
    if (!range) continue;
    const fmt = q.view === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
    if (range[0]) out[`${q.field}_begin`] = range[0].format(fmt);
    if (range[1]) out[`${q.field}_end`] = range[1].format(fmt);
  }
  return out;
}

export interface ReportQueryFormProps {
  items: PopupQueryItem[];
  /** Called with the getData filters (api-contract §8) on 查询, with {} on 重置. */
  onSearch: (filters: Record<string, string>) => void;
}

/**
 * The query area of the report auto list (spec 2.2, 7.3): each getQueryInfo field in an input
 * of its kind — a dictionary field as a select of its texts (it sends the value), a date range
 * as a range picker, a number range as two number inputs, other text as a contains search
 * (`*x*`); 查询 and 重置.
 */
export default function ReportQueryForm({ items, onSearch }: ReportQueryFormProps) {
  const [form] = Form.useForm<Values>();
  if (!items.length) return null;
  return (
    <Form form={form} onFinish={(v) => onSearch(popupQueryParams(items, flatValues(items, v)))} style={{ marginBottom: 8 }}>
      <Row gutter={16}>
        {items.map((q) => (
          <Col key={q.field} xs={24} sm={12} md={8}>
            {q.mode === 'group' ? (
              rangeInput(q)
            ) : q.dictCode ? (
              <Form.Item name={q.field} label={q.label}>
                <DictSelect dictCode={q.dictCode} label={q.label} />
              </Form.Item>
            ) : (
              <Form.Item name={q.field} label={q.label}>
                <Input placeholder={`请输入${q.label}`} allowClear />
              </Form.Item>
            )}
          </Col>
        ))}
      </Row>
      <Space style={{ marginBottom: 8 }}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="report-search">
          查询
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          重置
        </Button>
      </Space>
    </Form>
  );
}
