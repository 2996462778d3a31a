import fs from 'node:fs';
import path from 'node:path';
import type { ScreenField, ScreenSchema } from '../../shared/generated/screen-schema.js';
import { checkScreen, formatProblems } from '../../shared/schema-check.js';
import { tableColumns, toColumn, persistedFields } from '../../shared/columns.js';
import { BUILTIN_WIDGET_TYPES } from '../../shared/widget-types.js';
import { screenDictionaryProblems } from './dict-check.js';
import { checkScreenReferences } from './schema-links.js';

/** A loaded screen plus what the engine derives from it once. */
export interface LoadedScreen {
  screen: ScreenSchema;
  file: string;
  columns: string[];
  /** column → field */
  byColumn: Map<string, ScreenField>;
  /**
   * The audit columns its table has (create_by, create_time, update_by, update_time,
   * sys_org_code): all of them for schema-owned tables; for migration-owned tables the ones
   * found by the DDL check at start (online/ddl.ts).
   */
  systemColumns: Set<string>;
  /** Main tables: their sub screens in tab order with the link (set by the registry's link check). */
  subs?: { loaded: LoadedScreen; link: SubTableLink }[];
  /** Sub tables: the main screen and the link naming the foreign key. */
  main?: { loaded: LoadedScreen; link: SubTableLink };
  /** Screens with `viewOf`: the screen that owns the table (its fields are the table's columns). */
  owner?: LoadedScreen;
  /** Screens authored in the designer (stored in onl_cgform_*): version and whether its table is synced. */
  authored?: { version: number; synced: boolean };
}

/** A screen authored in the designer, as the registry takes it (online/designer/store.ts). */
export interface AuthoredScreen {
  screen: ScreenSchema;
  version: number;
  synced: boolean;
}

/** One entry of a main screen's `subTables`. */
export type SubTableLink = NonNullable<ScreenSchema['subTables']>[number];

/** Audit columns the engine fills when the table has them. */
export const AUDIT_COLUMNS = ['create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code'] as const;

/** Folders of a schemas tree that hold no screen schemas: the meta schemas and the online reports. */
const NOT_SCREENS = new Set(['meta', 'reports']);

/** Lists every *.json file under `dir` except the meta and reports folders, sorted. */
export function listScreenFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (!NOT_SCREENS.has(e.name)) walk(p);
      } else if (e.name.endsWith('.json')) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * The screen schemas the server serves, read from `schemas/` at start and checked with the
 * same checker the client and the tests use. A bad file stops the start with a message naming
 * the file, the path and the problem; duplicate ids or table names, broken sub-table links and
 * table dictionaries that cannot resolve (dict-check.ts) likewise.
 */
export class ScreenRegistry {
  private byId = new Map<string, LoadedScreen>();
  private byTable = new Map<string, LoadedScreen>();
  /** View screens (viewOf), checked against their owner by checkLinks. */
  private views: LoadedScreen[] = [];
  /** The file screens, kept to rebuild the maps when the authored screens change. */
  private files: LoadedScreen[] = [];
  /** Widget types a screen may use: the built-in ones and the extra ones given at load. */
  knownWidgets: ReadonlySet<string> = new Set(BUILTIN_WIDGET_TYPES);

