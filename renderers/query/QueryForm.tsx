import { useMemo, type ComponentType } from 'react';
import { Button, InputNumber, Space } from 'antd';
import { SearchOutlined, ReloadOutlined } from '@ant-design/icons';
import { createForm } from '@formily/core';
import { FormProvider, createSchemaField } from '@formily/react';
import { DatePicker, FormItem, FormLayout } from '@formily/antd-v5';
import { ScreenGrid } from '../form/ScreenGrid';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { compileQueryForm } from '../../src/runtime/list/query-schema';
import { queryDefaults, toQueryParams } from '../../src/runtime/list/query-params';
import { formComponents, widgetComponentResolver, type WidgetRegistry } from '../../registry/registry';

/** [begin, end] number inputs for a range condition on a numeric field. */
function NumberRange(props: { value?: [number?, number?]; onChange?: (v: [number?, number?]) => void }) {
  const [a, b] = props.value ?? [];
  return (
    <Space.Compact block>
      <InputNumber style={{ width: '50%' }} value={a} placeholder="最小值" onChange={(v) => props.onChange?.([v ?? undefined, b])} />
      <InputNumber style={{ width: '50%' }} value={b} placeholder="最大值" onChange={(v) => props.onChange?.([a, v ?? undefined])} />
    </Space.Compact>
  );
}

/** The date range of a range condition, full width. */
const RangePicker = DatePicker.RangePicker as unknown as ComponentType<Record<string, unknown>>;
function QueryDateRange(props: Record<string, unknown>) {
  return <RangePicker {...props} style={{ width: '100%' }} />;
}

export interface QueryFormProps {
  screen: ScreenSchema;
  registry: WidgetRegistry;
  /** Called with the request parameters (api-contract §4.2) on 查询, and with those of the query defaults on 重置. */
  onSearch: (params: Record<string, string>) => void;
}

/**
 * The list's query area: the schema's query fields in their own widgets, starting with their
 * query defaults, 查询 and 重置 (back to the defaults) buttons (spec 2.2 list pages). Renders nothing when the screen has no query field.
 */
export default function QueryForm({ screen, registry, onSearch }: QueryFormProps) {
  // starts with the fields' query defaults: the list's first request already uses them (initialListState)
  const form = useMemo(() => createForm({ initialValues: queryDefaults(screen) }), [screen]);
  const schema = useMemo(() => compileQueryForm(screen, widgetComponentResolver(registry)), [screen, registry]);
  const SchemaField = useMemo(
    () =>
      createSchemaField({
        components: { FormItem, FormGrid: ScreenGrid, QueryDateRange, QueryNumberRange: NumberRange, ...formComponents(registry) },
      }),
    [registry],
  );
  if (!Object.keys(schema.properties?.grid?.properties ?? {}).length) return null;
  const search = () => onSearch(toQueryParams(screen, form.values as Record<string, unknown>));
  return (
    <div className="table-page-search-wrapper" style={{ marginBottom: 8 }}>
      <FormProvider form={form}>
        <div onKeyDown={(e) => e.key === 'Enter' && search()}>
          <FormLayout labelCol={7} wrapperCol={17}>
            <SchemaField schema={schema as never} />
          </FormLayout>
        </div>
      </FormProvider>
      <Space style={{ marginBottom: 8 }}>
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="query-search">
          查询
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            // back to the query defaults (empty without them)
            void form.reset().then(() => onSearch(toQueryParams(screen, form.values as Record<string, unknown>)));
          }}
        >
          重置
        </Button>
      </Space>
    </div>
  );
}
