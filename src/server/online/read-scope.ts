import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../context.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import { BizError, ForbiddenError } from '../http/envelope.js';
import { sameTenant, tenantOf } from '../modules/tenant/tenant-scope.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import type { LoadedScreen } from './screen-registry.js';
import { screenMenuUrl } from './screen-endpoints.js';
import { translationDict } from './dict-fields.js';
import { CGREPORT_MENU, CGREPORT_PREVIEW, reportMenuUrl } from './cgreport/report-files.js';
import { parseTableDict } from '../modules/dict/table-dict.js';

type Cond = RawBuilder<unknown>;
type Row = Record<string, unknown>;

/**
 * What a data path asks to read from one table: the text and code columns and every other
 * column it reads or filters on (tree parent, has-child flag, condition keys, the checked field).
 */
export interface TableRead {
  table: string;
  text: string;
  code: string;
  /** Further columns read or filtered on. */
  extra?: readonly string[];
}

declare const granted: unique symbol;

/**
 * A read the gate allowed: the table and the row conditions (tenant, data rules, live rows) every
 * query of that read must AND in. Only this module makes one, so a function that takes a
 * ReadScope cannot be called without passing the gate.
 */
export interface ReadScope {
  readonly table: string;
  readonly conds: readonly Cond[];
  readonly [granted]: true;
}

/** The message of a table or column that is no readable dictionary at all. */
export const READ_TEXT = { badDict: '字典Code格式不正确！' } as const;

const IDENT = /^[a-z][a-z0-9_]{0,62}$/;
/** Credential columns are never readable through a dictionary, whoever asks. */
const CREDENTIAL = /(password|passwd|salt|secret|token)/i;

/** One allowed (table, text, code) triple over a system table, with the tree columns it may use. */
interface SystemTriple {
  table: string;
  text: string;
  code: string;
  pid?: string;
  hasChild?: string;
}

/**
 * The system-table dictionaries any signed-in user may read (the pickers' and system fields'
 * own dictionaries): exactly these (table, text, code) triples; any other read of a system table
 * needs that table's screen menu. Names and codes only — never contact data or file paths.
 */
export const SYSTEM_DICT_TRIPLES: readonly SystemTriple[] = [
  { table: 'sys_user', text: 'realname', code: 'username' },
  { table: 'sys_user', text: 'realname', code: 'id' },
  { table: 'sys_user', text: 'username', code: 'id' },
  { table: 'sys_user', text: 'username', code: 'username' },
  { table: 'sys_depart', text: 'depart_name', code: 'id', pid: 'parent_id' },
  { table: 'sys_depart', text: 'depart_name', code: 'org_code', pid: 'parent_id' },
  { table: 'sys_role', text: 'role_name', code: 'id' },
  { table: 'sys_role', text: 'role_name', code: 'role_code' },
  { table: 'sys_position', text: 'name', code: 'code' },
  { table: 'sys_position', text: 'name', code: 'id' },
  { table: 'sys_category', text: 'name', code: 'id', pid: 'pid', hasChild: 'has_child' },
  { table: 'sys_category', text: 'name', code: 'code', pid: 'pid', hasChild: 'has_child' },
  { table: 'sys_area', text: 'text', code: 'id', pid: 'pid' },
  { table: 'sys_dict', text: 'dict_name', code: 'id' },
  { table: 'sys_dict', text: 'dict_name', code: 'dict_code' },
  { table: 'sys_os', text: 'os_name', code: 'id', pid: 'parent_id' },
  { table: 'sys_os', text: 'os_name', code: 'os_code', pid: 'parent_id' },
];

/** Row conditions of the allow-listed system tables: live rows, and the request's tenant where the table has one. */
function systemRowScope(table: string, user: SessionUser): Cond[] {
  switch (table) {
    case 'sys_user':
      return [sql`del_flag = 0`, sql`username <> '_reserve_user_external'`, ...userTenantScope(user)];
    case 'sys_depart':
      return [sql`coalesce(del_flag, '0') = '0'`, sameTenant(user)];
    case 'sys_role':
      return [sameTenant(user)];
    case 'sys_dict':
      return [sql`del_flag = 0`];
    default:
      return [];
  }
}

/**
 * The users of the request's tenant (`sys_user.rel_tenant_ids` holds it); no tenant (0): no
 * condition. `column` is a column reference from code.
 */