  /** Loads every screen file under each of `dirs`; throws an Error listing all problems. */
  static load(dirs: string | readonly string[], extraWidgets: readonly string[] = []): ScreenRegistry {
    const reg = new ScreenRegistry();
    const known = new Set<string>([...BUILTIN_WIDGET_TYPES, ...extraWidgets]);
    reg.knownWidgets = known;
    const errors: string[] = [];
    const files = (typeof dirs === 'string' ? [dirs] : dirs).flatMap((dir) =>
      listScreenFiles(dir).map((file) => ({ file, rel: path.relative(dir, file) })),
    );
    for (const { file, rel } of files) {
      let data: unknown;
      try {
        data = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (e) {
        errors.push(`${rel}: JSON 格式错误：${(e as Error).message}`);
        continue;
      }
      const res = checkScreen(data, rel, known);
      if (!res.ok) {
        errors.push(formatProblems(res.problems));
        continue;
      }
      try {
        reg.add(res.screen, rel);
      } catch (e) {
        errors.push((e as Error).message);
      }
    }
    if (!errors.length) errors.push(...reg.checkLinks(), ...checkScreenReferences(reg));
    // every table dictionary resolves (a table of the system or of a screen, with those columns)
    if (!errors.length) errors.push(...screenDictionaryProblems(reg));
    if (errors.length) throw new Error(`页面配置校验失败：\n${errors.join('\n')}`);
    reg.files = reg.list();
    return reg;
  }

  /**
   * Replaces the authored (database) screens served beside the file screens, at once for every
   * caller of this registry: each is checked like a file screen (meta-schema and rules), then
   * ids, table names and sub-table links across all screens. Returns the problems and leaves
   * the registry unchanged when there are any.
   */
  setAuthored(authored: readonly AuthoredScreen[]): string[] {
    const before = { byId: this.byId, byTable: this.byTable, views: this.views };
    const links = this.files.map((l) => ({ l, subs: l.subs, main: l.main, owner: l.owner }));
    this.byId = new Map();
    this.byTable = new Map();
    this.views = [];
    // the file screens as load left them, before their links are drawn again
    for (const l of this.files) {
      delete l.subs;
      delete l.main;
      delete l.owner;
      this.byId.set(l.screen.id, l);
      if (l.screen.viewOf) this.views.push(l);
      else this.byTable.set(l.screen.tableName, l);
    }
    const problems: string[] = [];
    for (const a of authored) {
      const file = `在线表单 ${a.screen.id}`;
      const res = checkScreen(a.screen, file, this.knownWidgets);
      if (!res.ok) {
        problems.push(formatProblems(res.problems));
        continue;
      }
      try {
        this.add(res.screen, file);
        (this.byId.get(a.screen.id) as LoadedScreen).authored = { version: a.version, synced: a.synced };
      } catch (e) {
        problems.push((e as Error).message);
      }
    }
    if (!problems.length) problems.push(...this.checkLinks(), ...checkScreenReferences(this));
    if (problems.length) {
      this.byId = before.byId;
      this.byTable = before.byTable;
      this.views = before.views;
      for (const { l, subs, main, owner } of links) {
        if (subs) l.subs = subs;
        else delete l.subs;
        if (main) l.main = main;
        else delete l.main;
        if (owner) l.owner = owner;
        else delete l.owner;
      }
    }
    return problems;
  }

  /**
   * Cross-file rules: each main table's sub tables exist, are sub tables, hold the named
   * foreign-key field, and belong to one main table only. Returns the problems found.
   */
  checkLinks(): string[] {
    const problems: string[] = [];
    for (const view of this.views) {
      const { screen, file } = view;
      const owner = this.byId.get(screen.viewOf!);
      if (!owner || owner.screen.viewOf) problems.push(`${file} /viewOf: 页面 ${screen.viewOf} 不存在或本身是视图页面`);
      else if (owner.screen.tableName !== screen.tableName)
        problems.push(`${file} /tableName: 应与 ${screen.viewOf} 的表名 ${owner.screen.tableName} 相同`);
      else {
        for (const [i, f] of screen.fields.entries()) {
          const o = owner.screen.fields.find((x) => x.name === f.name);
          if (!o || o.dbType !== f.dbType || o.dbLength !== f.dbLength || o.dbPointLength !== f.dbPointLength)
            problems.push(`${file} /fields/${i}: 字段 ${f.name} 应与 ${screen.viewOf} 中的同名字段类型、长度一致`);
        }
        view.owner = owner;
      }
    }
    const owner = new Map<string, string>();
    for (const { screen, file } of [...this.byId.values()]) {
      for (const [i, st] of (screen.subTables ?? []).entries()) {
        const sub = this.byId.get(st.id);
        const at = `${file} /subTables/${i}`;
        if (!sub) problems.push(`${at}: 子表 ${st.id} 不存在`);
        else if (sub.screen.tableType !== 'sub') problems.push(`${at}: ${st.id} 不是子表（tableType sub）`);
        else if (!sub.screen.fields.some((f) => f.name === st.foreignKey))
          problems.push(`${at}: 子表 ${st.id} 没有外键字段 ${st.foreignKey}`);
        else if (owner.has(st.id)) problems.push(`${at}: 子表 ${st.id} 已属于主表 ${owner.get(st.id)}`);
        else {
          owner.set(st.id, screen.id);
          const main = this.byId.get(screen.id) as LoadedScreen;
          (main.subs ??= []).push({ loaded: sub, link: st });
          sub.main = { loaded: main, link: st };
        }
      }
    }
    return problems;
  }

  /** Adds one checked screen; throws when its id or table is taken. */
  add(screen: ScreenSchema, file = screen.id): void {
    if (this.byId.has(screen.id)) throw new Error(`${file}: 页面编码 ${screen.id} 重复`);
    if (!screen.viewOf && this.byTable.has(screen.tableName)) throw new Error(`${file}: 表名 ${screen.tableName} 重复`);
    const loaded: LoadedScreen = {
      screen,
      file,
      columns: tableColumns(screen),
      byColumn: new Map(persistedFields(screen).map((f) => [toColumn(f.name), f])),
      systemColumns: new Set(AUDIT_COLUMNS),
    };
    this.byId.set(screen.id, loaded);
    // a view (viewOf) shares its owner's table: the owner answers for the table
    if (screen.viewOf) this.views.push(loaded);
    else this.byTable.set(screen.tableName, loaded);
  }

  get(id: string): LoadedScreen | undefined {
    return this.byId.get(id);
  }

  byTableName(table: string): LoadedScreen | undefined {
    return this.byTable.get(table);
  }

  list(): LoadedScreen[] {
    return [...this.byId.values()];
  }

  /** Columns of a screen table (for table-dictionary checks); undefined for unknown tables. */
  columnsOf = (table: string): readonly string[] | undefined => this.byTable.get(table)?.columns;
}
