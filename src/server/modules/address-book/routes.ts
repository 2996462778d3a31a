import { sql } from 'kysely';
import { PAGE_LIMIT, likeContains, likePrefix, pagingOf } from '../../http/list-query.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok, toPage } from '../../http/envelope.js';

/** The address-book screen: JeecgBoot menu url (a custom page: department tree + contact list). */
export const ADDRESS_BOOK_SCREEN = { menu: '/isystem/addressList' } as const;

const strip = (v: string | undefined) => (v ?? '').trim().replace(/^\*|\*$/g, '');

/**
 * The address book (spec 1 系统管理 → 通讯录, api-contract §4.5
 * `/sys/user/queryByOrgCodeForAddressList`): a page of users (not deleted) of the department
 * `orgCode` and its sub-departments (all users without it), filtered by `realname` and `workNo`
 * (substring), each with its contact fields `{id, realname, username, workNo, sex, avatar, post,
 * postText, telephone, phone, email, departName, orgCode}`. Needs the menu /isystem/addressList.
 */
export function addressBookRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/sys/user/queryByOrgCodeForAddressList', async (req: FastifyRequest<{ Querystring: Record<string, string | undefined> }>) => {
    await ctx.perms.assertMenu(req.user, ADDRESS_BOOK_SCREEN.menu);
    const q = req.query;
    const { pageNo, pageSize } = pagingOf(q, PAGE_LIMIT.list);
    let base = ctx.db.selectFrom('sys_user as u').where('u.del_flag', '=', 0);
    const orgCode = strip(q.orgCode);
    if (orgCode)
      base = base.where('u.id', 'in', (sq) =>
        sq
          .selectFrom('sys_user_depart as ud')
          .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
          .select('ud.user_id')
          .where('d.org_code', 'like', likePrefix(orgCode)),
      );
    const realname = strip(q.realname);
    if (realname) base = base.where('u.realname', 'like', likeContains(realname));
    const workNo = strip(q.workNo);
    if (workNo) base = base.where('u.work_no', 'like', likeContains(workNo));
    const total = Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const records = await base
      .select([
        'u.id',
        'u.realname',
        'u.username',
        'u.work_no as workNo',
        'u.sex',
        'u.avatar',
        'u.post',
        'u.telephone',
        'u.phone',
        'u.email',
        'u.org_code as orgCode',
        sql<string | null>`(select string_agg(d.depart_name, ',' order by d.org_code) from sys_user_depart ud
          join sys_depart d on d.id = ud.dep_id where ud.user_id = u.id)`.as('departName'),
        sql<string | null>`(select string_agg(p.name, ',' order by p.code) from sys_position p
          where ',' || coalesce(u.post, '') || ',' like '%,' || p.code || ',%')`.as('postText'),
      ])
      .orderBy(sql`(select min(d.org_code) from sys_user_depart ud join sys_depart d on d.id = ud.dep_id where ud.user_id = u.id)`)
      .orderBy('u.work_no')
      .orderBy('u.id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return ok(toPage(records, total, pageNo, pageSize));
  });
}