export function userTenantScope(user: Pick<SessionUser, 'tenantId'>, column = 'rel_tenant_ids'): Cond[] {
  const t = tenantOf(user);
  if (!t) return [];
  return [sql`(',' || coalesce(${sql.ref(column)}, '') || ',') like ${`%,${t},%`}`];
}

const make = (table: string, conds: Cond[]): ReadScope => ({ table, conds }) as unknown as ReadScope;

/** The screen whose menu grants reading `loaded` (a sub table's: its main table's). */
const owner = (loaded: LoadedScreen): LoadedScreen => loaded.main?.loaded ?? loaded;

/** A table read a field declares: the table and every column its widget reads or filters on. */
interface Declared {
  table: string;
  columns: Set<string>;
}

const declaredCache = new WeakMap<LoadedScreen, Declared[]>();

function conditionKeys(condition: unknown): string[] {
  if (typeof condition !== 'string' || !condition) return [];
  try {
    const parsed = JSON.parse(condition) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : [];
  } catch {
    return [];
  }
}

/** The table reads one field declares (table dictionary, tree dictionary, linked select). */
function declaredBy(f: ScreenField): Declared[] {
  const out: Declared[] = [];
  const dict = translationDict(f);
  const ref = dict?.includes(',') ? parseTableDict(dict) : null;
  if (ref) {
    const cols = new Set([ref.text, ref.code, ...(ref.condition ?? []).map((t) => t.column)]);
    if (f.widget === 'sel_tree') {
      cols.add(f.extend?.pidField ?? 'pid');
      if (f.extend?.hasChildField) cols.add(f.extend.hasChildField);
      for (const k of conditionKeys(f.extend?.condition)) cols.add(k);
    }
    out.push({ table: ref.table, columns: cols });
  }
  const ld = f.widget === 'link_down' ? f.extend?.linkDown : undefined;
  if (ld) out.push({ table: ld.table, columns: new Set([ld.txt, ld.key, ld.idField ?? ld.key, ld.pidField]) });
  return out;
}

function declaredReads(loaded: LoadedScreen): Declared[] {
  let hit = declaredCache.get(loaded);
  if (!hit) {
    hit = loaded.screen.fields.flatMap(declaredBy);
    declaredCache.set(loaded, hit);
  }
  return hit;
}

/** The row conditions of a screen for a user: every listScope hook (tenant, data rules, live rows…). */
export async function screenRowScope(ctx: AppContext, user: SessionUser, loaded: LoadedScreen, params: Row = {}): Promise<Cond[]> {
  const out: Cond[] = [];
  for (const h of ctx.hooks.of(loaded.screen.id)) if (h.listScope) out.push(...(await h.listScope({ user, params })));
  return out;
}

/** True when the user holds the menu of the screen that owns `loaded`. */
export async function canReadScreen(ctx: AppContext, user: SessionUser, loaded: LoadedScreen): Promise<boolean> {
  return (await ctx.perms.grantsOf(user.id)).menuUrls.has(screenMenuUrl(owner(loaded).screen));
}

/**
 * The one gate of every data read that names a table from the request (dictionary helpers,
 * linked-select options, tree data, the duplicate check; docs/architecture.md "Permission
 * model"). Allowed when:
 * - the read is one of the system dictionaries of {@link SYSTEM_DICT_TRIPLES} (any signed-in
 *   user; rows of the request's tenant, live rows only);
 * - or the table is a screen's and every column is one of its columns, and the user holds that
 *   screen's menu (a sub table's: its main table's) or a screen the user can read declares this
 *   very read in a field (table dictionary, tree dictionary, linked select); rows are those of
 *   the screen's list scope (tenant, data rules, live rows).
 * Identifiers are checked, credential columns never pass. Returns the ReadScope whose
 * conditions the caller must AND into its query. Throws BizError 字典Code格式不正确！ for a
 * table or column that is no readable dictionary at all, ForbiddenError (403) when the user may
 * not read a screen's table.
 */
