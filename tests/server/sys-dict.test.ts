import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startTestServer } from './harness.js';
import { count, signedIn, type Client } from './sys-admin-helpers.js';

// Dictionaries and their items, the cache calls, tree data, categories, positions.
let server: StartedServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
}, 120_000);
afterAll(async () => server?.close());

const dictRow = (code: string) => server.ctx.db.selectFrom('sys_dict').selectAll().where('dict_code', '=', code).executeTakeFirst();

describe('dictionaries', () => {
  let dictId: string;

  it('adds a dictionary and its items; the cached items follow every write', async () => {
    const add = await admin.post('/sys/dict/add', { dictName: '合同类型', dictCode: 'contract_kind', description: '测试' });
    expect(add.body).toMatchObject({ success: true });
    dictId = add.body.result;
    // fill the cache first, so the later reads prove it was dropped
    expect((await admin.get('/sys/dict/getDictItems/contract_kind')).body.result).toEqual([]);
    for (const [value, text, sortOrder] of [
      ['1', '施工合同', 1],
      ['2', '服务合同', 2],
    ] as const)
      expect((await admin.post('/sys/dictItem/add', { dictId, itemValue: value, itemText: text, sortOrder, status: 1 })).body.success).toBe(
        true,
      );
    expect((await admin.get('/sys/dict/getDictItems/contract_kind')).body.result.map((i: { text: string }) => i.text)).toEqual([
      '施工合同',
      '服务合同',
    ]);
    const items = await admin.get('/sys/dictItem/list', { dictId });
    expect(items.body.result.total).toBe(2);
    expect(items.body.result.records[0].status_dictText).toBe('启用');
    const all = await (await signedIn(server, 'zhaomin')).get('/sys/dict/queryAllDictItems');
    expect(all.body.result.contract_kind).toHaveLength(2);
  });

  it('answers the items in their sort order, equal sort values in one fixed order, on every read', async () => {
    const add = await admin.post('/sys/dict/add', { dictName: '排序测试', dictCode: 'sort_probe', description: '测试' });
    const id = add.body.result;
    // added out of order; two share a sort value
    for (const [value, text, sortOrder] of [
      ['c', '丙', 3],
      ['b2', '乙二', 2],
      ['a', '甲', 1],
      ['b1', '乙一', 2],
    ] as const)
      await admin.post('/sys/dictItem/add', { dictId: id, itemValue: value, itemText: text, sortOrder, status: 1 });
    // an edit rewrites a row, which moves it in the table's physical order
    const first = (await server.ctx.db.selectFrom('sys_dict_item').select('id').where('item_value', '=', 'b1').executeTakeFirstOrThrow())
      .id;
    await admin.put('/sys/dictItem/edit', { id: first, itemText: '乙一' });
    for (let i = 0; i < 3; i++) {
      const items = (await admin.get('/sys/dict/getDictItems/sort_probe')).body.result.map((x: { value: string }) => x.value);
      expect(items).toEqual(['a', 'b1', 'b2', 'c']);
    }
    const all = await (await signedIn(server, 'zhaomin')).get('/sys/dict/queryAllDictItems');
    expect(all.body.result.sort_probe.map((x: { value: string }) => x.value)).toEqual(['a', 'b1', 'b2', 'c']);
  });

  it('refuses a duplicate code or item value and bad input with a clear message, writing nothing', async () => {
    const dictsBefore = await count(server, 'sys_dict');
    expect((await admin.post('/sys/dict/add', { dictName: '性别2', dictCode: 'sex' })).body.message).toContain('已存在');
    expect((await admin.post('/sys/dict/add', { dictName: '坏', dictCode: 'bad code!' })).body.message).toContain(
      '字典编码只能由字母、数字、下划线组成',
    );
    expect(await count(server, 'sys_dict')).toBe(dictsBefore);
    const itemsBefore = await count(server, 'sys_dict_item', 'dict_id', dictId);
    expect((await admin.post('/sys/dictItem/add', { dictId, itemValue: '1', itemText: '重复', status: 1 })).body.message).toBe(
      '该值不可用，系统中已存在！',
    );
    expect((await admin.post('/sys/dictItem/add', { dictId: 'nope', itemValue: '9', itemText: '无字典', status: 1 })).body.message).toBe(
      '字典不存在',
    );
    expect(await count(server, 'sys_dict_item', 'dict_id', dictId)).toBe(itemsBefore);
    expect((await admin.get('/sys/dictItem/dictItemCheck', { dictId, itemValue: '1' })).body.success).toBe(false);
    expect((await admin.get('/sys/dictItem/dictItemCheck', { dictId, itemValue: '3' })).body.success).toBe(true);
  });

  it('refuses callers without the buttons (403) and writes nothing', async () => {
    const wangfang = await signedIn(server, 'wangfang');
    const before = await count(server, 'sys_dict');
    expect((await wangfang.post('/sys/dict/add', { dictName: '越权', dictCode: 'sneaky' })).status).toBe(403);
    expect((await wangfang.get('/sys/dict/list')).status).toBe(403);
    expect(await count(server, 'sys_dict')).toBe(before);
    // dictionary reads stay open to every signed-in user
    expect((await wangfang.get('/sys/dict/getDictItems/sex')).body.result).toHaveLength(2);
  });

  it('deletes logically, keeps a recycle bin, and refreshes the cache on request', async () => {
    expect((await admin.del('/sys/dict/delete', { id: dictId })).body.success).toBe(true);
    expect((await dictRow('contract_kind'))!.del_flag).toBe(1);
    expect((await admin.get('/sys/dict/list', { dictCode: 'contract_kind' })).body.result.total).toBe(0);
    expect((await admin.get('/sys/dict/getDictItems/contract_kind')).body.result).toEqual([]);
    const bin = await admin.get('/sys/dict/deleteList');
    expect(bin.body.result.map((d: { dictCode: string }) => d.dictCode)).toContain('contract_kind');
    expect((await admin.put(`/sys/dict/back/${dictId}`)).body.success).toBe(true);
    expect((await admin.get('/sys/dict/getDictItems/contract_kind')).body.result).toHaveLength(2);
    // a change made behind the server's back shows after refleshCache
    await server.ctx.db
      .updateTable('sys_dict_item')
      .set({ item_text: '工程施工合同' })
      .where('dict_id', '=', dictId)
      .where('item_value', '=', '1')
      .execute();
    const staff = await signedIn(server, 'zhaomin');
    expect((await staff.get('/sys/dict/refleshCache')).body).toMatchObject({ success: true, message: '刷新缓存完成！' });
    expect((await staff.get('/sys/dict/getDictItems/contract_kind')).body.result[0].text).toBe('工程施工合同');
    await admin.del('/sys/dict/delete', { id: dictId });
    expect((await admin.del(`/sys/dict/deletePhysic/${dictId}`)).body.success).toBe(true);
    expect(await dictRow('contract_kind')).toBeUndefined();
    expect(await count(server, 'sys_dict_item', 'dict_id', dictId)).toBe(0);
  });

  it('loads tree data of checked tables only', async () => {
    const roots = await admin.get('/sys/dict/loadTreeData', {
      tableName: 'sys_category',
      text: 'name',
      code: 'id',
      pidField: 'pid',
      hasChildField: 'has_child',
      pid: '',
    });
    expect(roots.body.result.map((n: { title: string }) => n.title).sort()).toEqual(['物资分类', '资质分类']);
    expect(roots.body.result[0].leaf).toBe(false);
    const kids = await admin.get('/sys/dict/loadTreeData', {
      tableName: 'sys_category',
      text: 'name',
      code: 'id',
      pidField: 'pid',
      hasChildField: 'has_child',
      pid: roots.body.result.find((n: { title: string }) => n.title === '资质分类').key,
      condition: JSON.stringify({ name: '认证' }),
    });
    expect(kids.body.result.map((n: { title: string }) => n.title)).toEqual(['体系认证']);
    const secret = await admin.get('/sys/dict/loadTreeData', { tableName: 'sys_user', text: 'password', code: 'id', pidField: 'id' });
    expect(secret.body).toMatchObject({ success: false, message: '字典Code格式不正确！' });
    const badCond = await admin.get('/sys/dict/loadTreeData', {
      tableName: 'sys_category',
      text: 'name',
      code: 'id',
      condition: 'not json',
    });
    expect(badCond.body.message).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
  });
});

