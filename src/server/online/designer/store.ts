import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { toColumn } from '../../../shared/columns.js';
import { inTransaction } from '../../db/transaction.js';
import { ensureScreenButtons } from './menu.js';
import { formatDateTime } from '../../../shared/time.js';
import type { ScreenSchema } from '../../../shared/generated/screen-schema.js';
import { checkScreen } from '../../../shared/schema-check.js';
import { BizError } from '../../http/envelope.js';
import type { AuthoredScreen, ScreenRegistry } from '../screen-registry.js';
import { rowsToScreen, screenToRows } from './mapping.js';
import { mainLinkOf } from './wire.js';
import { DESIGNER_TEXT } from './texts.js';
import { assertIndexNamesFree } from './index-names.js';

/**
 * How a change of the authored screens reaches the other server processes sharing the
 * database. The default tells no one (one process: the embedded database); a PostgreSQL
 * LISTEN/NOTIFY channel plugs in here: `publish` after a commit, and each process calls the
 * store's `reload` when notified through `subscribe`.
 */
export interface ScreenChangeChannel {
  publish(headId: string): Promise<void>;
  subscribe(onChange: (headId: string) => void): void;
  /**
   * Told when the reload after another process's change fails: this process keeps serving the
   * screens it had, which the log must show (the app passes its logger).
   */
  onError?(err: unknown, headId: string): void;
}

/** The fallback report of a failed reload when the channel names no logger. */
function logReloadError(err: unknown, headId: string): void {
  console.error(`${DESIGNER_TEXT.reloadFailed}（${headId}）`, err);
}

/** The in-process channel: nothing to tell (the saving process reloads itself). */
export const LOCAL_CHANNEL: ScreenChangeChannel = { publish: async () => undefined, subscribe: () => undefined };

/** One replaced version of a screen (onl_cgform_head_history). */
export interface ScreenVersion {
  version: number;
  schema: ScreenSchema;
  author: string | null;
  time: string | null;
}

/** Reads every authored screen from onl_cgform_head/_field/_button (not yet checked). */
export async function loadAuthored(db: Db): Promise<AuthoredScreen[]> {
  const heads = await db.selectFrom('onl_cgform_head').selectAll().orderBy('create_time').orderBy('id').execute();
  if (!heads.length) return [];
  const fields = await db.selectFrom('onl_cgform_field').selectAll().execute();
  const buttons = await db.selectFrom('onl_cgform_button').selectAll().execute();
  return heads.map((head) => ({
    screen: rowsToScreen({
      head,
      fields: fields.filter((f) => f.cgform_head_id === head.id),
      buttons: buttons.filter((b) => b.cgform_head_id === head.id),
    }),
    version: head.table_version,
    synced: head.is_db_synch === 'Y',
  }));
}

/** The stored schema of one authored screen, or undefined. */
export async function readAuthored(
  db: Db,
  id: string,
): Promise<(AuthoredScreen & { author: string | null; time: string | null }) | undefined> {
  const head = await db.selectFrom('onl_cgform_head').selectAll().where('id', '=', id).executeTakeFirst();
  if (!head) return undefined;
  const [fields, buttons] = await Promise.all([
    db.selectFrom('onl_cgform_field').selectAll().where('cgform_head_id', '=', id).execute(),
    db.selectFrom('onl_cgform_button').selectAll().where('cgform_head_id', '=', id).execute(),
  ]);
  return {
    screen: rowsToScreen({ head, fields, buttons }),
    version: head.table_version,
    synced: head.is_db_synch === 'Y',
    author: head.update_by ?? head.create_by,
    time: head.update_time ?? head.create_time,
  };
}

/**
 * The authored screens: checked with the file screens' checker, stored as JeecgBoot's
 * configuration rows in one transaction with the replaced version kept, and served by the
 * registry at once (this process reloads after each commit; others through `channel`).
 */
export class DesignerStore {
  constructor(
    private readonly db: Db,
    private readonly registry: ScreenRegistry,
    private readonly channel: ScreenChangeChannel = LOCAL_CHANNEL,
  ) {
    channel.subscribe((headId) => void this.reload().catch((err: unknown) => (channel.onError ?? logReloadError)(err, headId)));
  }

  /** Re-reads the authored screens into the registry; throws when one no longer fits. */
  async reload(): Promise<void> {
    const problems = this.registry.setAuthored(await loadAuthored(this.db));
    if (problems.length) throw new Error(`${DESIGNER_TEXT.reloadFailed}\n${problems.join('\n')}`);
  }

  /** Reloads here and tells the other processes. */
  async changed(id: string): Promise<void> {
    await this.reload();
    await this.channel.publish(id);
  }

