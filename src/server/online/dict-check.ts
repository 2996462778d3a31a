import type { Db } from '../db/connection.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { SYSTEM_DICT_TABLES, isAllowedTableDict, parseTableDict } from '../modules/dict/table-dict.js';
import type { ReportFile } from './cgreport/report-files.js';
import type { ScreenRegistry } from './screen-registry.js';

/** One dictionary a screen field or a report column reads, with where it is written. */
export interface DictUse {
  /** file and JSON pointer, e.g. `finance/fin_bank_account.json /fields/7/dictCode` */
  at: string;
  /** 页面「银行账户」字段「关联项目」(projectId) — who uses it, for the message */
  owner: string;
  dictCode: string;
  /** further columns the widget reads from the same table (tree parent, has-child flag) */
  columns?: string[];
}

/** The dictionaries a field reads: its dictCode, its linkage dictCodes, a tree or linked-select table. */
function fieldDictionaries(f: ScreenField, at: string, owner: string): DictUse[] {
  const out: DictUse[] = [];
  if (f.dictCode) out.push({ at: `${at}/dictCode`, owner, dictCode: f.dictCode });
  (f.linkage ?? []).forEach((l, j) => {
    if (l.then.dictCode) out.push({ at: `${at}/linkage/${j}/then/dictCode`, owner, dictCode: l.then.dictCode });
  });
  const ext = f.extend;
  if (f.widget === 'sel_tree' && ext?.dict)
    out.push({
      at: `${at}/extend/dict`,
      owner,
      dictCode: ext.dict,
      columns: [ext.pidField ?? 'pid', ...(ext.hasChildField ? [ext.hasChildField] : [])],
    });
  if (f.widget === 'link_down' && ext?.linkDown) {
    const ld = ext.linkDown;
    out.push({ at: `${at}/extend/linkDown`, owner, dictCode: `${ld.table},${ld.txt},${ld.key}`, columns: [ld.pidField] });
  }
  return out;
}

/** Every dictionary of the screens of `screens` (when `withScreens`) and of the report files. */
export function dictionaryUses(screens: ScreenRegistry, reports: readonly ReportFile[] = [], withScreens = true): DictUse[] {
  const out: DictUse[] = [];
  if (withScreens)
    for (const { screen, file } of screens.list())
      screen.fields.forEach((f, i) =>
        out.push(...fieldDictionaries(f, `${file} /fields/${i}`, `页面「${screen.title}」(${screen.id}) 字段「${f.title}」(${f.name})`)),
      );
  for (const r of reports)
    r.columns.forEach((c, i) => {
      if (c.dictCode)
        out.push({
          at: `reports/${r.code}.json /columns/${i}/dictCode`,
          owner: `报表「${r.name}」(${r.code}) 列「${c.title}」(${c.field})`,
          dictCode: c.dictCode,
        });
    });
  return out;
}

/** Why a table dictionary cannot be read, or null when it can. */
function tableDictProblem(use: DictUse, screens: ScreenRegistry): string | null {
  const ref = parseTableDict(use.dictCode);
  if (!ref) return '格式应为 表名,显示字段,存储字段';
  const cols = SYSTEM_DICT_TABLES[ref.table] ?? screens.columnsOf(ref.table);
  if (!cols) return `表 ${ref.table} 不存在（既不是系统表，也不是任何页面的表）`;
  const missing = [ref.text, ref.code, ...(use.columns ?? [])].filter((c) => !cols.includes(c));
  if (missing.length) return `表 ${ref.table} 没有字段 ${missing.join('、')}`;
  if (!isAllowedTableDict(ref, screens.columnsOf)) return `字段 ${ref.text}、${ref.code} 不可用作字典`;
  return null;
}

/** Problem lines of the table dictionaries among `uses`. */
function tableProblems(uses: DictUse[], screens: ScreenRegistry): string[] {
  const out: string[] = [];
  for (const use of uses) {
    if (!use.dictCode.includes(',') && !use.columns) continue;
    const why = tableDictProblem(use, screens);
    if (why) out.push(`${use.at}: ${use.owner} 的字典 ${use.dictCode} 无法解析：${why}`);
  }
  return out;
}

/**
 * The table dictionaries (`table,text,code`, tree and linked-select tables) of every screen that
 * cannot resolve — an unknown table or column, or a credential column — one line each naming
 * the file, the screen, the field and the dictionary. ScreenRegistry.load (the start, `npm run
 * lint`) refuses a schema with any: its list and form would answer 字典Code格式不正确！.
 */
export function screenDictionaryProblems(screens: ScreenRegistry): string[] {
  return tableProblems(dictionaryUses(screens), screens);
}

/** The same for the report files' column dictionaries (over the loaded screens' tables). */
export function reportDictionaryProblems(screens: ScreenRegistry, reports: readonly ReportFile[]): string[] {
  return tableProblems(dictionaryUses(screens, reports, false), screens);
}

/**
 * Plain dictionary codes used by screens or reports that sys_dict does not hold (after the
 * seed): one line each naming the screen, the field and the code. An admin may create such a
 * dictionary later (or have deleted it), so the start logs these instead of refusing.
 */
export async function unknownPlainDictionaries(db: Db, screens: ScreenRegistry, reports: readonly ReportFile[] = []): Promise<string[]> {
  const known = new Set((await db.selectFrom('sys_dict').select('dict_code').where('del_flag', '=', 0).execute()).map((r) => r.dict_code));
  return dictionaryUses(screens, reports)
    .filter((u) => !u.dictCode.includes(',') && !known.has(u.dictCode))
    .map((u) => `${u.at}: ${u.owner} 的字典 ${u.dictCode} 不存在（请在 系统管理 → 数据字典 中添加）`);
}
