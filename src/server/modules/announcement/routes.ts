import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok, toPage } from '../../http/envelope.js';
import { noticeHubOf } from '../../ws/notice-hub.js';
import { clientIp } from '../../http/case.js';
import { LOG_TYPE, writeLog } from '../log/log-service.js';
import { AnnouncementService, SEND_STATUS } from './announcement-service.js';
import { announcementHooks } from './screen-hooks.js';
import { syncNoticeMenus } from '../../seed/notice-menus.js';
import { ANNOUNCEMENT_AUTH_PRE, ANNOUNCEMENT_MENU, ANNOUNCEMENT_SCREEN, ANNT_TEXT } from './texts.js';

type Query = Record<string, string | undefined>;

/** Drops the trailing comma(s) of a body's userIds / user_ids (JeecgBoot's 'id1,id2,'). */
function trimUserIds(body: unknown): void {
  if (!body || typeof body !== 'object') return;
  const b = body as Record<string, unknown>;
  for (const k of ['userIds', 'user_ids']) if (typeof b[k] === 'string') b[k] = (b[k] as string).replace(/[,\s]+$/, '');
}

const idOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * The announcement calls the generic engine does not serve (spec 7.2 "Announcement",
 * api-contract §4.5, §9.2); the plain list/add/edit/delete of the admin screen come from
 * schemas/sys/sys_announcement.json with the hooks registered here.
 * - doReleaseData / doReovkeData / syncNotic: the admin screen's menu plus the button codes
 *   `system:announcement:release` / `:revoke` (403 otherwise, nothing written);
 * - listByUser, queryById, editByAnntIdAndUserId, readAll, getMyAnnouncementSend: any signed-in
 *   user, about the announcements that reached them only (queryById shows any row to a holder
 *   of the admin screen).
 */
export function announcementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const hub = noticeHubOf(ctx);
  const service = new AnnouncementService(ctx.db, hub);
  ctx.hooks.register(ANNOUNCEMENT_SCREEN, announcementHooks);
  // the log, data-log and my-messages pages' menus, also on installs seeded before them
  app.addHook('onReady', async () => syncNoticeMenus(ctx.db));

  // JeecgBoot clients end userIds with a comma ('id1,id2,'); the generic engine's value check
  // wants a clean comma list, so the add and edit routes the engine registers later get a
  // pre-validation step that drops it (the hook stores the list with JeecgBoot's comma again).
  app.addHook('onRoute', (route) => {
    if (!/\/sys\/annountCement\/(add|edit)$/.test(route.url)) return;
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [...existing, async (req: FastifyRequest) => trimUserIds(req.body)];
  });

  const may = async (req: FastifyRequest, action: 'release' | 'revoke') => {
    await ctx.perms.assertMenu(req.user, ANNOUNCEMENT_MENU);
    await ctx.perms.assertButton(req.user, `${ANNOUNCEMENT_AUTH_PRE}:${action}`);
  };
  const holdsAdminScreen = async (req: FastifyRequest) => (await ctx.perms.grantsOf(req.user.id)).menuUrls.has(ANNOUNCEMENT_MENU);

  /** GET calls are not in the generic operation log: release and revoke write their own line. */
  const logged = (req: FastifyRequest, what: string, row: Record<string, unknown>) =>
    void writeLog(ctx.db, {
      logType: LOG_TYPE.operation,
      operateType: 3,
      content: `系统通告-${what}：${String(row.titile ?? row.id)}`,
      username: req.user.username,
      realname: req.user.realname,
      ip: clientIp(req),
      requestUrl: req.url.split('?')[0],
      requestType: req.method,
    });

  app.get<{ Querystring: Query }>('/sys/annountCement/doReleaseData', async (req) => {
    await may(req, 'release');
    const row = await service.release(idOf(req.query.id), req.user);
    logged(req, '发布', row);
    return ok(row, ANNT_TEXT.released);
  });

  app.get<{ Querystring: Query }>('/sys/annountCement/doReovkeData', async (req) => {
    await may(req, 'revoke');
    const row = await service.revoke(idOf(req.query.id), req.user);
    logged(req, '撤销', row);
    return ok(row, ANNT_TEXT.revoked);
  });

  // pushes a published notice once more to its recipients (JeecgBoot's syncNotic)
  app.get<{ Querystring: Query }>('/sys/annountCement/syncNotic', async (req) => {
    await may(req, 'release');
    const row = await service.queryById(idOf(req.query.anntId), req.user, true);
    if (row.sendStatus !== SEND_STATUS.published) throw new BizError(ANNT_TEXT.notReleasedForSync);
    const msgId = String(row.id);
    const msgTxt = String(row.titile ?? '');
    if (row.msgType === 'USER') {
      const users = await ctx.db.selectFrom('sys_announcement_send').select('user_id').where('annt_id', '=', msgId).execute();
      hub.sendToUsers(
        users.map((u) => u.user_id),
        msgId,
        msgTxt,
      );
    } else hub.broadcast(msgId, msgTxt);
    return ok(null, ANNT_TEXT.synced);
  });

  app.get<{ Querystring: Query }>('/sys/annountCement/listByUser', async (req) =>
    ok(await service.listByUser(req.user, Number(req.query.pageSize) || 5)),
  );

  app.get<{ Querystring: Query }>('/sys/annountCement/queryById', async (req) =>
    ok(await service.queryById(idOf(req.query.id), req.user, await holdsAdminScreen(req))),
  );

  const markRead = async (req: FastifyRequest<{ Body: Record<string, unknown> | undefined }>) => {
    const body = req.body && typeof req.body === 'object' ? req.body : {};
    await service.markRead(req.user, idOf(body.anntId));
    return ok(null, ANNT_TEXT.markedRead);
  };
  app.put<{ Body: Record<string, unknown> | undefined }>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', markRead);
  app.post<{ Body: Record<string, unknown> | undefined }>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', markRead);

  app.put('/sys/sysAnnouncementSend/readAll', async (req) => {
    await service.readAll(req.user);
    return ok(null, ANNT_TEXT.readAll);
  });

  app.get<{ Querystring: Query }>('/sys/sysAnnouncementSend/getMyAnnouncementSend', async (req) => {
    const { records, total, pageNo, pageSize } = await service.mySends(req.user, req.query);
    return ok(toPage(records, total, pageNo, pageSize));
  });
}