  /**
   * Checks `data` as a screen schema: the meta-schema and the checker's rules (the answer names
   * the field path and the rule), the table name's form, and that neither id nor table name is
   * a file screen's or another authored screen's. Returns the typed schema.
   */
  check(data: unknown, opts: { isNew: boolean }): ScreenSchema {
    const res = checkScreen(data, '', this.registry.knownWidgets);
    if (!res.ok) {
      const p = res.problems[0];
      throw new BizError(DESIGNER_TEXT.invalidSchema(p.path, p.message, res.problems.length));
    }
    const screen = res.screen;
    if (!/^[a-z][a-z0-9_]{1,62}$/.test(screen.tableName)) throw new BizError(DESIGNER_TEXT.badTableName(screen.tableName));
    const same = this.registry.get(screen.id);
    if (same && !same.authored) throw new BizError(DESIGNER_TEXT.builtIn(screen.id));
    if (opts.isNew && same) throw new BizError(DESIGNER_TEXT.idTaken(screen.id));
    const table = this.registry.byTableName(screen.tableName);
    // a view (viewOf) shares its owner's table; any other screen needs a table of its own
    if (table && table.screen.id !== screen.id && table.screen.id !== screen.viewOf)
      throw new BizError(DESIGNER_TEXT.tableTaken(screen.tableName));
    return screen;
  }

  /**
   * Saves a new (`isNew`) or changed authored screen: a change keeps the previous schema in
   * onl_cgform_head_history with its author and time, bumps tableVersion and marks the table
   * unsynced when the stored columns differ. Returns the new version. The head row is locked for
   * the transaction, so concurrent saves of one screen number their versions one after the other;
   * `expectedVersion` (the version the editor loaded; JeecgBoot clients send none) refuses a save
   * over a newer version. BizError on bad input or a stale version (nothing written).
   */
  async save(data: unknown, username: string, opts: { isNew: boolean; expectedVersion?: number }): Promise<number> {
    const screen = this.check(data, opts);
    const version = await inTransaction(this.db, async (trx) => {
      // the lock: a concurrent save of this screen waits here until this one commits
      await trx.selectFrom('onl_cgform_head').select('id').where('id', '=', screen.id).forUpdate().execute();
      const prev = await readAuthored(trx, screen.id);
      if (opts.isNew && prev) throw new BizError(DESIGNER_TEXT.idTaken(screen.id));
      if (!opts.isNew && !prev) throw new BizError(DESIGNER_TEXT.notFound(screen.id));
      if (prev && opts.expectedVersion !== undefined && prev.version !== opts.expectedVersion)
        throw new BizError(DESIGNER_TEXT.staleVersion(prev.version));
      await assertIndexNamesFree(
        trx,
        screen,
        this.registry.list().map((l) => l.screen),
      );
      const now = formatDateTime();
      // a sub screen's foreign-key row carries its main table (JeecgBoot main_table/main_field)
      const rows = screenToRows(screen, newId, mainLinkOf(this.registry.get(screen.id)));
      const next = prev ? prev.version + 1 : 1;
      // a view has no table of its own: its owner's sync state is what counts
      const synced = prev?.synced && (screen.viewOf || sameTable(prev.screen, screen)) ? 'Y' : 'N';
      if (prev) {
        await trx
          .insertInto('onl_cgform_head_history')
          .values({
            id: newId(),
            cgform_head_id: screen.id,
            table_version: prev.version,
            schema_json: JSON.stringify(prev.screen),
            create_by: prev.author,
            create_time: prev.time,
          })
          .execute();
        await deleteRows(trx, screen.id, false);
        await trx
          .updateTable('onl_cgform_head')
          .set({ ...rows.head, table_version: next, is_db_synch: synced, update_by: username, update_time: now })
          .where('id', '=', screen.id)
          .execute();
      } else {
        await trx
          .insertInto('onl_cgform_head')
          .values({
            ...rows.head,
            table_version: 1,
            is_db_synch: 'N',
            copy_type: screen.viewOf ? 1 : 0,
            copy_version: null,
            physic_id: screen.viewOf ?? null,
            create_by: username,
            create_time: now,
            update_by: null,
            update_time: null,
          })
          .execute();
      }
      const audit = { create_by: username, create_time: now, update_by: null, update_time: null };
      // 500 rows a statement: a screen of many fields stays under the 65 535 bound parameters of one statement
      for (let i = 0; i < rows.fields.length; i += 500)
        await trx
          .insertInto('onl_cgform_field')
          .values(rows.fields.slice(i, i + 500).map((f) => ({ ...f, ...audit })))
          .execute();
      if (rows.indexes.length)
        await trx
          .insertInto('onl_cgform_index')
          .values(rows.indexes.map((f) => ({ ...f, ...audit })))
          .execute();
      if (rows.buttons.length) await trx.insertInto('onl_cgform_button').values(rows.buttons).execute();
      await linkSubRows(trx, screen, prev?.screen);
      await ensureScreenButtons(trx, screen);
      // the registry must accept the result (ids, tables and sub-table links across screens)
      const others = (await loadAuthored(trx)).filter((a) => a.screen.id !== screen.id);
      const problems = this.registry.setAuthored([...others, { screen, version: next, synced: synced === 'Y' }]);
      if (problems.length) throw new BizError(problems[0]);
      return next;
    }).catch(async (e: unknown) => {
      await this.reload().catch(() => undefined);
      throw e;
    });
    await this.changed(screen.id);
    return version;
  }

