import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../src/server/db/connection.js';
import type { ScreenField, ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { ScreenRegistry } from '../../src/server/online/screen-registry.js';
import { readTableCatalog, syncScreenTable } from '../../src/server/online/ddl.js';
import { loadConfig } from '../../src/server/config.js';
import { isolatedDatabase } from './harness.js';

// Adding a field adds its column on start; a destructive change is refused
// with a clear message unless forced (SCHEMA_FORCE=1 or the screen's forceSync).
let database: OpenedDatabase;

beforeAll(async () => {
  database = await isolatedDatabase();
});
afterAll(async () => database?.close());

const base: ScreenSchema = {
  id: 'tst_sync',
  title: '同步测试',
  tableName: 'tst_sync',
  tableType: 'single',
  template: 'normal',
  authPre: 'tst:sync',
  fields: [
    { name: 'title', title: '标题', widget: 'input', dbType: 'string', dbLength: 50 },
    { name: 'code', title: '编码', widget: 'input', dbType: 'string', dbLength: 20 },
    { name: 'amount', title: '金额', widget: 'inputNumber', dbType: 'BigDecimal', dbLength: 18, dbPointLength: 2 },
  ],
};

function loaded(fields: ScreenField[], extra: Partial<ScreenSchema> = {}) {
  const reg = new ScreenRegistry();
  reg.add({ ...base, ...extra, fields }, 'sync/tst_sync.json');
  return reg.get('tst_sync')!;
}

const columns = async () =>
  (
    await sql<{ column_name: string; data_type: string; len: number | null }>`select column_name, data_type, character_maximum_length as len
      from information_schema.columns where table_schema = current_schema() and table_name = 'tst_sync'`.execute(database.db)
  ).rows;

describe('schema sync', () => {
  it('creates the table, then adds the column of a new field without touching the rows', async () => {
    expect((await syncScreenTable(database.db, loaded(base.fields))).created).toBe(true);
    await sql`insert into tst_sync (id, title, code, amount) values ('1', '第一行', 'ABCDEFGHIJKLMNO', 12.5)`.execute(database.db);
    const res = await syncScreenTable(
      database.db,
      loaded([...base.fields, { name: 'remark', title: '备注', widget: 'textarea', dbType: 'Text' }]),
    );
    expect(res).toMatchObject({ created: false, added: ['remark'], altered: [], dropped: [] });
    expect((await columns()).map((c) => c.column_name)).toContain('remark');
    expect((await sql`select title from tst_sync`.execute(database.db)).rows).toEqual([{ title: '第一行' }]);
  });

  it('widens a text or numeric column without asking', async () => {
    const fields = base.fields.map((f) =>
      f.name === 'title' ? { ...f, dbLength: 200 } : f.name === 'amount' ? { ...f, dbLength: 20 } : f,
    );
    const res = await syncScreenTable(
      database.db,
      loaded([...fields, { name: 'remark', title: '备注', widget: 'textarea', dbType: 'Text' }]),
    );
    expect(res.altered.sort()).toEqual(['amount', 'title']);
    expect((await columns()).find((c) => c.column_name === 'title')?.len).toBe(200);
  });

  it('refuses a type change, a shorter column than its data and a removed field with data, naming them', async () => {
    const typeChange = base.fields.map((f) => (f.name === 'amount' ? ({ ...f, dbType: 'int' } as ScreenField) : f));
    await expect(syncScreenTable(database.db, loaded(typeChange))).rejects.toThrow(
      /^sync\/tst_sync\.json: 表 tst_sync 的结构变更会丢失数据（amount: numeric → integer）/,
    );
    const shorter = base.fields.map((f) => (f.name === 'code' ? { ...f, dbLength: 5 } : f));
    await expect(
      syncScreenTable(database.db, loaded([...shorter, { name: 'remark', title: '备注', widget: 'textarea', dbType: 'Text' }])),
    ).rejects.toThrow(/code: varchar\(20\) → varchar\(5\)，已有 15 个字符的值/);
    await sql`update tst_sync set remark = '有内容'`.execute(database.db);
    await expect(syncScreenTable(database.db, loaded(base.fields))).rejects.toThrow(/remark: 字段已从配置中删除，但表中还有 1 行数据/);
    await expect(syncScreenTable(database.db, loaded(base.fields))).rejects.toThrow(/SCHEMA_FORCE=1/);
    expect((await columns()).map((c) => c.column_name)).toContain('remark');
  });

  it('applies them when forced: by SCHEMA_FORCE (config) or by the screen flag', async () => {
    expect(loadConfig({ SCHEMA_FORCE: '1' }).schemaForce).toBe(true);
    expect(loadConfig({}).schemaForce).toBe(false);
    const typeChange = base.fields.map((f) => (f.name === 'amount' ? ({ ...f, dbType: 'int' } as ScreenField) : f));
    const res = await syncScreenTable(database.db, loaded(typeChange), { force: true });
    expect(res.altered.sort()).toEqual(['amount', 'title']);
    expect(res.dropped).toEqual(['remark']);
    expect((await sql`select amount from tst_sync`.execute(database.db)).rows).toEqual([{ amount: 13 }]);
    const flagged = await syncScreenTable(
      database.db,
      loaded(
        typeChange.filter((f) => f.name !== 'code'),
        { forceSync: true },
      ),
    );
    expect(flagged.dropped).toEqual(['code']);
  });

  it('syncs from a catalog read once for many tables (a start): a new field is added, an unchanged table left alone', async () => {
    const fields = base.fields
      .map((f) => (f.name === 'amount' ? ({ ...f, dbType: 'int' } as ScreenField) : f))
      .filter((f) => f.name !== 'code');
    const catalog = await readTableCatalog(database.db, ['tst_sync', 'tst_sync_absent']);
    expect(catalog.columns.has('tst_sync_absent')).toBe(false);
    expect(catalog.columns.get('tst_sync')?.map((c) => c.column_name)).toContain('amount');
    expect(await syncScreenTable(database.db, loaded(fields), { catalog })).toEqual({
      created: false,
      added: [],
      altered: [],
      dropped: [],
      indexed: [],
    });
    const grown = [...fields, { name: 'note', title: '说明', widget: 'input', dbType: 'string', dbLength: 40 } as ScreenField];
    expect(await syncScreenTable(database.db, loaded(grown), { catalog })).toMatchObject({ added: ['note'] });
    expect((await columns()).map((c) => c.column_name)).toContain('note');
  });

  it('creates the normal indexes with a new table, adds the missing ones to an existing table and never drops one', async () => {
    await sql`drop table if exists tst_sync`.execute(database.db);
    const indexDefs = async () =>
      new Map(
        (
          await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
            where schemaname = current_schema() and tablename = 'tst_sync'`.execute(database.db)
        ).rows.map((r) => [r.indexname, r.indexdef]),
      );
    const created = await syncScreenTable(database.db, loaded(base.fields, { indexes: [{ fields: ['code', 'title'] }] }));
    expect(created).toMatchObject({ created: true, indexed: ['idx_tst_sync_code_title'] });
    expect((await indexDefs()).get('idx_tst_sync_code_title')).toMatch(/^CREATE INDEX idx_tst_sync_code_title ON .*\(code, title\)$/);

    // a new field and an index over it, named: the column is added first, then the index
    const grown = [...base.fields, { name: 'orderNo', title: '单号', widget: 'input', dbType: 'string', dbLength: 30 } as ScreenField];
    const res = await syncScreenTable(
      database.db,
      loaded(grown, { indexes: [{ fields: ['code', 'title'] }, { name: 'idx_tst_sync_order', fields: ['orderNo'] }] }),
    );
    expect(res).toMatchObject({ added: ['order_no'], indexed: ['idx_tst_sync_order'] });
    expect((await indexDefs()).get('idx_tst_sync_order')).toMatch(/\(order_no\)$/);
    // not unique: two rows with the same value are accepted
    await sql`insert into tst_sync (id, order_no) values ('a', 'N1'), ('b', 'N1')`.execute(database.db);

    // an index alone (no new column) is added too
    const amount = await syncScreenTable(
      database.db,
      loaded(grown, {
        indexes: [{ fields: ['code', 'title'] }, { name: 'idx_tst_sync_order', fields: ['orderNo'] }, { fields: ['amount'] }],
      }),
    );
    expect(amount).toMatchObject({ added: [], indexed: ['idx_tst_sync_amount'] });

    // listed no more: left in place, not dropped silently; an unchanged list changes nothing
    expect(await syncScreenTable(database.db, loaded(grown))).toMatchObject({ indexed: [], dropped: [] });
    expect([...(await indexDefs()).keys()]).toEqual(
      expect.arrayContaining(['idx_tst_sync_code_title', 'idx_tst_sync_order', 'idx_tst_sync_amount']),
    );
  });

  it('gives columns their literal dbDefault on create and add column; text is quoted, never run; a bad one is refused', async () => {
    await sql`drop table if exists tst_sync`.execute(database.db);
    const sneaky = "x'); drop table tst_sync; --";
    const fields: ScreenField[] = [
      { name: 'title', title: '标题', widget: 'input', dbType: 'string', dbLength: 50, dbDefault: sneaky },
      { name: 'qty', title: '数量', widget: 'inputNumber', dbType: 'int', dbDefault: -5 },
      { name: 'amount', title: '金额', widget: 'inputNumber', dbType: 'BigDecimal', dbDefault: 12.5 },
      { name: 'day', title: '日期', widget: 'date', dbType: 'Date', dbDefault: '2026-01-31' },
    ];
    await syncScreenTable(database.db, loaded(fields));
    await sql`insert into tst_sync (id) values ('a')`.execute(database.db);
    const row = async () => (await sql<Record<string, unknown>>`select * from tst_sync where id = 'a'`.execute(database.db)).rows[0];
    expect(await row()).toMatchObject({ title: sneaky, qty: -5 });
    expect(Number((await row()).amount)).toBe(12.5);
    expect(String((await row()).day)).toMatch(/2026/);

    // an added column: its default fills the existing rows
    const grown = [
      ...fields,
      { name: 'state', title: '状态', widget: 'input', dbType: 'string', dbLength: 2, dbDefault: '1' } as ScreenField,
    ];
    expect(await syncScreenTable(database.db, loaded(grown))).toMatchObject({ added: ['state'] });
    expect(await row()).toMatchObject({ state: '1' });

    // a default its column cannot hold never reaches the database
    const bad = [...grown, { name: 'n2', title: '数', widget: 'inputNumber', dbType: 'int', dbDefault: 'now()' } as ScreenField];
    await expect(syncScreenTable(database.db, loaded(bad))).rejects.toThrow('字段 n2 的数据库默认值应为数字');
    expect((await columns()).map((c) => c.column_name)).not.toContain('n2');
  });
});