describe('categories', () => {
  it('serves the category picker calls', async () => {
    const staff = await signedIn(server, 'zhaomin');
    const root = await staff.get('/sys/category/loadTreeRoot', { pcode: 'C02', async: 'true' });
    expect(root.body.result.map((n: { code: string }) => n.code)).toEqual(['C02A01', 'C02A02', 'C02A03', 'C02A04']);
    expect(root.body.result[3].leaf).toBe(true);
    const deep = await staff.get('/sys/category/loadTreeRoot', { pcode: 'C02', async: 'false' });
    expect(deep.body.result[1].children.map((n: { title: string }) => n.title)).toEqual(['ISO9001', 'ISO14001', 'ISO45001']);
    const kids = await staff.get('/sys/category/loadTreeChildren', { pid: root.body.result[1].key });
    expect(kids.body.result).toHaveLength(3);
    const one = await staff.get('/sys/category/loadOne', { field: 'code', val: 'C01A01A01' });
    expect(one.body.result).toMatchObject({ name: '室外光缆', hasChild: '0' });
    expect((await staff.get('/sys/category/loadOne', { field: 'password', val: 'x' })).body.message).toBe(
      '查询字段只能是 id、code 或 name',
    );
    const names = await staff.get('/sys/category/loadDictItem', { ids: [kids.body.result[2].key, kids.body.result[0].key].join(',') });
    expect(names.body.result).toEqual(['ISO45001', 'ISO9001']);
    const flat = await staff.get('/sys/category/loadAllData', { code: 'C01A02' });
    expect(flat.body.result.map((x: { text: string }) => x.text)).toEqual(['光交箱', '尾纤跳纤']);
  });

  it('adds nodes with generated codes under their parent and checks given codes', async () => {
    const parent = await server.ctx.db.selectFrom('sys_category').selectAll().where('code', '=', 'C01A06').executeTakeFirstOrThrow();
    const add = await admin.post('/sys/category/add', { pid: parent.id, name: '电动工具' });
    expect(add.body.success).toBe(true);
    const row = await server.ctx.db.selectFrom('sys_category').selectAll().where('id', '=', add.body.result).executeTakeFirstOrThrow();
    expect(row.code).toBe('C01A06A01');
    expect(
      (await server.ctx.db.selectFrom('sys_category').select('has_child').where('id', '=', parent.id).executeTakeFirstOrThrow()).has_child,
    ).toBe('1');
    const bad = await admin.post('/sys/category/add', { pid: parent.id, name: '错编码', code: 'C02A09' });
    expect(bad.body).toMatchObject({ success: false, message: '类型编码必须以父级编码开头' });
    expect((await admin.get('/sys/category/checkCode', { pid: parent.id, code: 'C01A06A01' })).body.message).toBe('编码已存在');
    expect((await admin.post('/sys/category/add', { name: '设备分类' })).body.success).toBe(true);
    expect(await count(server, 'sys_category', 'code', 'C03')).toBe(1);
    const roots = await admin.get('/sys/category/rootList');
    expect(roots.body.result.records.map((r: { code: string }) => r.code)).toEqual(['C01', 'C02', 'C03']);
    const denied = await (await signedIn(server, 'wangfang')).post('/sys/category/add', { name: '越权' });
    expect(denied.status).toBe(403);
    expect(await count(server, 'sys_category', 'name', '越权')).toBe(0);
  });
});

