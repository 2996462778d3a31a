import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { loadConfig } from '../../src/server/config.js';
import { client, login, startTestServer } from './harness.js';

// Tree tables (pid, has_child) and master/sub tables (one transaction,
// cascade delete) served by the one engine, from the fixture schemas in tests/server/schemas/engine.
let server: StartedServer;
let admin: ReturnType<typeof client>;
const base = '/online/cgform/api';

beforeAll(async () => {
  const dirs = [...loadConfig({}).schemasDirs, path.join(import.meta.dirname, 'schemas/engine')];
  server = await startTestServer({ schemasDirs: dirs });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await query.execute(server.ctx.db)).rows as T[];
}
const node = async (id: string) =>
  (await rows<{ pid: string; has_child: string }>(sql`select pid, has_child from tst_node where id = ${id}`))[0];

describe('tree tables', () => {
  const ids: Record<string, string> = {};

  it('adds roots and children, keeping has_child of the parent true', async () => {
    const root = await admin.post(`${base}/form/tst_node`, { node_name: '华北区', node_code: 'HB' });
    expect(root.body.success).toBe(true);
    ids.root = root.body.result;
    expect(await node(ids.root)).toEqual({ pid: '0', has_child: '0' });
    ids.a = (await admin.post(`${base}/form/tst_node`, { node_name: '北京', pid: ids.root, has_child: '1' })).body.result;
    ids.b = (await admin.post(`${base}/form/tst_node`, { node_name: '天津', pid: ids.root })).body.result;
    ids.a1 = (await admin.post(`${base}/form/tst_node`, { node_name: '丰台', pid: ids.a })).body.result;
    expect(await node(ids.root)).toEqual({ pid: '0', has_child: '1' });
    expect(await node(ids.a)).toEqual({ pid: ids.root, has_child: '1' });
    expect((await node(ids.a1)).has_child).toBe('0');
    const other = await admin.post(`${base}/form/tst_node`, { node_name: '华东区' });
    ids.other = other.body.result;
  });

  it('refuses an unknown parent', async () => {
    const res = await admin.post(`${base}/form/tst_node`, { node_name: '孤儿', pid: 'no-such-node' });
    expect(res.body).toMatchObject({ success: false, code: 500, message: '父节点不存在' });
  });

  it('lists roots with hasQuery=false and children by pid, each row with has_child', async () => {
    const roots = await admin.get(`${base}/getTreeData/tst_node`, { hasQuery: 'false', pageNo: 1, pageSize: 10 });
    expect(roots.body.success).toBe(true);
    const names = roots.body.result.records.map((r: any) => r.node_name);
    expect(names.sort()).toEqual(['华东区', '华北区']);
    expect(roots.body.result.records.find((r: any) => r.id === ids.root).has_child).toBe('1');
    const kids = await admin.get(`${base}/getTreeData/tst_node`, { pid: ids.root });
    expect(kids.body.result.records.map((r: any) => r.node_name).sort()).toEqual(['北京', '天津']);
    const searched = await admin.get(`${base}/getTreeData/tst_node`, { hasQuery: 'true', node_name: '*台*' });
    expect(searched.body.result.records.map((r: any) => r.node_name)).toEqual(['丰台']);
    const cols = await admin.get(`${base}/getColumns/tst_node`);
    expect(cols.body.result).toMatchObject({ pidField: 'pid', hasChildrenField: 'has_child', textField: 'node_name' });
  });

  it('moves a node: the new parent gets has_child, the old one loses it; a cycle is refused', async () => {
    const cycle = await admin.put(`${base}/form/tst_node`, { id: ids.root, pid: ids.a1 });
    expect(cycle.body).toMatchObject({ success: false, message: '父节点不能选择自己或自己的下级节点' });
    const self = await admin.put(`${base}/form/tst_node`, { id: ids.a, pid: ids.a });
    expect(self.body.success).toBe(false);
    const moved = await admin.put(`${base}/form/tst_node`, { id: ids.a1, pid: ids.b });
    expect(moved.body.success).toBe(true);
    expect((await node(ids.a)).has_child).toBe('0');
    expect((await node(ids.b)).has_child).toBe('1');
    const toRoot = await admin.put(`${base}/form/tst_node`, { id: ids.a1, pid: '' });
    expect(toRoot.body.success).toBe(true);
    expect(await node(ids.a1)).toEqual({ pid: '0', has_child: '0' });
    expect((await node(ids.b)).has_child).toBe('0');
    await admin.put(`${base}/form/tst_node`, { id: ids.a1, pid: ids.a });
  });

  it('deletes a node with its subtree and refreshes the parent', async () => {
    const res = await admin.del(`${base}/form/tst_node/${ids.a}`);
    expect(res.body.success).toBe(true);
    expect(await node(ids.a)).toBeUndefined();
    expect(await node(ids.a1)).toBeUndefined();
    expect((await node(ids.root)).has_child).toBe('1');
    await admin.del(`${base}/form/tst_node/${ids.b}`);
    expect((await node(ids.root)).has_child).toBe('0');
  });
});

