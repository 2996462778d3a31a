/**
 * The notice websocket client (spec 4.6, 7.3 websockets, 9; api-contract §9.1): connects to
 * `{base}/websocket/{userId}` with the access token as the Sec-WebSocket-Protocol value, sends
 * `HeartBeat` every 20 s and closes the socket when no frame arrived within 20 s of a heartbeat,
 * reconnects 5 s after any close or error (not after the server ended the session, code 4001,
 * nor after stop()), and hands every `user`/`topic` frame to `onNotice`.
 */

import type { SocketLike } from '../../runtime/ports';

export type { SocketLike };

/** A frame the server pushes (api-contract §9.1). */
export interface NoticeFrame {
  cmd: string;
  userId?: string;
  msgId?: string;
  msgTxt?: string;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

/** Spec 9: notice heartbeat every 20 s, reply timeout 20000 ms, reconnect after 5 s. */
export const HEARTBEAT_MS = 20_000;
export const HEARTBEAT_TIMEOUT_MS = 20_000;
export const RECONNECT_MS = 5_000;
/** Close code of a session the server ended (src/server/ws/socket-routes.ts). */
export const SESSION_ENDED = 4001;

const OPEN = 1;

/**
 * The websocket URL of `path` under the API base: `ws(s)://host{base}{path}` for a relative base
 * (the page's host and scheme), or the base's own host for an absolute http(s) base.
 */
export function socketUrl(apiBase: string, path: string, location: { protocol: string; host: string }): string {
  if (/^https?:\/\//i.test(apiBase)) return apiBase.replace(/^http/i, 'ws').replace(/\/$/, '') + path;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${apiBase.replace(/\/$/, '')}${path}`;
}

export interface NoticeSocketOptions {
  url: string;
  token: string;
  onNotice: (frame: NoticeFrame) => void;
  /** Open/closed changes (the bell polls while the socket is down). */
  onStatus?: (open: boolean) => void;
  create?: SocketFactory;
}

/** One notice connection with heartbeat and reconnect; call start() once and stop() to end it. */
export class NoticeSocket {
  private socket: SocketLike | null = null;
  private stopped = false;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private replyTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly opts: NoticeSocketOptions) {}

  /** Opens the connection (again after stop() is not supported: make a new instance). */
  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes the connection for good: no reconnect, timers cleared. */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.onerror = null;
      s.onmessage = null;
      try {
        s.close();
      } catch {
        /* already closed */
      }
    }
  }

  private connect(): void {
    if (this.stopped) return;
    const create = this.opts.create ?? ((url: string, protocols: string[]) => new WebSocket(url, protocols) as unknown as SocketLike);
    let s: SocketLike;
    try {
      s = create(this.opts.url, [this.opts.token]);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = s;
    s.onopen = () => {
      this.opts.onStatus?.(true);
      this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    };
    s.onmessage = (ev) => {
      if (this.replyTimer) clearTimeout(this.replyTimer);
      this.replyTimer = null;
      let frame: NoticeFrame;
      try {
        frame = JSON.parse(String(ev.data)) as NoticeFrame;
      } catch {
        return;
      }
      if (frame && (frame.cmd === 'user' || frame.cmd === 'topic')) this.opts.onNotice(frame);
    };
    s.onerror = () => {
      // a close event follows and schedules the reconnect
    };
    s.onclose = (ev) => {
      this.clearTimers();
      this.socket = null;
      this.opts.onStatus?.(false);
      if (ev.code !== SESSION_ENDED) this.scheduleReconnect();
    };
  }

  private beat(): void {
    const s = this.socket;
    if (!s || s.readyState !== OPEN) return;
    s.send('HeartBeat');
    if (!this.replyTimer) this.replyTimer = setTimeout(() => s.close(), HEARTBEAT_TIMEOUT_MS);
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, RECONNECT_MS);
  }

  private clearTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.replyTimer) clearTimeout(this.replyTimer);
    this.heartbeat = null;
    this.replyTimer = null;
  }
}
