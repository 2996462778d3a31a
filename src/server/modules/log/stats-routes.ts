import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { formatDate } from '../../../shared/time.js';

/** Dashboard figures from the login log (api-contract §2.1 /sys/loginfo, /sys/visitInfo). */
export function statsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/sys/loginfo', async () => {
    const today = formatDate();
    const row = await ctx.db
      .selectFrom('sys_log')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`count(*) filter (where create_time >= ${today}::timestamp)`.as('today'),
        sql<number>`count(distinct ip) filter (where create_time >= ${today}::timestamp)`.as('todayIp'),
      ])
      .where('log_type', '=', 1)
      .where('log_content', 'like', '%登录成功%')
      .executeTakeFirstOrThrow();
    return ok({ totalVisitCount: Number(row.total), todayVisitCount: Number(row.today), todayIp: Number(row.todayIp) }, '登录成功');
  });

  app.get('/sys/visitInfo', async () => {
    const days: string[] = [];
    for (let i = 6; i >= 0; i--) days.push(formatDate(new Date(Date.now() - i * 86_400_000)));
    const rows = await ctx.db
      .selectFrom('sys_log')
      .select([
        sql<string>`to_char(create_time, 'YYYY-MM-DD')`.as('tian'),
        sql<number>`count(*)`.as('visit'),
        sql<number>`count(distinct ip)`.as('ip'),
      ])
      .where('log_type', '=', 1)
      .where('log_content', 'like', '%登录成功%')
      .where('create_time', '>=', `${days[0]} 00:00:00`)
      .groupBy(sql`to_char(create_time, 'YYYY-MM-DD')`)
      .execute();
    const byDay = new Map(rows.map((r) => [r.tian, r]));
    return ok(
      days.map((tian) => ({ tian, type: tian.slice(5), visit: Number(byDay.get(tian)?.visit ?? 0), ip: Number(byDay.get(tian)?.ip ?? 0) })),
    );
  });
}
