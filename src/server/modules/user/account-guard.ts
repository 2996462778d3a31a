import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { SessionUser } from '../auth/token-service.js';
import { BizError } from '../../http/envelope.js';
import { isVariantMarker } from '../permission/grant-guard.js';
import { USER_TEXT } from '../system/texts.js';

/**
 * Admin accounts are protected by the rule that guards grants ("nobody can grant what they do
 * not hold"): the caller may change the password, phone, e-mail, state or roles of a user, freeze
 * or delete them, only when the caller holds every permission that user holds (variant markers
 * exempt). So a user administrator cannot take over or lock out an account stronger than their
 * own. Reads through `db` (pass the open transaction). Throws BizError naming the first such user.
 */
export async function assertUsersManageable(ctx: AppContext, db: Db, actor: SessionUser, userIds: readonly string[]): Promise<void> {
  const targets = [...new Set(userIds)].filter((id) => id !== actor.id);
  if (!targets.length) return;
  const mine = (await ctx.perms.grantsOf(actor.id, db)).ids;
  for (const id of targets) {
    const theirs = await ctx.perms.grantsOf(id, db);
    const stronger = theirs.rows.some((p) => !mine.has(p.id) && !isVariantMarker(p));
    if (!stronger) continue;
    const who = await db.selectFrom('sys_user').select(['username', 'realname']).where('id', '=', id).executeTakeFirst();
    throw new BizError(USER_TEXT.cannotManageStronger(who?.realname || who?.username || id));
  }
}
