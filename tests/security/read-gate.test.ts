import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { StartedServer } from '../../src/server/start.js';
import { account, addDataRule, client, inTenant, leaked, login, menuOf, plant, startSecurityServer, type Client } from './helpers.js';

// Class 1, one gate for every data read: every helper that names a table from the request
// (dictionaries, tree data, linked selects, the duplicate check, reports) passes the same
// permission, tenant and data-rule scope as the list (online/read-scope.ts).
let server: StartedServer;
let admin: Client;
let mallory: Client; // signed in, holds no menu at all
let reader: Client; // holds 安全测试公开, whose field declares the dictionary sec_secret,name,code
let owner: Client; // holds 安全测试机密 with a data rule level <= 3
const SECRETS = ['CONFIDENTIAL-A', 'CONFIDENTIAL-B', 'CONFIDENTIAL-C', 'conf_a.pdf'];

beforeAll(async () => {
  server = await startSecurityServer();
  admin = client(server, await login(server, 'admin'));
  await plant(server, 'sec_secret', {
    id: 's1',
    name: '甲机密',
    code: 'A-1',
    pid: '',
    private_note: 'CONFIDENTIAL-A',
    level: 1,
    attachment: 'temp/conf_a.pdf',
  });
  await plant(server, 'sec_secret', {
    id: 's2',
    name: '乙机密',
    code: 'B-1',
    pid: '',
    private_note: 'CONFIDENTIAL-B',
    level: 2,
    tenant_id: 1000,
  });
  await plant(server, 'sec_secret', { id: 's3', name: '丙机密', code: 'C-1', pid: '', private_note: 'CONFIDENTIAL-C', level: 9 });
  mallory = await account(server, admin, 'mallory');
  reader = await account(server, admin, 'reader01', { menus: [menuOf('sec_public')], tenants: [1000] });
  owner = await account(server, admin, 'owner01', { menus: [menuOf('sec_secret')] });
  await addDataRule(server, 'owner01', menuOf('sec_secret'), 'level', '<=', '3');
});
afterAll(async () => server?.close());

/** Every request-named read of `table,text,code` an attacker may try. */
function attacks(table: string, text: string, code: string, key: string) {
  const dict = `${table},${text},${code}`;
  return [
    ['getDictItems', (c: Client) => c.get(`/sys/dict/getDictItems/${dict}`)],
    ['loadDict', (c: Client) => c.get(`/sys/dict/loadDict/${dict}`, { keyword: '', pageSize: 50 })],
    ['loadDictItem', (c: Client) => c.get(`/sys/dict/loadDictItem/${dict}`, { key })],
    ['getDictText', (c: Client) => c.get(`/sys/dict/getDictText/${dict}/${key}`)],
    ['loadTreeData', (c: Client) => c.get('/sys/dict/loadTreeData', { tableName: table, text, code, pidField: 'pid', pid: '' })],
    [
      'querySelectOptions',
      (c: Client) => c.get('/online/cgform/api/querySelectOptions', { table, txt: text, key: code, pidField: 'pid', pidValue: '' }),
    ],
  ] as const;
}

