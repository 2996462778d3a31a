import { addDictTexts } from '../dict/dict-text.js';
import { PAGE_LIMIT, likeContains, pagingOf } from '../../http/list-query.js';
import { queryOf } from '../../http/route-schemas.js';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { ok, toPage } from '../../http/envelope.js';
import { sameTenant } from '../tenant/tenant-scope.js';
import { userTenantScope } from '../../online/read-scope.js';

/** A comma list of at most 500 non-empty values. */
const listOf = (s: string | undefined) =>
  String(s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 500);

/** getMultiUser's filters: query parameter (JeecgBoot property) → column. */
const MULTI_USER_FILTERS = { id: 'id', username: 'username', realname: 'realname', workNo: 'work_no', orgCode: 'org_code' } as const;
type MultiUserColumn = (typeof MULTI_USER_FILTERS)[keyof typeof MULTI_USER_FILTERS];
/** getMultiUser's query: each filter a comma list of values, `key` the earlier form of `username`. */
const multiUserQuery = queryOf(
  Object.fromEntries(
    [...Object.keys(MULTI_USER_FILTERS), 'key'].map((k) => [
      k,
      Type.Optional(Type.String({ maxLength: 100_000, description: `comma list of ${k} values` })),
    ]),
  ),
);

/**
 * User pickers (spec 7.2): any signed-in user may call them; they return only the fields a
 * picker shows (docs/architecture.md "Permission model"), never the admin list's fields, and only live users
 * of the request's tenant (online/read-scope.ts userTenantScope; no tenant: every user).
 */
export function userPickerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: Record<string, string | undefined> }>('/sys/user/queryUserComponentData', async (req) => {
    const q = req.query;
    const { pageNo, pageSize } = pagingOf(q, PAGE_LIMIT.picker);
    let base = ctx.db
      .selectFrom('sys_user as u')
      .where('u.del_flag', '=', 0)
      .where(sql<boolean>`u.username <> '_reserve_user_external'`);
    for (const c of userTenantScope(req.user, 'u.rel_tenant_ids')) base = base.where(c as never);
    if (q.realname) base = base.where('u.realname', 'like', likeContains(q.realname));
    if (q.username) base = base.where('u.username', 'like', likeContains(q.username));
    if (q.departId)
      base = base.where('u.id', 'in', (sq) => sq.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', String(q.departId)));
    const total = Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const desc = q.order !== 'asc';
    const records = await base
      .select([
        'u.id',
        'u.username',
        'u.realname',
        'u.phone',
        'u.sex',
        'u.birthday',
        'u.create_time as createTime',
        sql<string>`(select string_agg(d.depart_name, ',' order by d.org_code) from sys_user_depart ud join sys_depart d on d.id = ud.dep_id where ud.user_id = u.id)`.as(
          'orgCodeTxt',
        ),
      ])
      .orderBy('u.create_time', desc ? 'desc' : 'asc')
      .orderBy('u.username')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return ok(toPage(records, total, pageNo, pageSize));
  });

  /**
   * Users by any of their identifying fields (JeecgBoot's getMultiUser, used by its user pickers to
   * show the names of stored values): `id`, `username`, `realname`, `workNo`, `orgCode`, each one
   * value or a comma list (`?username=a,b,` — the trailing comma is JeecgBoot's "match exactly"),
   * several fields combined with AND; `key` = usernames (earlier form). Only active users (status
   * 1, not deleted) of the request's tenant, at most 500. Answers a bare array `[{id, username, realname, avatar}]` as
   * JeecgBoot does (no envelope); no filter → []. Any signed-in user.
   */
  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/sys/user/getMultiUser',
    { schema: { querystring: multiUserQuery } },
    async (req) => {
      const q = req.query;
      const filters: [MultiUserColumn, string[]][] = [];
      for (const [param, column] of Object.entries(MULTI_USER_FILTERS)) {
        const values = listOf(q[param]);
        if (values.length) filters.push([column, values]);
      }
      const keys = listOf(q.key);
      if (keys.length) filters.push(['username', keys]);
      if (!filters.length) return [];
      let query = ctx.db
        .selectFrom('sys_user')
        .select(['id', 'username', 'realname', 'avatar'])
        .where('del_flag', '=', 0)
        .where('status', '=', 1);
      for (const [column, values] of filters) query = query.where(column, 'in', values);
      for (const c of userTenantScope(req.user)) query = query.where(c as never);
      return query.orderBy('username').limit(500).execute();
    },
  );

  /**
   * Role picker (spec 6 "Role picker lists roles from the role list"): paged `{records: [{id,
   * roleCode, roleName}], total}`, filtered by `roleName`/`roleCode` (contains), `ids` or `roleCodes` (comma lists), ordered by
   * roleCode; only the request's tenant's roles (no tenant: tenant 0), as 角色管理 (tenant/tenant-scope.ts). Any signed-in user.
   */
  app.get<{ Querystring: Record<string, string | undefined> }>('/sys/role/pickerList', async (req) => {
    const q = req.query;
    const { pageNo, pageSize } = pagingOf(q, PAGE_LIMIT.picker);
    let base = ctx.db.selectFrom('sys_role').where(sameTenant(req.user));
    if (q.roleName) base = base.where('role_name', 'like', likeContains(q.roleName));
    if (q.roleCode) base = base.where('role_code', 'like', likeContains(q.roleCode));
    const ids = listOf(q.ids);
    if (ids.length) base = base.where('id', 'in', ids);
    const roleCodes = listOf(q.roleCodes);
    if (roleCodes.length) base = base.where('role_code', 'in', roleCodes);
    const total = Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const records = await base
      .select(['id', 'role_code as roleCode', 'role_name as roleName'])
      .orderBy('role_code')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return ok(toPage(records, total, pageNo, pageSize));
  });

  /**
   * Position picker (spec 3 "Position: name, code, rank (rank_dictText)"): paged `{records:
   * [{id, code, name, postRank, postRank_dictText}], total}`, filtered by `name`/`code`
   * (contains) or `codes` (comma list), ordered by code. Any signed-in user.
   */
  app.get<{ Querystring: Record<string, string | undefined> }>('/sys/position/pickerList', async (req) => {
    const q = req.query;
    const { pageNo, pageSize } = pagingOf(q, PAGE_LIMIT.picker);
    let base = ctx.db.selectFrom('sys_position');
    if (q.name) base = base.where('name', 'like', likeContains(q.name));
    if (q.code) base = base.where('code', 'like', likeContains(q.code));
    const codes = listOf(q.codes);
    if (codes.length) base = base.where('code', 'in', codes);
    const total = Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .select(['id', 'code', 'name', 'post_rank as postRank'])
      .orderBy('code')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const records: Record<string, unknown>[] = rows;
    await addDictTexts(ctx.dicts, records, [{ key: 'postRank', dictCode: 'position_rank' }], { isEmpty: (v) => !v, emptyText: '' });
    return ok(toPage(records, total, pageNo, pageSize));
  });
}
