import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok } from '../../http/envelope.js';
import { clientIp } from '../../http/case.js';
import type { SessionUser } from '../../modules/auth/token-service.js';
import { activeTenantsOfUser, tenantIdOf } from '../../modules/tenant/tenant-service.js';
import { LOG_TYPE, writeLog } from '../../modules/log/log-service.js';
import { columnsModel } from '../columns-model.js';
import { screenMenuUrl, type ScreenEndpoints } from '../screen-endpoints.js';
import { CGFORM_MENU } from './routes.js';
import { DESIGNER_TEXT } from './texts.js';

type Query = Record<string, string | undefined>;

/** The built-in list buttons (getColumns `hideColumns`), then the screen's own row and status actions. */
const LIST_BUTTONS = ['add', 'edit', 'delete', 'batch_delete', 'export', 'import'] as const;

/** JeecgBoot's sys_log operate type of a query. */
const OPERATE_QUERY = 1;

/**
 * The session `username` would have, built without a token: the stored user (never a deleted
 * or frozen one), their department, and the tenant a sign-in would select — their only active
 * tenant, or `tenant` when they belong to several (the first without it); with their active
 * tenants (id and name, for the admin to choose). BizError when the user is unknown or the
 * tenant is not theirs.
 */
async function sessionOf(
  ctx: AppContext,
  username: string,
  tenant: string | undefined,
): Promise<{ user: SessionUser; tenants: { id: number; name: string }[] }> {
  const row = await ctx.db
    .selectFrom('sys_user')
    .select(['id', 'username', 'realname', 'org_code', 'status', 'del_flag'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!row || Number(row.del_flag) !== 0) throw new BizError(DESIGNER_TEXT.viewAsNoUser(username));
  if (Number(row.status) !== 1) throw new BizError(DESIGNER_TEXT.viewAsFrozen(username));
  const active = (await activeTenantsOfUser(ctx.db, row.id)).map((t) => ({ id: t.id, name: t.name }));
  const tenants = active.map((t) => t.id);
  let tenantId = tenants.length ? tenants[0] : 0;
  if (tenant !== undefined && tenant !== '' && tenant !== '0') {
    const id = tenantIdOf(tenant);
    if (id === null || !tenants.includes(id)) throw new BizError(DESIGNER_TEXT.viewAsTenant(username));
    tenantId = id;
  }
  const user: SessionUser = {
    id: row.id,
    username: row.username,
    realname: row.realname ?? row.username,
    orgCode: row.org_code,
    tokenId: '',
    ...(tenantId ? { tenantId } : {}),
  };
  return { user, tenants: active };
}

/**
 * 按角色预览 (view as): `GET /online/cgform/head/viewAs?id={screen}&username={user}[&tenantId][&pageNo…]`
 * answers what the list and form runtime would give `username` on that screen (in `tenantId`, one of
 * their tenants; `user.tenants` lists them), evaluated here
 * for them without signing in as them: whether they may open it (`readable`), the buttons they
 * hold (`buttons`: the list buttons, row actions and status actions by action code), the
 * getColumns answer they get (hidden buttons in `hideColumns`), the form fields their
 * permissions disable, and the page of rows their tenant and data rules return (the list's query
 * parameters apply). Read-only: nothing is written but the sys_log line naming the admin, the
 * user and the screen. Needs the designer's menu and `online:form:preview`; 403 otherwise.
 */
export function viewAsRoutes(app: FastifyInstance, ctx: AppContext, endpoints: ScreenEndpoints): void {
  app.get<{ Querystring: Query }>('/online/cgform/head/viewAs', async (req: FastifyRequest<{ Querystring: Query }>) => {
    await ctx.perms.assertMenu(req.user, CGFORM_MENU);
    await ctx.perms.assertButton(req.user, 'online:form:preview');
    const { id, username, tenantId, ...params } = req.query;
    if (!username) throw new BizError(DESIGNER_TEXT.viewAsNoUser(''));
    const loaded = endpoints.screenOf(String(id ?? ''));
    const { user, tenants } = await sessionOf(ctx, username, tenantId);
    const { screen } = loaded;
    void writeLog(ctx.db, {
      logType: LOG_TYPE.operation,
      operateType: OPERATE_QUERY,
      content: DESIGNER_TEXT.viewAsLog(screen.title, screen.id, user.username, user.tenantId ?? 0),
      username: req.user.username,
      realname: req.user.realname,
      ip: clientIp(req),
      requestUrl: '/online/cgform/head/viewAs',
      requestType: 'GET',
    });
    const who = { username: user.username, realname: user.realname, orgCode: user.orgCode, tenantId: user.tenantId ?? 0, tenants };
    const menu = screenMenuUrl((loaded.main?.loaded ?? loaded).screen);
    if (!(await ctx.perms.grantsOf(user.id)).menuUrls.has(menu)) return ok({ user: who, readable: false, buttons: [] });
    const codes = [
      ...LIST_BUTTONS,
      ...(screen.rowActions ?? []).map((a) => a.action),
      ...(screen.workflow?.actions ?? []).map((a) => a.permission),
    ];
    const buttons: string[] = [];
    for (const code of new Set(codes)) if (await ctx.perms.canButton(user, `${screen.authPre}:${code}`)) buttons.push(code);
    const hidden = LIST_BUTTONS.filter((b) => !buttons.includes(b));
    const [columns, disabled, data] = await Promise.all([
      columnsModel(loaded, ctx.dicts, hidden),
      ctx.perms.disabledFields(user, screen.authPre),
      endpoints.records.page(loaded, params, user),
    ]);
    return ok({ user: who, readable: true, buttons, columns, disabledFields: [...disabled], data });
  });
}