describe('a user without the screen cannot read its table through any helper', () => {
  it('the rows exist and the screen’s holder reads them (the attack has a target)', async () => {
    const n = await sql<{ n: number }>`select count(*)::int as n from sec_secret`.execute(server.ctx.db);
    expect(Number(n.rows[0].n)).toBe(3);
    const items = await admin.get('/sys/dict/getDictItems/sec_secret,private_note,code');
    expect(items.body.result.map((i: { text: string }) => i.text)).toContain('CONFIDENTIAL-A');
  });

  for (const [name, call] of attacks('sec_secret', 'private_note', 'code', 'A-1'))
    it(`${name}: refused (403), nothing leaked`, async () => {
      const res = await call(mallory);
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
      expect(leaked(res.body, ...SECRETS)).toEqual([]);
    });

  it('a stored file path is no dictionary text for a stranger', async () => {
    const res = await mallory.get('/sys/dict/getDictItems/sec_secret,attachment,id');
    expect(res.status).toBe(403);
    expect(leaked(res.body, 'conf_a.pdf')).toEqual([]);
  });

  it('the duplicate check answers only to the screen’s readers (no existence oracle)', async () => {
    const q = { tableName: 'sec_secret', fieldName: 'code', fieldVal: 'A-1' };
    expect((await owner.get('/sys/duplicate/check', q)).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const res = await mallory.get('/sys/duplicate/check', q);
    expect(res.status).toBe(403);
    expect(res.body.message).not.toContain('已存在');
  });

  it('a report without a permission is no public data', async () => {
    const own = await admin.get('/online/cgreport/api/getData/rp_user_list', { pageSize: 50 });
    expect(own.body.result.records.length).toBeGreaterThan(1);
    for (const url of ['getData', 'getColumnsAndData', 'getRpColumns', 'exportXls']) {
      const res = await mallory.raw('GET', `/online/cgreport/api/${url}/rp_user_list`);
      expect(res.status).toBe(403);
    }
  });
});

describe('system tables: only the allow-listed (table, text, code) triples', () => {
  it('names of users, departments and roles are readable by anyone signed in', async () => {
    const users = await mallory.get('/sys/dict/getDictItems/sys_user,realname,username');
    expect(users.body.result.find((i: { value: string }) => i.value === 'admin')).toBeTruthy();
    expect((await mallory.get('/sys/dict/getDictItems/sys_role,role_name,id')).body.success).toBe(true);
  });

  it('contact data, file paths and configuration are not', async () => {
    const phone = await admin.get('/sys/user/list', { username: 'admin' });
    expect(phone.body.success).toBe(true);
    for (const dict of [
      'sys_user,phone,username',
      'sys_user,email,id',
      'sys_user,avatar,id',
      'sys_data_source,db_url,id',
      'sys_quartz_job,parameter,id',
    ]) {
      const res = await mallory.get(`/sys/dict/getDictItems/${dict}`);
      expect(res.body.success, dict).toBe(false);
      expect(JSON.stringify(res.body), dict).not.toMatch(/@|jdbc|postgres:\/\//);
    }
    const tree = await mallory.get('/sys/dict/loadTreeData', { tableName: 'sys_user', text: 'phone', code: 'id', pidField: 'id' });
    expect(tree.body.success).toBe(false);
    const link = await mallory.get('/online/cgform/api/querySelectOptions', {
      table: 'sys_user',
      txt: 'email',
      key: 'id',
      pidField: 'org_code',
    });
    expect(link.body.success).toBe(false);
  });
});

describe('a dictionary declared by a readable screen', () => {
  it('gives exactly the declared columns, within the caller’s tenant', async () => {
    // reader belongs to tenant 1000 only: its rows are 乙机密
    const own = await inTenant(reader, 1000).get('/sys/dict/getDictItems/sec_secret,name,code');
    expect(own.body.result).toEqual([{ value: 'B-1', text: '乙机密', title: '乙机密', label: '乙机密' }]);
    const search = await inTenant(reader, 1000).get('/sys/dict/loadDict/sec_secret,name,code', { keyword: '机密' });
    expect(search.body.result.map((i: { value: string }) => i.value)).toEqual(['B-1']);
    const other = await inTenant(reader, 1000).get('/sys/dict/loadDictItem/sec_secret,name,code', { key: 'A-1,C-1,B-1' });
    expect(other.body.result).toEqual(['乙机密']);
  });

  it('but no other column of that table', async () => {
    const res = await inTenant(reader, 1000).get('/sys/dict/getDictItems/sec_secret,private_note,code');
    expect(res.status).toBe(403);
    expect(leaked(res.body, ...SECRETS)).toEqual([]);
  });
});

describe('the data rules of the screen apply to every helper', () => {
  it('the list and the dictionary both answer only the rows the rule allows', async () => {
    const list = await owner.get('/online/cgform/api/getData/sec_secret', { pageSize: 50 });
    expect(list.body.result.records.map((r: { code: string }) => r.code)).toEqual(['A-1']);
    const dict = await owner.get('/sys/dict/getDictItems/sec_secret,name,code');
    expect(dict.body.result.map((i: { value: string }) => i.value)).toEqual(['A-1']);
    const text = await owner.get('/sys/dict/getDictText/sec_secret,private_note,code/C-1');
    expect(text.body.result).toBe('');
    const tree = await owner.get('/sys/dict/loadTreeData', {
      tableName: 'sec_secret',
      text: 'private_note',
      code: 'code',
      pidField: 'pid',
      pid: '',
    });
    expect(tree.body.result.map((n: { key: string }) => n.key)).toEqual(['A-1']);
    const link = await owner.get('/online/cgform/api/querySelectOptions', {
      table: 'sec_secret',
      txt: 'name',
      key: 'code',
      pidField: 'pid',
      pidValue: '',
    });
    expect(link.body.result.map((o: { store: string }) => o.store)).toEqual(['A-1']);
  });
});
