import { describe, expect, it } from 'vitest';
import { EditableTableModel } from '../../registry/editable-table/model';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { subTableColumns } from './sub-table-columns';

const sub = {
  id: 'x_line',
  title: '明细',
  tableName: 'x_line',
  tableType: 'sub',
  template: 'normal',
  authPre: 'x:line',
  fields: [
    { name: 'orderId', title: '订单ID', widget: 'hidden', dbType: 'string', dbLength: 36 },
    { name: 'itemName', title: '品名', widget: 'input', dbType: 'string', dbLength: 4, required: true },
    { name: 'unit', title: '单位', widget: 'select', dbType: 'string', dbLength: 8, dictCode: 'unit', defaultValue: 'pcs' },
    { name: 'phone', title: '电话', widget: 'input', dbType: 'string', dbLength: 20, validType: 'm' },
    { name: 'code', title: '编码', widget: 'input', dbType: 'string', dbLength: 20, unique: true },
    { name: 'owner', title: '经办人', widget: 'sel_user', dbType: 'string', dbLength: 32, defaultValue: '#{sysUserCode}', readOnly: true },
    { name: 'secret', title: '内部', widget: 'input', dbType: 'string', dbLength: 8, showForm: false },
  ],
} as unknown as ScreenSchema;

describe('subTableColumns', () => {
  const columns = subTableColumns(sub, 'orderId', { username: 'admin' });

  it('maps the form fields except the foreign key to columns keyed by DB column', () => {
    expect(columns.map((c) => [c.key, c.type, c.title])).toEqual([
      ['item_name', 'input', '品名'],
      ['unit', 'select', '单位'],
      ['phone', 'input', '电话'],
      ['code', 'input', '编码'],
      ['owner', 'sel_user', '经办人'],
    ]);
    expect(columns[1].dictCode).toBe('unit');
    expect(columns[1].defaultValue).toBe('pcs');
    expect(columns[4].defaultValue).toBe('admin');
    expect(columns[4].disabled).toBe(true);
  });

  it('validates rows with the messages forms and the server use', async () => {
    const model = new EditableTableModel({
      columns,
      rows: [
        { id: 'a', item_name: '', phone: '123', code: 'A' },
        { id: 'b', item_name: '螺栓螺母垫片', phone: '13912345678', code: 'A' },
      ],
    });
    const messages = (await model.validateAll()).map((e) => [e.rowId, e.key, e.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['a', 'item_name', '请输入品名!'],
        ['a', 'phone', '请输入正确的手机号码'],
        ['a', 'code', '编码不能重复'],
        ['b', 'code', '编码不能重复'],
      ]),
    );
    expect(messages.find(([id, key]) => id === 'b' && key === 'item_name')?.[2]).toMatch(/品名/);
  });

  it('keeps a row formula live in the grid and sums money columns', () => {
    const lines: ScreenSchema = {
      id: 'demo_line',
      title: '明细',
      tableName: 'demo_line',
      tableType: 'sub',
      template: 'normal',
      authPre: 'demo:line',
      fields: [
        { name: 'orderId', title: '订单', widget: 'hidden', dbType: 'string' },
        { name: 'quantity', title: '数量', widget: 'inputNumber', dbType: 'BigDecimal', dbPointLength: 2 },
        { name: 'unitPrice', title: '单价', widget: 'inputNumber', dbType: 'BigDecimal', dbPointLength: 2, validType: 'money' },
        {
          name: 'amount',
          title: '金额',
          widget: 'inputNumber',
          dbType: 'BigDecimal',
          dbPointLength: 2,
          validType: 'money',
          readOnly: true,
          compute: { expr: 'round(quantity * unitPrice, 2)' },
        },
      ],
    };
    const cols = subTableColumns(lines, 'orderId', {});
    const amount = cols.find((c) => c.key === 'amount')!;
    expect(amount).toMatchObject({ disabled: true, statistics: 'sum' });
    const model = new EditableTableModel({ columns: cols, rows: [{ id: 'r1', quantity: 3, unit_price: 1.005, amount: null }] });
    model.setCell('r1', 'quantity', 4);
    expect(model.rows[0].amount).toBe(4.02);
    model.setCell('r1', 'unit_price', 12.5);
    expect(model.rows[0].amount).toBe(50);
  });
});
