import type { AppContext } from '../context.js';
import type { ClusterBus } from '../cluster/bus.js';

/** The part of a `ws` WebSocket the hubs use (so tests can pass a fake). */
export interface PushSocket {
  readyState: number;
  send(data: string): void;
}

const OPEN = 1;

/**
 * Frames of the notice channel (api-contract §9.1): `user` for one recipient, `topic` for
 * everyone, `heartcheck` as the answer to a client's HeartBeat.
 */
export type NoticeFrame =
  | { cmd: 'user'; userId: string; msgId: string; msgTxt: string }
  | { cmd: 'topic'; msgId: string; msgTxt: string }
  | { cmd: 'heartcheck'; msgTxt: string };

/** The heartbeat answer frame (api-contract §9.1). */
export const HEARTCHECK: NoticeFrame = { cmd: 'heartcheck', msgTxt: '心跳响应' };

/** The part of a socket the hub closes when its session ends. */
interface Closable {
  close(code: number, reason: string): void;
}

/** Close code sent when the session behind a socket has ended (logout, freeze, expiry). */
export const CLOSE_SESSION_ENDED = 4001;

/**
 * The open notice sockets of this process, by user id (`{base}/websocket/{userId}`), and the
 * table-sync sockets by page id (`{base}/vxeSocket/{userId}/{pageId}`). Pushes go through the
 * cluster bus (cluster/bus.ts), so a notice released on one API process reaches the sockets of
 * every process, and an ended session's sockets close wherever they are connected; without a
 * bus they reach this process's sockets only.
 */
export class NoticeHub {
  private byUser = new Map<string, Set<PushSocket>>();
  private byPage = new Map<string, Set<PushSocket>>();
  private byToken = new Map<string, Set<Closable>>();

  constructor(private readonly bus?: ClusterBus) {
    bus?.subscribe((msg) => {
      if (msg.type === 'notice') {
        if (msg.userIds) this.deliverToUsers(msg.userIds, msg.msgId, msg.msgTxt);
        else this.deliverAll({ cmd: 'topic', msgId: msg.msgId, msgTxt: msg.msgTxt });
      } else if (msg.type === 'page') this.deliverToPage(msg.pageId, msg.text);
      else if (msg.type === 'session-ended') this.closeSession(msg.tokenId);
    });
  }

  /** Registers a notice socket of `userId` (session `tokenId`); returns a function that unregisters it. */
  add(userId: string, socket: PushSocket & Closable, tokenId?: string): () => void {
    const removeUser = addTo(this.byUser, userId, socket);
    const removeToken = tokenId ? addTo(this.byToken, tokenId, socket) : () => undefined;
    return () => {
      removeUser();
      removeToken();
    };
  }

  /** Registers a table-sync socket on page `pageId` (session `tokenId`); returns a function that unregisters it. */
  addPage(pageId: string, socket: PushSocket & Closable, tokenId?: string): () => void {
    const removePage = addTo(this.byPage, pageId, socket);
    const removeToken = tokenId ? addTo(this.byToken, tokenId, socket) : () => undefined;
    return () => {
      removePage();
      removeToken();
    };
  }

  /** Sends notice `msgId` to every open socket of each user in `userIds`, on every process. */
  sendToUsers(userIds: Iterable<string>, msgId: string, msgTxt: string): void {
    const ids = [...new Set(userIds)];
    if (this.bus) this.bus.publish({ type: 'notice', userIds: ids, msgId, msgTxt });
    else this.deliverToUsers(ids, msgId, msgTxt);
  }

  /** Sends notice `msgId` to every open notice socket, on every process. */
  broadcast(msgId: string, msgTxt: string): void {
    if (this.bus) this.bus.publish({ type: 'notice', userIds: null, msgId, msgTxt });
    else this.deliverAll({ cmd: 'topic', msgId, msgTxt });
  }

  /** Sends `text` to every table-sync socket of page `pageId`, on every process. */
  sendToPage(pageId: string, text: string): void {
    if (this.bus) this.bus.publish({ type: 'page', pageId, text });
    else this.deliverToPage(pageId, text);
  }

  /** This process's sockets: each user's `user` frame; returns how many sockets got it. */
  deliverToUsers(userIds: Iterable<string>, msgId: string, msgTxt: string): number {
    let n = 0;
    for (const userId of new Set(userIds)) n += sendAll(this.byUser.get(userId), JSON.stringify({ cmd: 'user', userId, msgId, msgTxt }));
    return n;
  }

  /** This process's notice sockets: `frame` to all; returns how many sockets got it. */
  deliverAll(frame: NoticeFrame): number {
    const text = JSON.stringify(frame);
    let n = 0;
    for (const set of this.byUser.values()) n += sendAll(set, text);
    return n;
  }

  /** This process's table-sync sockets of a page; returns how many got it. */
  deliverToPage(pageId: string, text: string): number {
    return sendAll(this.byPage.get(pageId), text);
  }

  /** Closes this process's sockets of session `tokenId` with code 4001 (the session ended). */
  closeSession(tokenId: string): void {
    for (const s of [...(this.byToken.get(tokenId) ?? [])]) {
      try {
        s.close(CLOSE_SESSION_ENDED, 'session ended');
      } catch {
        // already closing
      }
    }
  }

  /** Number of open notice sockets of a user (tests, diagnostics). */
  countOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }
}

function addTo<T>(map: Map<string, Set<T>>, key: string, socket: T): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(socket);
  return () => {
    const s = map.get(key);
    if (!s) return;
    s.delete(socket);
    if (!s.size) map.delete(key);
  };
}

function sendAll(set: Set<PushSocket> | undefined, text: string): number {
  let n = 0;
  for (const s of set ?? []) {
    if (s.readyState !== OPEN) continue;
    try {
      s.send(text);
      n++;
    } catch {
      // a socket closing under us: its close handler unregisters it
    }
  }
  return n;
}

const hubs = new WeakMap<AppContext, NoticeHub>();

/** The hub of one app (one per AppContext, so several test servers in one process never share one). */
export function noticeHubOf(ctx: AppContext): NoticeHub {
  let hub = hubs.get(ctx);
  if (!hub) hubs.set(ctx, (hub = new NoticeHub(ctx.bus)));
  return hub;
}
