import { permissionRow } from '../../modules/permission/permission-row.js';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import Ajv from 'ajv';
import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import metaSchema from '../../../../schemas/meta/report.schema.json';
import { checkReportSql } from './report-sql.js';
import { REPORT_TEXT } from './texts.js';
import { inTransaction } from '../../db/transaction.js';
import { insertReportRows } from './report-rows.js';

/** Menu url of the online report designer (Online报表配置); its holders list the reports, its buttons author and preview them. */
export const CGREPORT_MENU = '/online/cgreport';
/** The report designer's preview button: with the designer's menu it grants reading every report. */
export const CGREPORT_PREVIEW = 'online:report:preview';

/** Menu url of a report's list page (api-contract §8). */
export function reportMenuUrl(id: string): string {
  return `/online/cgreport/${id}`;
}

/** Client component of a report's list page (JeecgBoot's online report auto list). */
export const REPORT_LIST_COMPONENT = 'modules/online/cgreport/auto/OnlCgreportAutoList';

/** One report file under schemas/reports/ (schemas/meta/report.schema.json). */
export interface ReportFile {
  id?: string;
  code: string;
  name: string;
  sql: string;
  permission?: string;
  dbSource?: string;
  menu?: { parent: string; sortNo: number; icon?: string };
  returnValField?: string;
  returnTxtField?: string;
  columns: {
    field: string;
    title: string;
    type?: 'String' | 'Integer' | 'Long' | 'Double' | 'Date' | 'Datetime' | 'DownLoad' | 'Image';
    show?: boolean;
    search?: boolean;
    searchMode?: 'single' | 'group';
    sortable?: boolean;
    dictCode?: string;
    width?: number;
    href?: string;
    total?: boolean;
  }[];
  params?: { name: string; title: string; default?: string }[];
  cards?: ReportCard[];
  charts?: ReportChart[];
}

/** A KPI card of a report screen (schemas/meta/report.schema.json ReportCard). */
export interface ReportCard {
  key: string;
  title: string;
  sql: string;
  format?: 'int' | 'money' | 'percent';
  suffix?: string;
}

/** A chart of a report screen (schemas/meta/report.schema.json ReportChart). */
export interface ReportChart {
  key: string;
  title: string;
  type: 'pie' | 'bar' | 'line' | 'barLine';
  sql: string;
  x: string;
  series: { field: string; title: string; type?: 'bar' | 'line' }[];
  span?: number;
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validate = ajv.compile<ReportFile>(metaSchema as object);

/**
 * Checks one report definition: its shape against schemas/meta/report.schema.json, then its
 * SQL (checkReportSql: one SELECT, no writes, locks or credential columns), unique column
 * names, and return fields that are columns. Returns the problems, each naming the file.
 */
export function checkReportFile(data: unknown, file: string): { report?: ReportFile; problems: string[] } {
  if (!validate(data)) {
    return { problems: (validate.errors ?? []).map((e) => `${file} ${e.instancePath || '/'}: ${e.message ?? 'invalid'}`) };
  }
  const problems: string[] = [];
  const sqlProblem = checkReportSql(data.sql);
  if (sqlProblem) problems.push(`${file} /sql: ${sqlProblem}`);
  for (const k of ['cards', 'charts'] as const)
    (data[k] ?? []).forEach((c, i) => {
      const p = checkReportSql(c.sql);
      if (p) problems.push(`${file} /${k}/${i}/sql: ${p}`);
    });
  const fields = new Set<string>();
  data.columns.forEach((c, i) => {
    if (fields.has(c.field)) problems.push(`${file} /columns/${i}/field: 字段 ${c.field} 重复`);
    fields.add(c.field);
  });
  for (const k of ['returnValField', 'returnTxtField'] as const) {
    const v = data[k];
    if (v && !fields.has(v)) problems.push(`${file} /${k}: 字段 ${v} 不在报表列中`);
  }
  return problems.length ? { problems } : { report: data, problems };
}

/** Lists the report files of every schemas folder (`<dir>/reports/**.json`), sorted. */
export function listReportFiles(dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) out.push(p);
    }
  };
  for (const dir of dirs) {
    const reports = path.join(dir, 'reports');
    if (fs.existsSync(reports)) walk(reports);
  }
  return out.sort();
}

/** Reads and checks every report file; throws an Error listing all problems (the start stops, as for screens). */
export function loadReportFiles(dirs: readonly string[]): ReportFile[] {
  const out: ReportFile[] = [];
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const file of listReportFiles(dirs)) {
    const rel = path.basename(path.dirname(file)) + '/' + path.basename(file);
    let data: unknown;
    try {
      data = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (e) {
      problems.push(`${rel}: JSON 格式错误：${(e as Error).message}`);
      continue;
    }
    const res = checkReportFile(data, rel);
    if (!res.report) {
      problems.push(...res.problems);
      continue;
    }
    for (const k of new Set([res.report.code, res.report.id ?? res.report.code])) {
      if (keys.has(k)) problems.push(REPORT_TEXT.duplicate(rel, k));
      keys.add(k);
    }
    out.push(res.report);
  }
  if (problems.length) throw new Error(REPORT_TEXT.fileProblems(problems.join('\n')));
  return out;
}

