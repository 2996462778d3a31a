import type { Db } from '../db/connection.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import type { DictService } from '../modules/dict/dict-service.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import type { LoadedScreen } from './screen-registry.js';
import { CountCache } from './count-cache.js';
import { ScreenHookRegistry, type ScreenHooks } from './screen-hooks.js';
import { RecordReader } from './record-read.js';
import { RecordWriter } from './record-write.js';
import type { ScreenRegistry } from './screen-registry.js';
import { ComputeEngine } from './compute/engine.js';
import type { RawBuilder } from 'kysely';

type Row = Record<string, unknown>;

/**
 * The generic CRUD of one screen table (spec 7.3, api-contract §7.2): reading
 * (record-read.ts), writing (record-write.ts), the one validation step of every write
 * (record-validation.ts) and the tree flags (record-tree.ts). Every identifier comes from the
 * screen schema; every value is bound; writes run in a transaction.
 */
export class RecordService {
  private readonly reader: RecordReader;
  private readonly writer: RecordWriter;
  /** Computed fields and their dependents (null without a screen registry: plain CRUD only). */
  readonly compute: ComputeEngine | null;

  constructor(
    db: Db,
    dicts: DictService,
    private readonly counts: CountCache = new CountCache(false),
    hooks: ScreenHookRegistry = new ScreenHookRegistry(),
    screens?: ScreenRegistry,
  ) {
    this.compute = screens ? new ComputeEngine(screens) : null;
    const deps = { db, dicts, counts, hooks, screens, compute: this.compute };
    this.reader = new RecordReader(deps);
    this.writer = new RecordWriter(deps, this.reader);
  }

  /** The screens' listScope conditions for this user: tenant, data rules, fixed values …; every data path applies them. */
  scope(loaded: LoadedScreen, user: SessionUser | undefined, params: Row): Promise<RawBuilder<unknown>[]> {
    return this.reader.scope(loaded, user, params);
  }

  /** The module hooks of a screen (online/screen-hooks.ts), in registration order. */
  hooksOf(loaded: LoadedScreen): readonly ScreenHooks[] {
    return this.reader.hooksOf(loaded);
  }

  /** Drops the cached list counts of a screen's table (after a write made outside add/edit/remove, e.g. a status action). */
  bump(loaded: LoadedScreen): void {
    this.counts.bump(loaded.screen.tableName);
  }

  /** See {@link RecordReader.page}. */
  page(loaded: LoadedScreen, params: Record<string, unknown>, user?: SessionUser) {
    return this.reader.page(loaded, params, user);
  }

  /** See {@link RecordReader.get}. */
  get(loaded: LoadedScreen, id: string, user?: SessionUser): Promise<Row> {
    return this.reader.get(loaded, id, user);
  }

  /** See {@link RecordReader.translate}. */
  translate(loaded: LoadedScreen, rows: Row[]): Promise<void> {
    return this.reader.translate(loaded, rows);
  }

  /** See {@link RecordWriter.prepareNew}. */
  prepareNew(loaded: LoadedScreen, body: Row, user: SessionUser, disabled?: Set<string>, generated?: Map<ScreenField, string>) {
    return this.writer.prepareNew(loaded, body, user, disabled, generated);
  }

  /** See {@link RecordWriter.add}. */
  add(loaded: LoadedScreen, body: Row, user: SessionUser, disabled: Set<string>): Promise<string> {
    return this.writer.add(loaded, body, user, disabled);
  }

  /** See {@link RecordWriter.insertPrepared}. */
  insertPrepared(loaded: LoadedScreen, items: { row: Row; body: Row }[], user: SessionUser, after?: (trx: Db) => Promise<string[]>) {
    return this.writer.insertPrepared(loaded, items, user, after);
  }

  /** See {@link RecordWriter.edit}. */
  edit(loaded: LoadedScreen, body: Row, user: SessionUser, disabled: Set<string>): Promise<void> {
    return this.writer.edit(loaded, body, user, disabled);
  }

  /** See {@link RecordWriter.remove}. */
  remove(loaded: LoadedScreen, ids: string[], user?: SessionUser): Promise<number> {
    return this.writer.remove(loaded, ids, user);
  }
}
