import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScreen } from './schema-check.js';

const root = path.resolve(__dirname, '../..');
const known = new Set<string>([
  'input',
  'inputNumber',
  'select',
  'date',
  'sel_search',
  'sel_user',
  'sel_depart',
  'switch',
  'file',
  'textarea',
  'datetime',
  'image',
  'upload',
]);
const bank = JSON.parse(fs.readFileSync(path.join(root, 'schemas/finance/fin_bank_account.json'), 'utf8'));

describe('checkScreen problems', () => {
  it('names file, field and type for an unknown widget', () => {
    const bad = structuredClone(bank);
    bad.fields[2].widget = 'sel_unicorn';
    const res = checkScreen(bad, 'finance/fin_bank_account.json', known);
    expect(res.ok).toBe(false);
    if (!res.ok)
      expect(res.problems).toEqual([
        { file: 'finance/fin_bank_account.json', path: '/fields/2/widget', message: '字段 bankCode 的控件类型 sel_unicorn 未注册' },
      ]);
  });
  it('refuses shape errors with their JSON path', () => {
    const bad = structuredClone(bank);
    bad.fields[0].dbType = 'varchar';
    bad.tableName = 'Robert); drop table x;--';
    const res = checkScreen(bad, 'x.json', known);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.problems.map((p) => p.path).sort()).toEqual(['/fields/0/dbType', '/tableName']);
  });
  it('refuses an index over a field that is not stored or does not exist, a bad index name, a default sort on a field not sortable, a query default off a query field or not a number, a db default its column cannot hold, a link naming no field or not a path/http(s) URL', () => {
    const bad = structuredClone(bank);
    bad.fields.push({ name: 'roles', title: '角色', widget: 'input', dbType: 'string', persist: false });
    bad.indexes = [{ fields: [bad.fields[0].name, 'roles'] }, { fields: ['nope'] }];
    const res = checkScreen(bad, 'x.json', known);
    expect(res.ok).toBe(false);
    if (!res.ok)
      expect(res.problems.map((p) => [p.path, p.message])).toEqual([
        ['/indexes/0/fields/1', '索引字段 roles 不存在或不是表中的列'],
        ['/indexes/1/fields/0', '索引字段 nope 不存在或不是表中的列'],
      ]);
    const sorted = structuredClone(bank);
    sorted.fields[0].sortable = false;
    sorted.defaultSort = { column: sorted.fields[0].name, order: 'asc' };
    const res3 = checkScreen(sorted, 'x.json', known);
    expect(res3.ok).toBe(false);
    if (!res3.ok) expect(res3.problems.map((p) => p.path)).toEqual(['/defaultSort/column']);
    const defaults = structuredClone(bank);
    defaults.fields[0].queryMode = undefined;
    defaults.fields[0].queryDefault = 'x';
    defaults.fields.push({
      name: 'amountX',
      title: '金额',
      widget: 'inputNumber',
      dbType: 'BigDecimal',
      queryMode: 'range',
      queryDefault: '1,abc',
    });
    const res4 = checkScreen(defaults, 'x.json', known);
    expect(res4.ok).toBe(false);
    if (!res4.ok)
      expect(res4.problems.map((p) => p.message)).toEqual([
        `字段 ${bank.fields[0].name} 不是查询条件，不能设置查询默认值`,
        '字段 amountX 的查询默认值应为数字',
      ]);
    const dbDefaults = structuredClone(bank);
    dbDefaults.fields.push(
      { name: 'n1', title: '数', widget: 'inputNumber', dbType: 'int', dbDefault: 'now()' },
      { name: 'n2', title: '数', widget: 'inputNumber', dbType: 'int', dbDefault: 1.5 },
      { name: 'd1', title: '日', widget: 'date', dbType: 'Date', dbDefault: 'current_date' },
      { name: 's1', title: '文', widget: 'input', dbType: 'string', dbLength: 2, dbDefault: 'abc' },
      { name: 's2', title: '文', widget: 'input', dbType: 'string', dbDefault: "ok'" },
    );
    const res5 = checkScreen(dbDefaults, 'x.json', known);
    expect(res5.ok).toBe(false);
    if (!res5.ok)
      expect(res5.problems.map((p) => p.message)).toEqual([
        '字段 n1 的数据库默认值应为数字',
        '字段 n2 的数据库默认值应为整数',
        '字段 d1 的数据库默认值应为日期 YYYY-MM-DD',
        '字段 s1 的数据库默认值超过字段长度 2',
      ]);
    const linked = structuredClone(bank);
    linked.fields[0].fieldHref = '/x?id=${id}&n=${nope}';
    const res6 = checkScreen(linked, 'x.json', known);
    expect(res6.ok).toBe(false);
    if (!res6.ok)
      expect(res6.problems.map((p) => p.message)).toEqual([`字段 ${bank.fields[0].name} 的跳转链接中 \${nope} 不是本页面的字段`]);
    linked.fields[0].fieldHref = 'javascript:alert(1)';
    const res7 = checkScreen(linked, 'x.json', known);
    expect(res7.ok).toBe(false);
    if (!res7.ok) expect(res7.problems.map((p) => p.path)).toEqual(['/fields/0/fieldHref']);
    const named = structuredClone(bank);
    named.indexes = [{ name: 'Idx;drop', fields: [bank.fields[0].name] }];
    const res2 = checkScreen(named, 'x.json', known);
    expect(res2.ok).toBe(false);
    if (!res2.ok) expect(res2.problems.map((p) => p.path)).toEqual(['/indexes/0/name']);
  });
  it('refuses a query widget off a single-value query condition, a dictionary one without a dictCode, and one that is not a query widget', () => {
    const bad = structuredClone(bank);
    bad.fields.push(
      { name: 'q1', title: '甲', widget: 'textarea', dbType: 'string', queryWidget: 'input' },
      { name: 'q2', title: '乙', widget: 'input', dbType: 'string', queryMode: 'range', queryWidget: 'input' },
      { name: 'q3', title: '丙', widget: 'input', dbType: 'string', queryMode: 'single', queryWidget: 'list_multi' },
      { name: 'q4', title: '丁', widget: 'select', dbType: 'string', dictCode: 'sex', queryMode: 'single', queryWidget: 'list_multi' },
      { name: 'q5', title: '戊', widget: 'textarea', dbType: 'string', queryMode: 'single', queryWidget: 'input' },
    );
    const res = checkScreen(bad, 'x.json', known);
    expect(res.ok).toBe(false);
    if (!res.ok)
      expect(res.problems.map((p) => p.message)).toEqual([
        '字段 q1 不是单值查询条件，不能设置查询控件',
        '字段 q2 不是单值查询条件，不能设置查询控件',
        '字段 q3 的查询控件 list_multi 需要字典（dictCode）',
      ]);
    const upload = structuredClone(bank);
    upload.fields.push({ name: 'q6', title: '己', widget: 'input', dbType: 'string', queryMode: 'single', queryWidget: 'upload' });
    const res2 = checkScreen(upload, 'x.json', known);
    expect(res2.ok).toBe(false);
    if (!res2.ok) expect(res2.problems.map((p) => p.path)).toEqual([`/fields/${bank.fields.length}/queryWidget`]);
  });

  it('refuses duplicate and reserved field names and a broken regular expression', () => {
    const bad = structuredClone(bank);
    bad.fields.push({ ...bad.fields[0] });
    bad.fields.push({ name: 'createTime', title: '创建时间', widget: 'datetime', dbType: 'Datetime' });
    bad.fields[1].validType = '^(unclosed[a-z';
    const res = checkScreen(bad, 'x.json', known);
    expect(res.ok).toBe(false);
    if (!res.ok)
      expect(res.problems.map((p) => p.message)).toEqual([
        '字段 accountNo 的校验正则无效：^(unclosed[a-z',
        '字段 accountName 重复',
        '字段名 createTime 是系统字段，不能使用',
      ]);
  });
  it('refuses a department default of an org code on a picker that stores the id', () => {
    const bad = structuredClone(bank);
    const dept = bad.fields.findIndex((f: { name: string }) => f.name === 'deptCode');
    delete bad.fields[dept].extend;
    const res = checkScreen(bad, 'x.json', known);
    expect(res.ok).toBe(false);
    if (!res.ok)
      expect(res.problems).toEqual([
        {
          file: 'x.json',
          path: `/fields/${dept}/defaultValue`,
          message: '字段 deptCode 的默认值是部门编码，请设置 extend.store 为 orgCode',
        },
      ]);
    expect(checkScreen(bank, 'x.json', known).ok).toBe(true);
  });
});