  /** Marks the screen's table synced (after doDbSynch) and reloads. */
  async markSynced(id: string): Promise<void> {
    await this.db.updateTable('onl_cgform_head').set({ is_db_synch: 'Y' }).where('id', '=', id).execute();
    await this.changed(id);
  }

  /**
   * Deletes an authored screen's configuration and, with `dropTable`, that table, in one
   * transaction: a table that cannot be dropped (another object depends on it) keeps the
   * configuration too. BizError when unknown or when the table cannot be dropped.
   */
  async remove(id: string, opts: { dropTable?: string } = {}): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const head = await trx.selectFrom('onl_cgform_head').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!head) throw new BizError(DESIGNER_TEXT.notFound(id));
      await deleteRows(trx, id, true);
      if (opts.dropTable)
        await sql`drop table if exists ${sql.table(opts.dropTable)}`.execute(trx).catch((e: unknown) => {
          // 2BP01 dependent_objects_still_exist: a view or a foreign key of another table uses it
          if ((e as { code?: string }).code === '2BP01') throw new BizError(DESIGNER_TEXT.tableInUse(String(opts.dropTable)));
          throw e;
        });
    });
    await this.changed(id);
  }

  /** The replaced versions of a screen, newest first, and the current one. */
  async history(id: string): Promise<ScreenVersion[]> {
    const cur = await readAuthored(this.db, id);
    if (!cur) throw new BizError(DESIGNER_TEXT.notFound(id));
    const rows = await this.db
      .selectFrom('onl_cgform_head_history')
      .selectAll()
      .where('cgform_head_id', '=', id)
      .orderBy('table_version', 'desc')
      .execute();
    return [
      { version: cur.version, schema: cur.screen, author: cur.author, time: cur.time },
      ...rows.map((r) => ({
        version: r.table_version,
        schema: JSON.parse(r.schema_json) as ScreenSchema,
        author: r.create_by,
        time: r.create_time,
      })),
    ];
  }

  /** Saves version `version` again as a new version (a rollback); returns the new version. */
  async rollback(id: string, version: number, username: string): Promise<number> {
    const found = (await this.history(id)).find((v) => v.version === version);
    if (!found) throw new BizError(DESIGNER_TEXT.versionNotFound(version));
    return this.save(found.schema, username, { isNew: false });
  }
}

/** True when two schemas need the same table (same name and stored columns with their types). */
function sameTable(a: ScreenSchema, b: ScreenSchema): boolean {
  const cols = (s: ScreenSchema) =>
    JSON.stringify(
      s.fields
        .filter((f) => f.persist !== false)
        .map((f) => [f.name, f.dbType, f.dbLength ?? null, f.dbPointLength ?? null, f.unique ?? false]),
    );
  return a.tableName === b.tableName && cols(a) === cols(b);
}

async function deleteRows(trx: Db, id: string, withHead: boolean): Promise<void> {
  await trx.deleteFrom('onl_cgform_field').where('cgform_head_id', '=', id).execute();
  await trx.deleteFrom('onl_cgform_index').where('cgform_head_id', '=', id).execute();
  await trx.deleteFrom('onl_cgform_button').where('cgform_head_id', '=', id).execute();
  if (withHead) {
    await trx.deleteFrom('onl_cgform_enhance_js').where('cgform_head_id', '=', id).execute();
    await trx.deleteFrom('onl_cgform_head_history').where('cgform_head_id', '=', id).execute();
    await trx.deleteFrom('onl_cgform_head').where('id', '=', id).execute();
  }
}

/**
 * Writes a main screen's links onto its sub screens' stored field rows (JeecgBoot main_table /
 * main_field of the foreign-key field, as its 外键 tab reads them): rows pointing at the main
 * table as it was (`prev`) are cleared, each subTables entry's foreign-key row set.
 */
async function linkSubRows(trx: Db, screen: ScreenSchema, prev?: ScreenSchema): Promise<void> {
  if (!screen.subTables?.length && !prev?.subTables?.length) return;
  await trx
    .updateTable('onl_cgform_field')
    .set({ main_table: null, main_field: null })
    .where('main_table', 'in', [...new Set([prev?.tableName ?? screen.tableName, screen.tableName])])
    .execute();
  for (const st of screen.subTables ?? [])
    await trx
      .updateTable('onl_cgform_field')
      .set({ main_table: screen.tableName, main_field: 'id' })
      .where('cgform_head_id', '=', st.id)
      .where('db_field_name', '=', toColumn(st.foreignKey))
      .execute();
}