describe('positions', () => {
  it('lists positions fully for the screen and minimally for the position selector', async () => {
    const full = await admin.get('/sys/position/list', { pageSize: 100 });
    expect(full.body.result.total).toBe(30);
    const cashier = full.body.result.records.find((r: { code: string }) => r.code === 'cn');
    expect(cashier).toMatchObject({ name: '出纳', postRank: '2', postRank_dictText: '助级' });
    const picker = await (await signedIn(server, 'zhaomin')).get('/sys/position/list', { name: '经理', pageSize: 50 });
    expect(picker.body.result.records.length).toBeGreaterThan(5);
    expect(Object.keys(picker.body.result.records[0]).sort()).toEqual(['code', 'id', 'name', 'postRank', 'postRank_dictText']);
    expect((await admin.get('/sys/position/queryByCode', { code: 'kj' })).body.result.name).toBe('会计');
  });

  it('adds, refuses duplicates and deleting a position users hold', async () => {
    expect((await admin.post('/sys/position/add', { code: 'sjy', name: '审计员', postRank: '3' })).body.success).toBe(true);
    expect((await admin.post('/sys/position/add', { code: 'sjy', name: '重复', postRank: '3' })).body.message).toContain('已存在');
    const cashier = await server.ctx.db.selectFrom('sys_position').select('id').where('code', '=', 'cn').executeTakeFirstOrThrow();
    expect((await admin.del('/sys/position/delete', { id: cashier.id })).body.message).toBe(
      '职务「出纳」还有用户在使用，不能删除或修改编码',
    );
    expect(await count(server, 'sys_position', 'code', 'cn')).toBe(1);
    const audit = await server.ctx.db.selectFrom('sys_position').select('id').where('code', '=', 'sjy').executeTakeFirstOrThrow();
    expect((await admin.del('/sys/position/delete', { id: audit.id })).body.success).toBe(true);
    const denied = await (await signedIn(server, 'wangfang')).post('/sys/position/add', { code: 'x1', name: '越权', postRank: '1' });
    expect(denied.status).toBe(403);
  });
});
