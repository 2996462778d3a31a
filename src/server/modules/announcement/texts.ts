/**
 * Server messages of the announcement module (api-contract §4.5 / §9).
 * JeecgBoot's own wording where it has one (`该系统通知发布成功`, `未找到对应实体`).
 */
export const ANNT_TEXT = {
  notFound: '未找到对应实体',
  needId: '请指定系统通知',
  released: '该系统通知发布成功',
  alreadyReleased: '该系统通知已发布，请勿重复发布',
  revoked: '该系统通知撤销成功',
  notReleased: '该系统通知未发布，无法撤销',
  notReleasedForSync: '该系统通知未发布，无法推送',
  synced: '推送成功',
  releasedNotEditable: '已发布的系统通知不能修改，请先撤销',
  releasedNotDeletable: '已发布的系统通知不能删除，请先撤销',
  needUsers: '请选择接收通知的用户',
  unknownUsers: '指定的用户不存在',
  needTitle: '标题不能为空',
  badPriority: '优先级只能是 L、M、H',
  badCategory: '消息类型只能是 1（通知公告）或 2（系统消息）',
  badMsgType: '通告对象类型只能是 ALL 或 USER',
  badTimeRange: '结束时间不能早于开始时间',
  badOpenPage: '处理页面须以 / 或 http(s):// 开头',
  markedRead: '操作成功',
  readAll: '全部已读',
} as const;

/** Menu route of the admin announcement screen (JeecgBoot's url): grants its reads. */
export const ANNOUNCEMENT_MENU = '/isystem/annountCement';
/** Permission prefix of the admin announcement screen: `system:announcement:{add|edit|delete|release|revoke}`. */
export const ANNOUNCEMENT_AUTH_PRE = 'system:announcement';
/** Screen id (schemas/sys/sys_announcement.json). */
export const ANNOUNCEMENT_SCREEN = 'sys_announcement';
