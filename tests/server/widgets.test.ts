import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_WIDGET_TYPES } from '../../src/shared/widget-types.js';
import { loadConfig } from '../../src/server/config.js';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startTestServer } from './harness.js';

// A value of every widget type round-trips through the server (fixture screen
// tests/server/schemas/widgets/test_widgets.json), the value schemas refuse bad values with the field's
// name, the link-down options call and the role/position picker endpoints.
let server: StartedServer;
let admin: ReturnType<typeof client>;
const base = '/online/cgform/api';

/** One value per column of test_widgets, as a form sends it and as it reads back. */
const VALUES: Record<string, unknown> = {
  w_input: '张三',
  w_number: '1234.56',
  w_int: 42,
  w_select: '1',
  w_radio: '2',
  w_switch: 'Y',
  w_date: '2026-03-02',
  w_date_text: '2026-03-03',
  w_datetime: '2026-03-02 08:30:00',
  w_time: '08:30:00',
  w_textarea: '第一行\n第二行',
  w_password: 'S3cret!',
  w_hidden: 'h-1',
  w_sel_user: 'admin,wangfang',
  w_sel_depart: 'd-1',
  w_sel_search: 'wangfang',
  w_upload: 'temp/20260302/a_0123456789abcdef.txt',
  w_file: 'temp/20260302/b_0123456789abcdef.pdf,temp/20260302/c_0123456789abcdef.pdf',
  w_image: 'temp/20260302/p_0123456789abcdef.png',
  w_cron: '0 0 12 * * ?',
  w_umeditor: '<p>正文<strong>加粗</strong></p>',
  w_markdown: '# 标题\n\n- 一',
  w_code: 'const a = 1;',
  w_pca: '110106',
  w_normal: '只读文本',
  w_checkbox: '1,2',
  w_checkbox_meta: 'N',
  w_list_multi: '2,1',
  w_sel_search_async: 'admin',
  w_input_pop: '很长的说明文字',
  w_popup: '王芳',
  w_sel_tree: '110000',
  w_cat_tree: 'c-1',
  w_province: '110000',
  w_city: '110100',
  w_slot: '插槽值',
  w_multi_user: 'wangfang,admin',
  w_position: 'P_ONE,P_TWO',
  w_role: 'role-1',
};

