import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok } from '../../http/envelope.js';
import { departsOf, userInfoOf } from './user-info.js';

/**
 * The signed-in user's departments and the choice of the current one (spec 7.1,
 * api-contract §10): `GET /sys/user/getCurrentUserDeparts` → {list, orgCode};
 * `PUT|POST /sys/selectDepart {orgCode}` → {userInfo}. Only the user's own departments can be
 * chosen, and only for themselves (a `username` naming someone else is refused).
 */
export function departSelectRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/sys/user/getCurrentUserDeparts', async (req) => {
    const list = await departsOf(ctx.db, req.user.id);
    return ok({ list, orgCode: req.user.orgCode });
  });

  const select = async (req: FastifyRequest<{ Body: { orgCode?: unknown; username?: unknown } }>) => {
    const orgCode = typeof req.body?.orgCode === 'string' ? req.body.orgCode : '';
    if (req.body?.username !== undefined && req.body.username !== req.user.username) throw new BizError('只能切换自己的部门');
    const departs = await departsOf(ctx.db, req.user.id);
    if (!orgCode || !departs.some((d) => d.orgCode === orgCode)) throw new BizError('您不属于该部门，不能切换');
    await ctx.db.updateTable('sys_user').set({ org_code: orgCode }).where('id', '=', req.user.id).execute();
    ctx.tokens.forgetUser(req.user.id);
    const user = await ctx.db.selectFrom('sys_user').selectAll().where('id', '=', req.user.id).executeTakeFirstOrThrow();
    return ok({ userInfo: userInfoOf(user, departs) });
  };
  app.put('/sys/selectDepart', select);
  app.post('/sys/selectDepart', select);
}