/**
 * Seeds the report files into onl_cgreport_head/_item/_param (api-contract §8): the read
 * permission is the file's permission, else the report's own menu; a report with neither is read
 * by the users of the screens whose popup fields pick from it (online/read-scope.ts canReadReport,
 * decided at each request so screens authored later count too). A missing
 * report is inserted; a stored one nobody edited online (update_by empty) follows its file
 * when the file changed; an edited one is left alone. One transaction per report.
 */
export async function syncReports(db: Db, reports: readonly ReportFile[]): Promise<void> {
  for (const r of reports) {
    // who may read it: the file's permission, else its own menu (else the read gate's popup rule)
    const perms = r.permission ?? (r.menu ? reportMenuUrl(r.id ?? r.code) : null);
    const hash = createHash('sha256').update(JSON.stringify({ r, perms })).digest('hex');
    const id = r.id ?? r.code;
    const stored = await db
      .selectFrom('onl_cgreport_head')
      .select(['id', 'update_by', 'source_hash'])
      .where('code', '=', r.code)
      .executeTakeFirst();
    if (stored && (stored.update_by || stored.source_hash === hash)) continue;
    const now = formatDateTime();
    await inTransaction(db, async (trx) => {
      const headId = stored?.id ?? id;
      if (stored) {
        await trx.deleteFrom('onl_cgreport_item').where('cgrhead_id', '=', headId).execute();
        await trx.deleteFrom('onl_cgreport_param').where('cgrhead_id', '=', headId).execute();
        await trx.deleteFrom('onl_cgreport_head').where('id', '=', headId).execute();
      }
      await trx
        .insertInto('onl_cgreport_head')
        .values({
          id: headId,
          code: r.code,
          name: r.name,
          cgr_sql: r.sql,
          db_source: r.dbSource ?? null,
          return_val_field: r.returnValField ?? null,
          return_txt_field: r.returnTxtField ?? null,
          return_type: '1',
          content: null,
          perms,
          source_hash: hash,
          dashboard: r.cards?.length || r.charts?.length ? JSON.stringify({ cards: r.cards ?? [], charts: r.charts ?? [] }) : null,
          create_by: 'admin',
          create_time: now,
          update_by: null,
          update_time: null,
        })
        .execute();
      await insertReportRows(trx, headId, r, { create_by: 'admin', create_time: now, update_by: null, update_time: null });
    });
  }
  await syncReportMenus(db, reports);
}

/**
 * The menu entries of reports that ask for one (`menu`): created when missing under their
 * group (a menu group's component_name), granted to the admin role and to the roles holding the
 * report's `permission` menu (who may read it already); an existing entry is left as an admin
 * may have changed it.
 */
async function syncReportMenus(db: Db, reports: readonly ReportFile[]): Promise<void> {
  const wanted = reports.filter((r) => r.menu);
  if (!wanted.length) return;
  const now = formatDateTime();
  await inTransaction(db, async (trx) => {
    const admin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst();
    for (const r of wanted) {
      const url = reportMenuUrl(r.id ?? r.code);
      if (await trx.selectFrom('sys_permission').select('id').where('url', '=', url).executeTakeFirst()) continue;
      const group = await trx
        .selectFrom('sys_permission')
        .select('id')
        .where('component_name', '=', r.menu!.parent)
        .where('menu_type', 'in', [0, 1])
        .where('component', '=', 'layouts/RouteView')
        .executeTakeFirst();
      const id = newId();
      await trx
        .insertInto('sys_permission')
        .values(
          permissionRow({
            id,
            parent_id: group?.id ?? null,
            name: r.name,
            url,
            component: REPORT_LIST_COMPONENT,
            menu_type: group ? 1 : 0,
            sort_no: r.menu!.sortNo,
            icon: r.menu!.icon ?? null,
            keep_alive: true,
            // a menu item only: the hidden /online/cgreport/:code route serves it (as JeecgBoot)
            is_route: false,
            create_time: now,
          }),
        )
        .execute();
      if (group) await trx.updateTable('sys_permission').set({ is_leaf: false }).where('id', '=', group.id).execute();
      // admin, and every role that may read the report already (holders of its permission menu)
      const readers = r.permission
        ? await trx
            .selectFrom('sys_role_permission as rp')
            .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
            .select('rp.role_id')
            .where('p.url', '=', r.permission)
            .distinct()
            .execute()
        : [];
      const roles = new Set([...(admin ? [admin.id] : []), ...readers.map((x) => x.role_id)]);
      if (roles.size)
        await trx
          .insertInto('sys_role_permission')
          .values(
            [...roles].map((roleId) => ({
              id: newId(),
              role_id: roleId,
              permission_id: id,
              data_rule_ids: null,
              operate_date: now,
              operate_ip: null,
            })),
          )
          .execute();
    }
  });
}
