import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { bodyOf, textOf as str } from '../../http/input.js';
import { inTransaction } from '../../db/transaction.js';
import { userTenantScope } from '../../online/read-scope.js';
import { assertWrite } from '../system/guard.js';
import { assertUsersManageable } from './account-guard.js';

const ids = (v: unknown) =>
  str(v)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 500);

/**
 * The users' recycle bin (回收站, JeecgBoot's /sys/user/recycleBin): deleted users (del_flag 1) of
 * the request's tenant, for holders of the user-delete button.
 * - `GET recycleBin` → the deleted users `[{id, username, realname, avatar, phone, orgCode, updateTime}]`;
 * - `PUT putRecycleBin {userIds}` → restores them (还原成功);
 * - `DELETE deleteRecycleBin ?userIds=` → removes them for good, with their role and department
 *   links (删除成功!).
 * Restoring or removing a user who holds permissions the caller does not hold is refused, as
 * editing them is (account-guard.ts); a live user is never touched. Writes in one transaction.
 */
export function userRecycleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/sys/user';
  const scoped = (tenantId: number | undefined) => userTenantScope({ tenantId });

  app.get(`${base}/recycleBin`, async (req) => {
    await assertWrite(ctx, req.user, 'user', 'delete');
    let q = ctx.db
      .selectFrom('sys_user')
      .select(['id', 'username', 'realname', 'avatar', 'phone', 'org_code as orgCode', 'update_time as updateTime'])
      .where('del_flag', '=', 1);
    for (const c of scoped(req.user.tenantId)) q = q.where(c as never);
    return ok(await q.orderBy('username').limit(1000).execute());
  });

  /** The deleted users among `userIds` the caller may see (tenant); BizError when none. */
  const pick = async (db: typeof ctx.db, userIds: string[], tenantId: number | undefined): Promise<string[]> => {
    if (!userIds.length) throw new BizError('请选择用户');
    let q = db.selectFrom('sys_user').select('id').where('id', 'in', userIds).where('del_flag', '=', 1);
    for (const c of scoped(tenantId)) q = q.where(c as never);
    const found = (await q.execute()).map((r) => r.id);
    if (!found.length) throw new BizError('未找到对应数据');
    return found;
  };

  app.put<{ Body: unknown }>(`${base}/putRecycleBin`, async (req) => {
    await assertWrite(ctx, req.user, 'user', 'delete');
    const userIds = ids(bodyOf(req.body).userIds);
    await inTransaction(ctx.db, async (trx) => {
      const found = await pick(trx, userIds, req.user.tenantId);
      await assertUsersManageable(ctx, trx, req.user, found);
      await trx.updateTable('sys_user').set({ del_flag: 0 }).where('id', 'in', found).where('del_flag', '=', 1).execute();
    });
    return okMessage('还原成功');
  });

  app.delete<{ Querystring: { userIds?: string } }>(`${base}/deleteRecycleBin`, async (req) => {
    await assertWrite(ctx, req.user, 'user', 'delete');
    const userIds = ids(req.query.userIds);
    await inTransaction(ctx.db, async (trx) => {
      const found = await pick(trx, userIds, req.user.tenantId);
      await assertUsersManageable(ctx, trx, req.user, found);
      await trx.deleteFrom('sys_user_role').where('user_id', 'in', found).execute();
      await trx.deleteFrom('sys_user_depart').where('user_id', 'in', found).execute();
      await sql`delete from sys_user where id in (${sql.join(found)}) and del_flag = 1`.execute(trx);
    });
    return okMessage('删除成功!');
  });
}