beforeAll(async () => {
  const dirs = [...loadConfig({}).schemasDirs, path.join(import.meta.dirname, 'schemas', 'widgets')];
  server = await startTestServer({ schemasDirs: dirs });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

const rows = async () => Number((await sql<{ n: number }>`select count(*) as n from test_widgets`.execute(server.ctx.db)).rows[0].n);

describe('values of every widget type round-trip through the server', () => {
  let id = '';

  it('the fixture screen uses every built-in widget type', async () => {
    const cols = await admin.get(`${base}/getColumns/test_widgets`);
    expect(cols.body.success).toBe(true);
    const widgets = new Set((cols.body.result.screen.fields as { widget: string }[]).map((f) => f.widget));
    expect([...BUILTIN_WIDGET_TYPES].filter((t) => !widgets.has(t))).toEqual([]);
  });

  it('adds a record with a value of every type and reads each value back unchanged', async () => {
    const res = await admin.post(`${base}/form/test_widgets`, VALUES);
    expect(res.body).toMatchObject({ success: true });
    id = res.body.result;
    const back = (await admin.get(`${base}/form/test_widgets/${id}`)).body.result as Record<string, unknown>;
    for (const [col, v] of Object.entries(VALUES)) expect(String(back[col]), col).toBe(String(v));
  });

  it('lists the record with dictionary and picker texts', async () => {
    const res = await admin.get(`${base}/getData/test_widgets`, { pageNo: 1, pageSize: 10 });
    const row = (res.body.result.records as Record<string, unknown>[]).find((r) => r.id === id)!;
    expect(row).toMatchObject({
      w_select_dictText: '男',
      w_checkbox_dictText: '男,女',
      w_list_multi_dictText: '女,男',
      w_sel_user_dictText: '管理员,王芳',
      w_sel_tree_dictText: '北京市',
      w_province_dictText: '北京市',
      w_city_dictText: '市辖区',
      w_multi_user_dictText: '王芳,管理员',
    });
  });

  it('clears values with null and edits them', async () => {
    const res = await admin.put(`${base}/form/test_widgets`, { id, w_sel_user: null, w_checkbox: null, w_switch: 'N', w_time: '23:59:59' });
    expect(res.body.success).toBe(true);
    const back = (await admin.get(`${base}/form/test_widgets/${id}`)).body.result;
    expect(back).toMatchObject({ w_sel_user: null, w_checkbox: null, w_switch: 'N', w_time: '23:59:59', w_input: '张三' });
  });

  it('refuses values outside a widget value schema, naming the field, and writes nothing', async () => {
    const before = await rows();
    // a value over its column's storage limit gets the field pipeline's message first (the form's);
    // the widget's value schema refuses the rest
    const bad: [string, unknown, string][] = [
      ['w_switch', 'X', '开关的值不符合要求'],
      ['w_checkbox_meta', 'maybe', '勾选长度不能超过1个字符'],
      ['w_checkbox_meta', 'X', '勾选的值不符合要求'],
      ['w_date_text', '2026/03/03', '日期文本的值不符合要求'],
      ['w_time', '8:30', '时间的值不符合要求'],
      ['w_datetime', '2026-03-02', '日期时间格式应为YYYY-MM-DD HH:mm:ss'],
      ['w_list_multi', '1,,2', '下拉多选的值不符合要求'],
      ['w_sel_user', 'admin, wangfang', '用户的值不符合要求'],
      ['w_input', '超'.repeat(21), '文本长度不能超过20个字符'],
      ['w_number', '123456789.5', '金额整数部分不能超过8位'],
      ['w_int', '1.5', '数量必须为整数'],
      ['w_popup', { $gt: '' }, '弹框的值不符合要求'],
      ['w_role', 'a,,b', '角色的值不符合要求'],
    ];
    for (const [col, value, message] of bad) {
      const res = await admin.post(`${base}/form/test_widgets`, { w_input: '坏值', [col]: value });
      expect(res.body.success, col).toBe(false);
      expect(res.body.message, col).toBe(message);
    }
    expect(await rows()).toBe(before);
  });
});

describe('GET /online/cgform/api/querySelectOptions (link_down)', () => {
  const q = { table: 'sys_area', txt: 'text', key: 'id', idField: 'id', pidField: 'pid' };
  it('lists a level by its parent value', async () => {
    const provinces = await admin.get(`${base}/querySelectOptions`, { ...q, pidValue: '86' });
    expect(provinces.body.success).toBe(true);
    expect(provinces.body.result).toContainEqual({ store: '110000', label: '北京市', id: '110000', pid: '86' });
    const cities = await admin.get(`${base}/querySelectOptions`, { ...q, pidValue: '110000' });
    expect(cities.body.result.map((o: { label: string }) => o.label)).toContain('市辖区');
    const one = await admin.get(`${base}/querySelectOptions`, { ...q, pidValue: '86', condition: JSON.stringify({ id: '110000' }) });
    expect(one.body.result).toHaveLength(1);
  });
  it('refuses tables, columns and conditions it does not know', async () => {
    for (const bad of [
      { ...q, table: 'sys_permission' },
      { ...q, txt: 'password', table: 'sys_user' },
      { ...q, key: 'id;drop table x' },
    ]) {
      const res = await admin.get(`${base}/querySelectOptions`, { ...bad, pidValue: '86' });
      expect(res.body).toMatchObject({ success: false, code: 500, message: '联动组件配置不正确！' });
    }
    for (const condition of ['id=1', '{"password":"x"}', '[1]']) {
      const res = await admin.get(`${base}/querySelectOptions`, { ...q, pidValue: '86', condition });
      expect(res.body).toMatchObject({ success: false, message: '联动组件的condition需要一个json字符串!' });
    }
  });
  it('needs a token', async () => {
    expect((await client(server).get(`${base}/querySelectOptions`, { ...q, pidValue: '86' })).status).toBe(401);
  });
});

describe('picker endpoints for roles and positions (signed-in users, minimal fields)', () => {
  it('lists roles and positions with paging and search', async () => {
    await sql`insert into sys_position (id, code, name, post_rank) values ('pos-t1', 'T_PICK_MGR', '选择器测试经理', '2'),
      ('pos-t2', 'T_PICK_STAFF', '选择器测试职员', '5')`.execute(server.ctx.db);
    const roles = await admin.get('/sys/role/pickerList', { pageNo: 1, pageSize: 5 });
    expect(roles.body.success).toBe(true);
    expect(roles.body.result.total).toBeGreaterThan(0);
    expect(Object.keys(roles.body.result.records[0]).sort()).toEqual(['id', 'roleCode', 'roleName']);
    const found = await admin.get('/sys/role/pickerList', { roleName: roles.body.result.records[0].roleName });
    expect(found.body.result.records.length).toBeGreaterThan(0);
    const positions = await admin.get('/sys/position/pickerList', { name: '选择器测试经理' });
    expect(positions.body.result.records).toEqual([
      { id: 'pos-t1', code: 'T_PICK_MGR', name: '选择器测试经理', postRank: '2', postRank_dictText: expect.any(String) },
    ]);
    const byCodes = await admin.get('/sys/position/pickerList', { codes: 'T_PICK_STAFF,NOPE' });
    expect(byCodes.body.result.records.map((r: { name: string }) => r.name)).toEqual(['选择器测试职员']);
    const first = roles.body.result.records[0];
    const byIds = await admin.get('/sys/role/pickerList', { ids: `${first.id},nope` });
    expect(byIds.body.result.records).toEqual([first]);
    const paged = await admin.get('/sys/position/pickerList', { code: 'T_PICK', pageNo: 2, pageSize: 1 });
    expect(paged.body.result).toMatchObject({ total: 2, current: 2, size: 1 });
    expect(paged.body.result.records.map((r: { code: string }) => r.code)).toEqual(['T_PICK_STAFF']);
    expect(positions.body.result.records[0].postRank_dictText).not.toBe('');
  });
  it('any signed-in user may call them; nobody without a token', async () => {
    const wms = client(server, await login(server, 'wms_demo'));
    expect((await wms.get('/sys/role/pickerList')).body.success).toBe(true);
    expect((await wms.get('/sys/position/pickerList')).body.success).toBe(true);
    expect(
      (await wms.get(`${base}/querySelectOptions`, { table: 'sys_area', txt: 'text', key: 'id', pidField: 'pid', pidValue: '86' })).body
        .success,
    ).toBe(true);
    expect((await client(server).get('/sys/role/pickerList')).status).toBe(401);
    expect((await client(server).get('/sys/position/pickerList')).status).toBe(401);
  });
});
