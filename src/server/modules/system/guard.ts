import type { AppContext } from '../../context.js';
import type { SessionUser } from '../auth/token-service.js';
import { ForbiddenError } from '../../http/envelope.js';
import { SYSTEM_AREAS, type SystemArea } from './areas.js';

/**
 * Read access to a system screen (docs/architecture.md "Permission model": a menu grants its screen's list, query and detail
 * calls). Throws ForbiddenError (HTTP 403) unless the user holds the area's menu.
 */
export async function assertRead(ctx: AppContext, user: SessionUser, area: SystemArea): Promise<void> {
  await ctx.perms.assertMenu(user, SYSTEM_AREAS[area].menuUrl);
}

/** Read access through any of several screens (e.g. the permission tree is read by roles, menus and departments). */
export async function assertReadAny(ctx: AppContext, user: SessionUser, areas: readonly SystemArea[]): Promise<void> {
  const g = await ctx.perms.grantsOf(user.id);
  if (!areas.some((a) => g.menuUrls.has(SYSTEM_AREAS[a].menuUrl))) throw new ForbiddenError();
}

/**
 * Write access: the area's menu and the button code `{authPre}:{action}` (docs/architecture.md "Permission model"). Throws
 * ForbiddenError (HTTP 403) before anything is written.
 */
export async function assertWrite(ctx: AppContext, user: SessionUser, area: SystemArea, action: string): Promise<void> {
  await assertRead(ctx, user, area);
  await ctx.perms.assertButton(user, `${SYSTEM_AREAS[area].authPre}:${action}`);
}
