import type { AppContext } from '../context.js';

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

/**
 * The open notice sockets of this process, by user id (`{base}/websocket/{userId}`), and the
 * table-sync sockets by page id (`{base}/vxeSocket/{userId}/{pageId}`). Pushes reach only the
 * sockets of this process: with several API processes a notice reaches the users connected to
 * the process that released it, and the others see it on their next poll (6 s, spec 9).
 */
export class NoticeHub {
  private byUser = new Map<string, Set<PushSocket>>();
  private byPage = new Map<string, Set<PushSocket>>();

  /** Registers a notice socket of `userId`; returns a function that unregisters it. */
  add(userId: string, socket: PushSocket): () => void {
    return addTo(this.byUser, userId, socket);
  }

  /** Registers a table-sync socket on page `pageId`; returns a function that unregisters it. */
  addPage(pageId: string, socket: PushSocket): () => void {
    return addTo(this.byPage, pageId, socket);
  }

  /** Sends `frame` to every open socket of each user in `userIds`; returns how many sockets got it. */
  sendToUsers(userIds: Iterable<string>, frame: (userId: string) => NoticeFrame): number {
    let n = 0;
    for (const userId of new Set(userIds)) n += sendAll(this.byUser.get(userId), JSON.stringify(frame(userId)));
    return n;
  }

  /** Sends `frame` to every open notice socket; returns how many sockets got it. */
  broadcast(frame: NoticeFrame): number {
    const text = JSON.stringify(frame);
    let n = 0;
    for (const set of this.byUser.values()) n += sendAll(set, text);
    return n;
  }

  /** Sends `text` to every table-sync socket of page `pageId`; returns how many got it. */
  sendToPage(pageId: string, text: string): number {
    return sendAll(this.byPage.get(pageId), text);
  }

  /** Number of open notice sockets of a user (tests, diagnostics). */
  countOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }
}

function addTo(map: Map<string, Set<PushSocket>>, key: string, socket: PushSocket): () => void {
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
  if (!hub) hubs.set(ctx, (hub = new NoticeHub()));
  return hub;
}