describe('master/sub tables', () => {
  let orderId = '';
  const order = (no: string): Record<string, any> => ({
    order_no: no,
    customer: '中冀智联工程技术有限公司',
    priority: 'H',
    amount: '1280.50',
    qty: 3,
    order_date: '2026-11-01',
    tst_order_line: [
      { item_name: '光缆GYTA-24B1', quantity: 2, price: '500.25' },
      { itemName: '接头盒', quantity: '1', price: 280 },
    ],
    tst_order_note: [{ note: '加急' }],
  });

  it('adds a main row with its sub rows in one call and reads them back with the main row', async () => {
    const res = await admin.post(`${base}/form/tst_order`, order('DD-001'));
    expect(res.body.success).toBe(true);
    orderId = res.body.result;
    const one = await admin.get(`${base}/form/tst_order/${orderId}`);
    expect(one.body.result.order_no).toBe('DD-001');
    expect(one.body.result.tst_order_line.map((r: any) => [r.item_name, r.quantity, r.order_id])).toEqual([
      ['光缆GYTA-24B1', 2, orderId],
      ['接头盒', 1, orderId],
    ]);
    expect(one.body.result.tst_order_note).toHaveLength(1);
    const list = await admin.get(`${base}/subform/list/tst_order_line/${orderId}`);
    expect(list.body.result).toHaveLength(2);
    const note = await admin.get(`${base}/subform/tst_order_note/${orderId}`);
    expect(note.body.result.note).toBe('加急');
    const erp = await admin.get(`${base}/getData/tst_order_line`, { tabletype: 3, order_id: orderId, pageSize: -521 });
    expect(erp.body.result.total).toBe(2);
    const cols = await admin.get(`${base}/getErpColumns/tst_order`);
    expect(cols.body.result.subList.map((s: any) => s.currentTableName)).toEqual(['tst_order_line', 'tst_order_note']);
    expect(cols.body.result.subList[0].foreignKeys).toEqual([{ field: 'order_id', key: 'id' }]);
    const form = await admin.get(`${base}/getFormItem/tst_order`);
    expect(form.body.result.schema.properties.tst_order_line).toMatchObject({ view: 'tab', relationType: 0, foreignKey: ['order_id'] });
  });

  it('a failing sub row rolls back the main row and names the table and row', async () => {
    const bad = order('DD-002');
    bad.tst_order_line[1] = { itemName: '', quantity: '1', price: 1 };
    const res = await admin.post(`${base}/form/tst_order`, bad);
    expect(res.body).toMatchObject({ success: false, code: 500 });
    expect(res.body.message).toBe('订单明细第2行：请输入品名!');
    expect(await rows(sql`select id from tst_order where order_no = 'DD-002'`)).toHaveLength(0);
    expect(await rows(sql`select id from tst_order_line where item_name = '光缆GYTA-24B1'`)).toHaveLength(1);
    const badQty = order('DD-003');
    badQty.tst_order_line[0] = { item_name: '钢管', quantity: 1.5 as never, price: 1 };
    expect((await admin.post(`${base}/form/tst_order`, badQty)).body.message).toBe('订单明细第1行：请输入整数');
    const twoNotes = { ...order('DD-004'), tst_order_note: [{ note: 'a' }, { note: 'b' }] };
    expect((await admin.post(`${base}/form/tst_order`, twoNotes)).body.message).toBe('子表「订单备注」是一对一关系，只能有一条数据');
    expect(await rows(sql`select id from tst_order where order_no in ('DD-003', 'DD-004')`)).toHaveLength(0);
  });

  it('edit replaces the sub rows in one transaction, keeping ids of rows that stay; a failure keeps the old rows', async () => {
    const before = (await admin.get(`${base}/form/tst_order/${orderId}`)).body.result;
    const keep = before.tst_order_line[0];
    const res = await admin.put(`${base}/form/tst_order`, {
      id: orderId,
      customer: '新客户',
      tst_order_line: [
        { ...keep, quantity: 5 },
        { item_name: '熔接机', quantity: 1 },
      ],
    });
    expect(res.body.success).toBe(true);
    const lines = await rows<{ id: string; item_name: string; quantity: number }>(
      sql`select id, item_name, quantity from tst_order_line where order_id = ${orderId} order by item_name`,
    );
    expect(lines.map((l) => l.item_name).sort()).toEqual(['光缆GYTA-24B1', '熔接机']);
    expect(lines.find((l) => l.item_name === '光缆GYTA-24B1')).toMatchObject({ id: keep.id, quantity: 5 });
    // the note was not sent: left as it was
    expect(await rows(sql`select id from tst_order_note where order_id = ${orderId}`)).toHaveLength(1);
    const failing = await admin.put(`${base}/form/tst_order`, {
      id: orderId,
      customer: '不应保存',
      tst_order_line: [{ item_name: 'x', quantity: 'abc' }],
    });
    expect(failing.body.success).toBe(false);
    const after = await rows<{ customer: string }>(sql`select customer from tst_order where id = ${orderId}`);
    expect(after[0].customer).toBe('新客户');
    expect(await rows(sql`select id from tst_order_line where order_id = ${orderId}`)).toHaveLength(2);
  });

  it('sub rows are read with the main menu; writing them needs the main edit button', async () => {
    const res = await admin.post(`${base}/form/tst_order_line`, { order_id: orderId, item_name: '尾纤', quantity: 4 });
    expect(res.body.success).toBe(true);
    expect(await rows(sql`select id from tst_order_line where order_id = ${orderId}`)).toHaveLength(3);
  });

  it('serves the form calls by table name too', async () => {
    const one = await admin.get(`${base}/form/table_name/tst_order/${orderId}`);
    expect(one.body.result).toMatchObject({ id: orderId, customer: '新客户' });
    expect(one.body.result.tst_order_line.length).toBeGreaterThan(0);
    const item = await admin.get(`${base}/getFormItemBytbname/tst_order`);
    expect(item.body.result.head).toMatchObject({ tableName: 'tst_order', subTableStr: 'tst_order_line,tst_order_note' });
    const tmp = (await admin.post(`${base}/form/tst_order`, { order_no: 'DD-TMP', customer: '临时' })).body.result;
    expect((await admin.del(`${base}/formByCode/tst_order/${tmp}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await admin.get(`${base}/form/table_name/no_table/1`)).body.message).toBe('未找到页面配置：no_table');
  });

  it('deletes a main row with its sub rows (cascade, one transaction)', async () => {
    const second = (await admin.post(`${base}/form/tst_order`, order('DD-005'))).body.result;
    const res = await admin.del(`${base}/form/tst_order/${orderId},${second}`);
    expect(res.body.success).toBe(true);
    expect(await rows(sql`select id from tst_order where id in (${orderId}, ${second})`)).toHaveLength(0);
    expect(await rows(sql`select id from tst_order_line where order_id in (${orderId}, ${second})`)).toHaveLength(0);
    expect(await rows(sql`select id from tst_order_note where order_id in (${orderId}, ${second})`)).toHaveLength(0);
  });
});

describe('duplicate check (api-contract §6.3)', () => {
  it('answers free, taken (excluding the edited row) and empty values; refuses tables and columns outside the screens', async () => {
    const id = (await admin.post(`${base}/form/tst_order`, { order_no: 'DUP-001', customer: '查重客户' })).body.result;
    const free = await admin.get('/sys/duplicate/check', { tableName: 'tst_order', fieldName: 'order_no', fieldVal: 'DUP-002' });
    expect(free.body).toMatchObject({ success: true, message: '该值可用！' });
    const taken = await admin.get('/sys/duplicate/check', { tableName: 'tst_order', fieldName: 'order_no', fieldVal: 'DUP-001' });
    expect(taken.body).toMatchObject({ success: false, code: 500, message: '该值不可用，系统中已存在！' });
    const self = await admin.get('/sys/duplicate/check', { tableName: 'tst_order', fieldName: 'orderNo', fieldVal: 'DUP-001', dataId: id });
    expect(self.body.success).toBe(true);
    const empty = await admin.get('/sys/duplicate/check', { tableName: 'tst_order', fieldName: 'order_no', fieldVal: '' });
    expect(empty.body).toMatchObject({ success: true, code: 500, message: '数据为空,不作处理！' });
    const secret = await admin.get('/sys/duplicate/check', { tableName: 'sys_user', fieldName: 'password', fieldVal: 'x' });
    expect(secret.body).toMatchObject({ success: false, message: '不能校验表 sys_user 的字段 password' });
    const foreign = await admin.get('/sys/duplicate/check', { tableName: 'pg_authid', fieldName: 'rolname', fieldVal: 'x' });
    expect(foreign.body.success).toBe(false);
    const injected = await admin.get('/sys/duplicate/check', {
      tableName: 'tst_order',
      fieldName: 'order_no = order_no or 1',
      fieldVal: 'x',
    });
    expect(injected.body.success).toBe(false);
  });
});
