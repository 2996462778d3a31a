import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { recordsOf, resultOf, startContractServer, vue2Client } from './jeecg-client.js';

/**
 * JeecgBoot's online list and form (the Vue 2 client's OnlCgformAutoList and its modal) against
 * our online-form API (api-contract §7): the query bar, the form's items, add, the list, the
 * 导出 button. The suite's screen `ct_form` has dictionary selects, a table-dictionary search
 * select, a rule code, a custom expression and a numeric default.
 */
let server: StartedServer;
let jeecg: Awaited<ReturnType<typeof vue2Client>>;
const API = '/online/cgform/api';

beforeAll(async () => {
  server = await startContractServer();
  jeecg = await vue2Client(server);
});
afterAll(async () => server?.close());

interface Property {
  view: string;
  type: string;
  title: string;
  enum?: { value: string; title: string; text: string }[];
  defVal?: unknown;
  dictCode?: string;
  pattern?: string;
  errorInfo?: string;
}

describe('getQueryInfo (the query bar)', () => {
  it('gives a search select its table dictionary in the parts the client joins to table,text,key, and that dictionary answers', async () => {
    const fields: { field: string; view: string; mode: string; dictCode?: string; dictTable?: string; dictText?: string }[] = resultOf(
      await jeecg.get(`${API}/getQueryInfo/ct_form`),
    );
    expect(fields.every((f) => typeof f.field === 'string' && ['single', 'group'].includes(f.mode))).toBe(true);
    const owner = fields.find((f) => f.field === 'owner')!;
    expect(owner.view).toBe('sel_search');
    // the online list's getDictCode: dictTable ? dictTable + ',' + dictText + ',' + dictCode : dictCode
    const dict = owner.dictTable ? `${owner.dictTable},${owner.dictText},${owner.dictCode}` : owner.dictCode;
    expect(dict).toBe('sys_user,realname,username');
    // JSearchSelectTag: loadDict/{dict}?keyword=&pageSize= and getDictItems/{dict}
    const found = resultOf(await jeecg.get(`/sys/dict/loadDict/${dict}`, { keyword: '管理', pageSize: '10' }));
    expect(found.some((o: { value: string; text: string }) => o.value === 'admin' && typeof o.text === 'string')).toBe(true);
    const all = resultOf(await jeecg.get(`/sys/dict/getDictItems/${dict}`));
    expect(all.length).toBeGreaterThan(1);
    const sex = fields.find((f) => f.field === 'sex')!;
    expect(sex.dictCode).toBe('sex');
    expect(sex.dictTable).toBeUndefined();
  });
});

describe('getFormItem (the form modal)', () => {
  let props: Record<string, Property>;
  let required: string[];
  beforeAll(async () => {
    const item = resultOf(await jeecg.get(`${API}/getFormItem/ct_form`));
    expect(item.head).toMatchObject({ id: 'ct_form', tableName: 'ct_form', tableType: 1 });
    props = item.schema.properties;
    required = item.schema.required;
  });

  it('carries the options of dictionary selects, radios and checkboxes inline as enum [{value, title, text}]', () => {
    for (const col of ['sex', 'level', 'tags']) {
      const options = props[col].enum;
      expect(Array.isArray(options), col).toBe(true);
      expect(options!.map((o) => o.value)).toEqual(['1', '2']);
      for (const o of options!) expect(typeof o.title === 'string' && o.title === o.text).toBe(true);
    }
    expect(props.level.view).toBe('radio');
    expect(props.tags.view).toBe('checkbox');
    expect(props.title.enum).toBeUndefined();
  });

  it("gives the form's search select dictTable, dictText and dictCode (its getDictInfo needs all three)", () => {
    const owner = props.owner as Property & { dictTable?: string; dictText?: string };
    expect(owner.view).toBe('sel_search');
    expect(`${owner.dictTable},${owner.dictText},${owner.dictCode}`).toBe('sys_user,realname,username');
  });

  it('answers every default value as a string (the client runs string methods on it)', () => {
    expect(props.sex.defVal).toBe('1');
    expect(props.amount.defVal).toBe('0');
    for (const [col, p] of Object.entries(props)) if (p.defVal !== undefined) expect(typeof p.defVal, col).toBe('string');
  });

  it('gives validation as pattern + errorInfo that a client checks before sending', () => {
    const mobile = new RegExp(props.mobile.pattern!);
    expect(mobile.test('13912345678')).toBe(true);
    expect(mobile.test('12345')).toBe(false);
    expect(props.mobile.errorInfo).toBe('请输入正确的手机号码');
    const code = new RegExp(props.code.pattern!);
    expect(code.test('AB123')).toBe(true);
    expect(code.test('ab123')).toBe(false);
    expect(props.code.errorInfo).toBe('两位大写字母加三位数字');
    expect(required).toEqual(['title']);
  });

  it('saves what the form sends (db column keys, string values) and lists it (records, total)', async () => {
    const added = await jeecg.post(`${API}/form/ct_form`, {
      title: '契约',
      sex: '2',
      level: '1',
      tags: '1,2',
      owner: 'admin',
      amount: '12.5',
    });
    const id = resultOf(added);
    expect(typeof id).toBe('string');
    const rows = recordsOf(await jeecg.get(`${API}/getData/ct_form`, { pageNo: '1', pageSize: '10', column: 'createTime', order: 'desc' }));
    expect(rows.find((r) => r.id === id)).toMatchObject({ title: '契约', sex: '2', owner: 'admin' });
    const bad = await jeecg.post(`${API}/form/ct_form`, { title: '坏号码', mobile: '123' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, code: 500 });
  });
});

describe('导出 of the online list', () => {
  it('exportXlsOld/{code} answers the spreadsheet for the same paramsStr as exportXls', async () => {
    const paramsStr = JSON.stringify({ title: '*契约*' });
    for (const path of ['exportXlsOld', 'exportXls']) {
      const reply = await jeecg.get(`${API}/${path}/ct_form`, { paramsStr });
      expect(reply.status, path).toBe(200);
      expect(String(reply.headers['content-type'])).toMatch(/spreadsheet|excel|octet-stream/);
      expect(reply.raw.subarray(0, 2).toString()).toBe('PK'); // an xlsx (zip) file
    }
  });
});
