import { http, putAction, getAction, type Envelope } from '../api/http';

/** An announcement as the bell and the detail dialog read it (api-contract §5.6, spec 3). */
export interface Announcement {
  id: string;
  titile: string;
  msgContent?: string | null;
  msgAbstract?: string | null;
  sender?: string | null;
  sendTime?: string | null;
  createTime?: string | null;
  priority?: 'L' | 'M' | 'H' | string | null;
  msgCategory?: string | null;
  openType?: string | null;
  openPage?: string | null;
  busId?: string | null;
}

/** The bell's lists (GET /sys/annountCement/listByUser, api-contract §9.2). */
export interface UnreadLists {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}

/**
 * GET /sys/annountCement/listByUser?pageSize=5 without the error notifications of spec 8 (the
 * bell stops polling silently on a failure, spec 4.6). Resolves with the lists; rejects when the
 * call fails or answers success false.
 */
export async function loadUnread(): Promise<UnreadLists> {
  const res = await http.get<Envelope<UnreadLists>>('/sys/annountCement/listByUser', { params: { pageSize: 5 }, silent: true });
  if (!res.data?.success || !res.data.result) throw new Error(res.data?.message || 'listByUser failed');
  const r = res.data.result;
  return {
    anntMsgList: r.anntMsgList ?? [],
    anntMsgTotal: Number(r.anntMsgTotal ?? 0),
    sysMsgList: r.sysMsgList ?? [],
    sysMsgTotal: Number(r.sysMsgTotal ?? 0),
  };
}

/** GET /sys/annountCement/queryById?id= (the detail of a pushed notice). Resolves with the envelope. */
export function queryAnnouncement(id: string): Promise<Envelope<Announcement>> {
  return getAction<Announcement>('/sys/annountCement/queryById', { id });
}

/** PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId {anntId}: marks it read for the signed-in user. */
export function markRead(anntId: string): Promise<Envelope<unknown>> {
  return putAction('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId });
}
