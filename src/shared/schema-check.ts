import type { ErrorObject, ValidateFunction } from 'ajv';
import type { ScreenSchema } from './generated/screen-schema.js';
import validateScreenSchema from './generated/validate-screen.js';
import { RESERVED_FIELD_NAMES, toColumn } from './columns.js';
import { checkDeclarations } from './check-declarations.js';

export interface SchemaProblem {
  /** File (or source label) the schema came from. */
  file: string;
  /** JSON pointer of the offending value, e.g. /fields/3/widget. */
  path: string;
  message: string;
}

export type CheckResult = { ok: true; screen: ScreenSchema } | { ok: false; problems: SchemaProblem[] };

// ajv's validator for schemas/meta/screen.schema.json, generated at `npm run gen` (compiling the
// schema at run time cost a list's first opening 100–400 ms)
const validateMeta = validateScreenSchema as unknown as ValidateFunction<ScreenSchema>;

function ajvProblems(file: string, errors: ErrorObject[] | null | undefined): SchemaProblem[] {
  return (errors ?? []).map((e) => ({
    file,
    path: e.instancePath || '/',
    message: `${e.message ?? 'invalid'}${e.params && 'allowedValues' in e.params ? `: ${(e.params.allowedValues as unknown[]).join(', ')}` : ''}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`,
  }));
}

/**
 * Checks one screen schema: its shape against schemas/meta/screen.schema.json (ajv), then the
 * rules a JSON Schema cannot say — unique field names and columns, no reserved names, widget
 * types known to the registry (`knownWidgets`), regular-expression validTypes that compile,
 * a defaultSort column that exists, linkage conditions naming another existing field, a
 * department or user picker's default of the key it stores (#{sysOrgCode} needs extend.store orgCode). Returns the typed screen or the list of problems, each
 * naming the file, the path and the offending value.
 */
export function checkScreen(data: unknown, file: string, knownWidgets: ReadonlySet<string>): CheckResult {
  if (!validateMeta(data)) return { ok: false, problems: ajvProblems(file, validateMeta.errors) };
  const screen = data;
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  screen.fields.forEach((f, i) => {
    const at = `/fields/${i}`;
    const column = toColumn(f.name);
    if (seen.has(column)) problems.push({ file, path: `${at}/name`, message: `字段 ${f.name} 重复` });
    seen.add(column);
    if (RESERVED_FIELD_NAMES.includes(f.name))
      problems.push({ file, path: `${at}/name`, message: `字段名 ${f.name} 是系统字段，不能使用` });
    if (!knownWidgets.has(f.widget)) problems.push({ file, path: `${at}/widget`, message: `字段 ${f.name} 的控件类型 ${f.widget} 未注册` });
    // a picker's default must be the key it stores: #{sysOrgCode} is an org code, #{sysUserCode} a username
    const def = typeof f.defaultValue === 'string' ? f.defaultValue : '';
    if (f.widget === 'sel_depart' && /#\{sys_?org_?code\}/i.test(def) && f.extend?.store !== 'orgCode')
      problems.push({ file, path: `${at}/defaultValue`, message: `字段 ${f.name} 的默认值是部门编码，请设置 extend.store 为 orgCode` });
    if (f.widget === 'sel_user' && /#\{sys_?user_?code\}/i.test(def) && f.extend?.store === 'id')
      problems.push({ file, path: `${at}/defaultValue`, message: `字段 ${f.name} 的默认值是用户账号，不能与 extend.store id 同用` });
    if (f.validType && f.validType.length > 8 && !/^[a-z*0-9-]+$/.test(f.validType)) {
      try {
        new RegExp(f.validType);
      } catch {
        problems.push({ file, path: `${at}/validType`, message: `字段 ${f.name} 的校验正则无效：${f.validType}` });
      }
    }
  });
  // linkage conditions name another field of this screen
  const names = new Set(screen.fields.map((f) => f.name));
  screen.fields.forEach((f, i) =>
    (f.linkage ?? []).forEach((l, j) => {
      const path = `/fields/${i}/linkage/${j}/when/field`;
      if (!names.has(l.when.field)) problems.push({ file, path, message: `字段 ${f.name} 的联动条件字段 ${l.when.field} 不存在` });
      else if (l.when.field === f.name) problems.push({ file, path, message: `字段 ${f.name} 的联动条件不能引用自身` });
    }),
  );
  if (
    screen.defaultSort &&
    !seen.has(toColumn(screen.defaultSort.column)) &&
    !['create_time', 'update_time', 'id'].includes(toColumn(screen.defaultSort.column))
  ) {
    problems.push({ file, path: '/defaultSort/column', message: `排序字段 ${screen.defaultSort.column} 不存在` });
  }
  // tree tables: template tree and the tree settings go together and name existing fields
  if (screen.template === 'tree' && !screen.tree)
    problems.push({ file, path: '/tree', message: '树形列表需要配置 tree（pidField、hasChildField）' });
  if (screen.tree) {
    for (const key of ['pidField', 'hasChildField', 'textField'] as const) {
      const name = screen.tree[key];
      if (name && !seen.has(toColumn(name))) problems.push({ file, path: `/tree/${key}`, message: `树形字段 ${name} 不存在` });
    }
  }
  // sub tables only on main tables (the sub screens themselves are checked by the registry)
  if (screen.subTables?.length && screen.tableType !== 'main')
    problems.push({ file, path: '/subTables', message: '只有主表（tableType main）可以配置子表' });
  problems.push(...checkDeclarations(screen, file));
  return problems.length ? { ok: false, problems } : { ok: true, screen };
}

/** One line per problem: 'file /path: message'. */
export function formatProblems(problems: SchemaProblem[]): string {
  return problems.map((p) => `${p.file} ${p.path}: ${p.message}`).join('\n');
}
