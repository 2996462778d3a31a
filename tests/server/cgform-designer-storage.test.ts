import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { screenToRows } from '../../src/server/online/designer/mapping.js';
import { DesignerStore, readAuthored } from '../../src/server/online/designer/store.js';
import type { ScreenRegistry } from '../../src/server/online/screen-registry.js';
import { newId } from '../../src/server/db/ids.js';
import { admin, maintenance, server, useDesignerServer } from './cgform-designer-fixtures.js';

// How the online form designer stores screens: as onl_cgform_* rows read back unchanged,
// versioned against concurrent saves, reloaded on a change from another process.
useDesignerServer();

describe('mapping through the database', () => {
  it('every file screen stored as rows and read back is identical', async () => {
    const files = server.ctx.screens.list().filter((l) => !l.authored);
    expect(files.length).toBeGreaterThan(10);
    const db = server.ctx.db;
    for (const { screen } of files) {
      const rows = screenToRows({ ...screen, id: `rt_${screen.id}`.slice(0, 63) }, newId);
      const audit = { create_by: 't', create_time: null, update_by: null, update_time: null };
      await db
        .insertInto('onl_cgform_head')
        .values({
          ...rows.head,
          table_name: `rt_${rows.head.table_name}`,
          table_version: 1,
          is_db_synch: 'N',
          copy_type: 0,
          copy_version: null,
          physic_id: null,
          ...audit,
        })
        .execute();
      if (rows.fields.length)
        await db
          .insertInto('onl_cgform_field')
          .values(rows.fields.map((f) => ({ ...f, ...audit })))
          .execute();
      if (rows.buttons.length) await db.insertInto('onl_cgform_button').values(rows.buttons).execute();
      const back = await readAuthored(db, rows.head.id);
      expect({ ...back?.screen, id: screen.id, tableName: screen.tableName }).toStrictEqual(screen);
      for (const t of ['onl_cgform_field', 'onl_cgform_button'] as const)
        await db.deleteFrom(t).where('cgform_head_id', '=', rows.head.id).execute();
      await db.deleteFrom('onl_cgform_head').where('id', '=', rows.head.id).execute();
    }
  });
});

describe('concurrent saves', () => {
  const race = (title: string): ScreenSchema => ({ ...maintenance(), id: 'des_race', tableName: 'des_race', title });
  const historyVersions = async () =>
    (
      await server.ctx.db
        .selectFrom('onl_cgform_head_history')
        .select('table_version')
        .where('cgform_head_id', '=', 'des_race')
        .orderBy('table_version')
        .execute()
    ).map((r) => r.table_version);

  it('two saves from the same loaded version: one succeeds, the other is refused and writes nothing', async () => {
    let res = await admin.post('/online/cgform/api/addAll', { schema: race('竞争') });
    expect(res.body.success, res.body.message).toBe(true);
    const loaded = (await admin.get('/online/cgform/head/schema', { id: 'des_race' })).body.result;
    expect(loaded.version).toBe(1);
    const answers = await Promise.all(
      ['甲', '乙'].map((t) => admin.put('/online/cgform/api/editAll', { schema: race(t), version: loaded.version })),
    );
    const won = answers.filter((a) => a.body.success);
    const lost = answers.filter((a) => !a.body.success);
    expect(won).toHaveLength(1);
    expect(won[0].body.result).toEqual({ version: 2 });
    expect(lost).toHaveLength(1);
    expect(lost[0].body).toMatchObject({ code: 500, message: '该表单已被他人修改（当前版本 2），请刷新后再保存' });
    const stored = await readAuthored(server.ctx.db, 'des_race');
    expect(stored?.version).toBe(2);
    expect(stored?.screen.title).toBe(answers.find((a) => a.body.success) === answers[0] ? '甲' : '乙');
    expect(await historyVersions()).toEqual([1]);
    // a JeecgBoot client sends no version: saved over whatever is current
    res = await admin.put('/online/cgform/api/editAll', { schema: race('丙') });
    expect(res.body.result).toEqual({ version: 3 });
    res = await admin.put('/online/cgform/api/editAll', { schema: race('丁'), version: 'x' });
    expect(res.body).toMatchObject({ success: false, message: '版本号不正确' });
  });

  it('saves without a version one after the other: history keeps distinct versions, a duplicate is refused by the index', async () => {
    const versions = await Promise.all(['戊', '己', '庚'].map((t) => server.ctx.designer.save(race(t), 'admin', { isNew: false })));
    expect([...versions].sort()).toEqual([4, 5, 6]);
    expect(await historyVersions()).toEqual([1, 2, 3, 4, 5]);
    await expect(
      sql`insert into onl_cgform_head_history (id, cgform_head_id, table_version, schema_json) values ('dup', 'des_race', 1, '{}')`.execute(
        server.ctx.db,
      ),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});

describe('a change from another process', () => {
  it('a reload that fails on the receiving process is reported, not swallowed', async () => {
    let deliver: (id: string) => void = () => undefined;
    const reported: [unknown, string][] = [];
    // a registry refusing what the database holds: the receiving process cannot take the change
    const refusing = { setAuthored: () => ['des_race: 表名冲突'] } as unknown as ScreenRegistry;
    new DesignerStore(server.ctx.db, refusing, {
      publish: async () => undefined,
      subscribe: (onChange) => {
        deliver = onChange;
      },
      onError: (err, headId) => reported.push([err, headId]),
    });
    deliver('des_race');
    await expect.poll(() => reported.length).toBe(1);
    expect(reported[0][1]).toBe('des_race');
    expect(String(reported[0][0])).toContain('在线表单配置加载失败');
    expect(String(reported[0][0])).toContain('des_race: 表名冲突');
  });
});
