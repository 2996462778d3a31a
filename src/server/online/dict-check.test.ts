import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { ScreenRegistry } from './screen-registry.js';
import { loadReportFiles } from './cgreport/report-files.js';
import { reportDictionaryProblems } from './dict-check.js';
import { prepareServer } from '../start.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-dict-check-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A folder holding one screen whose fields are `fields`. */
function screenDir(name: string, fields: unknown[]): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true });
  const screen = { id: name, title: '字典检查', tableName: name, tableType: 'single', template: 'normal', authPre: `tst:${name}`, fields };
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(screen));
  return dir;
}

const load = (dir: string) => () => ScreenRegistry.load([...loadConfig({}).schemasDirs, dir]);

describe('every dictionary of a screen resolves at load time', () => {
  it('loads the shipped screens and reports: every table dictionary resolves', () => {
    const reg = ScreenRegistry.load(loadConfig({}).schemasDirs);
    expect(reportDictionaryProblems(reg, loadReportFiles(loadConfig({}).schemasDirs))).toEqual([]);
  });

  it('refuses a table dictionary over a missing table, naming the screen, the field and the dictionary', () => {
    const dir = screenDir('tst_dict_table', [
      { name: 'projectId', title: '关联项目', widget: 'sel_search', dbType: 'string', dictCode: 'pm_nothing,project_name,id' },
    ]);
    expect(load(dir)).toThrow(
      'tst_dict_table.json /fields/0/dictCode: 页面「字典检查」(tst_dict_table) 字段「关联项目」(projectId) 的字典 pm_nothing,project_name,id 无法解析：表 pm_nothing 不存在',
    );
  });

  it('stops the server start before the database opens', async () => {
    const dir = screenDir('tst_dict_start', [
      { name: 'projectId', title: '关联项目', widget: 'sel_search', dbType: 'string', dictCode: 'pm_nothing,project_name,id' },
    ]);
    const config = loadConfig({}, { schemasDirs: [...loadConfig({}).schemasDirs, dir], dataDir: path.join(tmp, 'data') });
    await expect(prepareServer(config)).rejects.toThrow(/字段「关联项目」\(projectId\) 的字典 pm_nothing,project_name,id 无法解析/);
    expect(fs.existsSync(path.join(tmp, 'data'))).toBe(false);
  });

  it('refuses a missing column, a credential column, a tree parent column and a linkage dictionary', () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'a', title: 'A', widget: 'select', dbType: 'string', dictCode: 'sys_user,nick,username' }, /表 sys_user 没有字段 nick/],
      [{ name: 'a', title: 'A', widget: 'select', dbType: 'string', dictCode: 'fin_bank_account,account_name,nope' }, /没有字段 nope/],
      [{ name: 'a', title: 'A', widget: 'select', dbType: 'string', dictCode: 'sys_user,password,username' }, /没有字段 password/],
      [
        { name: 'a', title: 'A', widget: 'sel_tree', dbType: 'string', extend: { dict: 'sys_area,text,id', pidField: 'parent' } },
        /\/extend\/dict: .*没有字段 parent/,
      ],
      [
        {
          name: 'b',
          title: 'B',
          widget: 'select',
          dbType: 'string',
          dictCode: 'sex',
          linkage: [{ when: { field: 'c', op: 'eq', value: '1' }, then: { dictCode: 'nowhere,text,id' } }],
        },
        /\/linkage\/0\/then\/dictCode: .*表 nowhere 不存在/,
      ],
    ];
    cases.forEach(([field, message], i) => {
      const dir = screenDir(`tst_dict_case${i}`, [field, { name: 'c', title: 'C', widget: 'input', dbType: 'string' }]);
      expect(load(dir)).toThrow(message);
    });
  });

  it('accepts system tables and the tables of other screens', () => {
    const dir = screenDir('tst_dict_ok', [
      { name: 'a', title: 'A', widget: 'sel_search', dbType: 'string', dictCode: 'fin_bank_account,account_name,id' },
      { name: 'b', title: 'B', widget: 'sel_search', dbType: 'string', dictCode: 'sys_depart,depart_name,org_code' },
    ]);
    expect(load(dir)().get('tst_dict_ok')).toBeDefined();
  });
});