export async function tableReadScope(ctx: AppContext, user: SessionUser, read: TableRead): Promise<ReadScope> {
  const columns = [read.text, read.code, ...(read.extra ?? [])];
  if (!IDENT.test(read.table) || columns.some((c) => !IDENT.test(c) || CREDENTIAL.test(c))) throw new BizError(READ_TEXT.badDict);
  const triple = SYSTEM_DICT_TRIPLES.find((t) => t.table === read.table && t.text === read.text && t.code === read.code);
  if (triple) {
    const allowed = new Set([triple.text, triple.code, 'id', triple.pid, triple.hasChild].filter(Boolean));
    if (columns.every((c) => allowed.has(c))) return make(read.table, systemRowScope(read.table, user));
  }
  const loaded = ctx.screens.byTableName(read.table);
  // a system table outside its allow-listed triples, an unknown table or column
  if (!loaded || columns.some((c) => !loaded.columns.includes(c))) throw new BizError(READ_TEXT.badDict);
  if (!(await canReadScreen(ctx, user, loaded)) && !(await declaredForUser(ctx, user, read.table, columns))) throw new ForbiddenError();
  return make(read.table, await screenRowScope(ctx, user, loaded));
}

/** True when a screen the user can read declares a read of `table` covering all `columns`. */
async function declaredForUser(ctx: AppContext, user: SessionUser, table: string, columns: readonly string[]): Promise<boolean> {
  const menus = (await ctx.perms.grantsOf(user.id)).menuUrls;
  for (const loaded of ctx.screens.list()) {
    const covers = declaredReads(loaded).some((d) => d.table === table && columns.every((c) => d.columns.has(c)));
    if (covers && menus.has(screenMenuUrl(owner(loaded).screen))) return true;
  }
  return false;
}

/**
 * The scope of a screen's own rows for a read the screen's menu grants (list, detail, sub rows,
 * the duplicate check): throws ForbiddenError unless the user holds the menu, then returns the
 * screen's row conditions.
 */
export async function screenReadScope(ctx: AppContext, user: SessionUser, loaded: LoadedScreen, params: Row = {}): Promise<ReadScope> {
  if (!(await canReadScreen(ctx, user, loaded))) throw new ForbiddenError();
  return make(loaded.screen.tableName, await screenRowScope(ctx, user, loaded, params));
}

/**
 * The scope of a table dictionary an authorised definition declares (an online report's item
 * dictionary, read after the report itself passed its gate): the identifiers are checked as in
 * {@link tableReadScope} and the rows are limited the same way, without a menu check of the
 * target screen. Throws BizError for a table or column that is no readable dictionary.
 */
export async function declaredReadScope(ctx: AppContext, user: SessionUser, read: TableRead): Promise<ReadScope> {
  const columns = [read.text, read.code, ...(read.extra ?? [])];
  if (!IDENT.test(read.table) || columns.some((c) => !IDENT.test(c) || CREDENTIAL.test(c))) throw new BizError(READ_TEXT.badDict);
  const triple = SYSTEM_DICT_TRIPLES.find((t) => t.table === read.table && t.text === read.text && t.code === read.code);
  if (triple) return make(read.table, systemRowScope(read.table, user));
  const loaded = ctx.screens.byTableName(read.table);
  if (!loaded || columns.some((c) => !loaded.columns.includes(c))) throw new BizError(READ_TEXT.badDict);
  return make(read.table, await screenRowScope(ctx, user, loaded));
}

/**
 * Whether the user may read an online report (the report API passes this gate before any
 * column or row): one of its permission menus, its own menu (`/online/cgreport/{id}`), the report
 * designer's menu with its preview button (`online:report:preview`), or a
 * screen the user can read whose popup field names the report (the field declares that read).
 */
export async function canReadReport(
  ctx: AppContext,
  user: SessionUser,
  head: { id: string; code: string; perms: string | null },
): Promise<boolean> {
  const menus = (await ctx.perms.grantsOf(user.id)).menuUrls;
  if (head.perms?.split(',').some((p) => menus.has(p.trim()))) return true;
  if (menus.has(reportMenuUrl(head.id))) return true;
  // the report designer's preview: its menu and the preview button (the designer runs any SQL under the same guards)
  if (menus.has(CGREPORT_MENU) && (await ctx.perms.canButton(user, CGREPORT_PREVIEW))) return true;
  // a popup field declares the read, as a table dictionary field does
  return ctx.screens
    .list()
    .some(
      (l) =>
        l.screen.fields.some((f) => f.widget === 'popup' && (f.extend?.popupCode === head.code || f.extend?.popupCode === head.id)) &&
        menus.has(screenMenuUrl(owner(l).screen)),
    );
}

/** `where` clause of a scope plus further conditions (`sql\`\`` when there are none). */
export function whereOf(scope: ReadScope, more: readonly Cond[] = []): RawBuilder<unknown> {
  const all = [...more, ...scope.conds];
  return all.length ? sql`where ${sql.join(all, sql` and `)}` : sql``;
}
