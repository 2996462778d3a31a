import { Button, DatePicker, Input, InputNumber, Select, Space, Table, TreeSelect } from 'antd';
import { FormItem, FormLayout } from '@formily/antd-v5';

const COLUMNS = [{ title: ' ', dataIndex: 'a', key: 'a' }];
const ROWS = [{ key: '1', a: '' }];
const PAGINATION = { total: 100, showSizeChanger: true, showQuickJumper: true };

/**
 * The antd and Formily components a list page's first screen shows (README "Benchmarks"): the
 * query form's item and widgets, the toolbar's buttons and the table with selection and pager,
 * without data or handlers. The main layout renders it once, hidden, in idle time after its first
 * frame and drops it (src/app/layouts/StyleWarmup.tsx): antd generates and inserts these
 * components' styles then, and the kept style cache (src/app/utils/style-cache.ts) serves them
 * to the first list opened, whose opening no longer waits for them (about 260 KiB of CSS).
 * No props; returns the elements.
 */
export default function ListStyleWarmup() {
  return (
    <FormLayout labelCol={7} wrapperCol={17}>
      <FormItem.BaseItem label=" ">
        <Input />
      </FormItem.BaseItem>
      <Select />
      <TreeSelect />
      <DatePicker.RangePicker />
      <InputNumber />
      <Space>
        <Space.Compact>
          <Button />
          <Button />
        </Space.Compact>
      </Space>
      <Table columns={COLUMNS} dataSource={ROWS} rowSelection={{}} pagination={PAGINATION} scroll={{ x: 'max-content' }} />
    </FormLayout>
  );
}
