import type { AppContext } from '../context.js';
import { ForbiddenError } from '../http/envelope.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import { canReadScreen } from '../online/read-scope.js';

/**
 * The relay room of a table-sync socket (`{base}/vxeSocket/{userId}/{pageId}`): which other
 * sockets see the rows edited on it.
 * - A page id naming a screen — its id or table name, alone or followed by `:` and any suffix
 *   (`fin_bank_account`, `fin_bank_account:detail`) — is shared by the users of the same tenant
 *   who may read that screen (its menu, a sub table's main menu); anyone else is refused with
 *   ForbiddenError (HTTP 403 before the upgrade).
 * - Any other page id is private to the user: only that user's own sockets (other tabs or
 *   devices) exchange rows on it, so a made-up key never reaches another user.
 * Returns the room key the notice hub groups sockets by.
 */
export async function tableSyncRoom(ctx: AppContext, user: SessionUser, pageId: string): Promise<string> {
  const name = pageId.split(':')[0];
  const loaded = ctx.screens.get(name) ?? ctx.screens.byTableName(name);
  if (!loaded) return `user|${user.id}|${pageId}`;
  if (!(await canReadScreen(ctx, user, loaded))) throw new ForbiddenError();
  return `screen|${user.tenantId ?? 0}|${pageId}`;
}
