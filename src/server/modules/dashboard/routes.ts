import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import type { ScreenEndpoints } from '../../online/screen-endpoints.js';
import { screenMenuUrl } from '../../online/screen-endpoints.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import type { ScreenField } from '../../../shared/generated/screen-schema.js';
import { fillRuleCode } from '../../../shared/fill-rule-default.js';
import { toColumn } from '../../../shared/columns.js';
import type { SessionUser } from '../auth/token-service.js';
import { HOME_AREAS } from './home-figures.js';

type Row = Record<string, unknown>;

const SUBJECTS = ['title', 'contractName', 'fileName', 'demandName', 'workName', 'orderName', 'projectName', 'supplierName', 'outputNo'];

/** The columns a document list of the home page shows for a workflow screen: number, subject, owner, date, status. */
function docColumns(loaded: LoadedScreen) {
  const { fields, workflow } = loaded.screen;
  const byName = (n: string) => fields.find((f) => f.name === n);
  const no = fields.find((f) => fillRuleCode(f.defaultValue)) ?? fields.find((f) => f.unique);
  const subject = SUBJECTS.map(byName).find((f): f is ScreenField => !!f) ?? no;
  const date = byName('applyDate') ?? fields.find((f) => f.dbType === 'Date' && f.defaultValue === '#{sysDate}');
  return {
    no: no ? toColumn(no.name) : 'id',
    subject: subject ? toColumn(subject.name) : 'id',
    owner: workflow?.ownerField ? toColumn(workflow.ownerField) : null,
    date: date ? toColumn(date.name) : 'create_time',
    status: toColumn(workflow!.statusField),
  };
}

/**
 * The office home (/dashboard/analysis): GET /sys/dashboard/home answers, for the signed-in user
 * and the request's tenant only — the documents waiting for the user's approval (审批中, on
 * screens whose menu and 审批通过 button the user holds, not the user's own), the user's own
 * latest documents, and the figures and charts of the business areas whose menus the user holds;
 * plus whether the user sees the visit statistics (system administrators). Every list goes
 * through the screens' scope (tenant, data rules).
 */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext, endpoints: ScreenEndpoints): void {
  const docs = async (user: SessionUser, mode: 'pending' | 'mine') => {
    const grants = await ctx.perms.grantsOf(user.id);
    const out: Row[] = [];
    let total = 0;
    for (const loaded of ctx.screens.list()) {
      const { screen } = loaded;
      const wf = screen.workflow;
      if (!wf || !screen.menu || !grants.menuUrls.has(screenMenuUrl(screen))) continue;
      if (mode === 'mine' && !wf.ownerField) continue;
      if (mode === 'pending' && !(await ctx.perms.canButton(user, `${screen.authPre}:approve`))) continue;
      const c = docColumns(loaded);
      const conds = [...(await endpoints.records.scope(loaded, user, {}))];
      if (mode === 'pending') {
        conds.push(sql`${sql.ref(c.status)} = '1'`);
        if (c.owner) conds.push(sql`${sql.ref(c.owner)} is distinct from ${user.username}`);
      } else conds.push(sql`${sql.ref(c.owner!)} = ${user.username}`);
      const where = sql.join(conds, sql` and `);
      const table = sql.table(screen.tableName);
      const [{ n }] = (await sql<{ n: number }>`select count(*)::int as n from ${table} where ${where}`.execute(ctx.db)).rows;
      total += Number(n);
      if (!n) continue;
      const rows = (
        await sql<Row>`select id, ${sql.ref(c.no)} as no, ${sql.ref(c.subject)} as subject, ${c.owner ? sql.ref(c.owner) : sql`null`} as owner,
          ${sql.ref(c.date)}::text as date, ${sql.ref(c.status)} as status, coalesce(update_time, create_time)::text as touched
          from ${table} where ${where} order by coalesce(update_time, create_time) desc limit 10`.execute(ctx.db)
      ).rows;
      for (const r of rows) out.push({ ...r, screen: screen.id, screenTitle: screen.title });
    }
    out.sort((a, b) => String(b.touched).localeCompare(String(a.touched)));
    const list = out.slice(0, 10);
    const owners = await ctx.dicts.translate(
      'sys_user,realname,username',
      list.map((r) => String(r.owner ?? '')),
    );
    const states = await ctx.dicts.translate(
      'approval_status',
      list.map((r) => String(r.status ?? '')),
    );
    return {
      total,
      records: list.map(({ touched: _t, ...r }) => ({
        ...r,
        owner_dictText: owners.get(String(r.owner)) ?? r.owner,
        status_dictText: states.get(String(r.status)),
      })),
    };
  };

  app.get('/sys/dashboard/home', async (req) => {
    const user = req.user;
    const grants = await ctx.perms.grantsOf(user.id);
    const tenant = user.tenantId ?? 0;
    const areas = [];
    for (const area of HOME_AREAS) {
      if (!area.menus.some((m) => grants.menuUrls.has(m))) continue;
      const cards = [];
      for (const c of area.cards) {
        const v = (await c.sql(tenant).execute(ctx.db)).rows[0]?.value;
        cards.push({ key: c.key, title: c.title, format: c.format ?? 'int', suffix: c.suffix ?? '', value: Number(v ?? 0) });
      }
      const charts = [];
      for (const c of area.charts)
        charts.push({
          key: c.key,
          title: c.title,
          type: c.type,
          x: c.x,
          series: c.series,
          span: c.span ?? 12,
          data: (await c.sql(tenant).execute(ctx.db)).rows,
        });
      areas.push({ key: area.key, title: area.title, cards, charts });
    }
    return ok({
      pending: await docs(user, 'pending'),
      mine: await docs(user, 'mine'),
      areas,
      // visits and logins are the administrators' figures
      showVisits: grants.menuUrls.has('/isystem'),
    });
  });
}
