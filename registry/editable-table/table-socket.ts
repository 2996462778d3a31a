/**
 * The editable table's websocket client (spec 7.3 `{host}/vxeSocket/{userId}/{pageId}`, spec 9
 * timings; JVxeTable `socketReload`): rows one page saves reach the other pages showing the same
 * table. Protocol (JSON frames `{type, data}`):
 * - `heart_beat`: sent on open; no answer within 6 s → reconnect; an answer → the next one 10 s later;
 * - `update_vxe_table`: `{socketKey, args: [row, caseId]}`, sent after a row changed here and
 *   received from the others: a frame of another table instance (caseId) with our socketKey
 *   becomes `onRow(row)`;
 * - `common_send_date`: `{key, args}` handed to `onCommon`;
 * - after an error or a close: reconnect 5 s later (once at a time); not after stop() nor after
 *   the server ended the session (close code 4001).
 * Headless: the socket comes from the runtime's {@link SocketOpener} port.
 */
import type { SocketLike, SocketOpener } from '../../src/runtime/ports.js';

/** Spec 9 (table channel): heartbeat every 10 s, reply timeout 6 s; reconnect delay 5 s. */
export const TABLE_HEARTBEAT_MS = 10_000;
export const TABLE_HEARTBEAT_TIMEOUT_MS = 6_000;
export const TABLE_RECONNECT_MS = 5_000;
/** The socketKey of a table that names none (JVxeTable's default). */
export const DEFAULT_SOCKET_KEY = 'vxe-default';
/** Close code of a session the server ended (src/server/ws/socket-routes.ts). */
const SESSION_ENDED = 4001;
const OPEN = 1;

export interface TableSocketOptions {
  open: SocketOpener;
  /** The signed-in user's id (the path must name the token's user). */
  userId: string;
  /** The page id of the path: pages with the same one exchange rows (default the socketKey). */
  pageId?: string;
  /** Tables with the same key exchange rows (default {@link DEFAULT_SOCKET_KEY}). */
  socketKey?: string;
  /** This table instance's id: frames it sent itself come back and are skipped. */
  caseId: string;
  /** A row another table instance pushed. */
  onRow: (row: Record<string, unknown>) => void;
  /** A `common_send_date` frame: its key and arguments. */
  onCommon?: (key: string, args: unknown[]) => void;
}

/** One table's socket with heartbeat and reconnect; start() once, stop() when the table goes. */
export class TableSocket {
  private socket: SocketLike | null = null;
  private stopped = true;
  private beatTimer: ReturnType<typeof setTimeout> | null = null;
  private replyTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  readonly socketKey: string;
  readonly path: string;

  constructor(private readonly opts: TableSocketOptions) {
    this.socketKey = opts.socketKey || DEFAULT_SOCKET_KEY;
    this.path = `/vxeSocket/${encodeURIComponent(opts.userId)}/${encodeURIComponent(opts.pageId || this.socketKey)}`;
  }

  /** Opens the connection. */
  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes for good: no reconnect, timers cleared. */
  stop(): void {
    this.stopped = true;
    this.clearBeat();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.drop();
  }

  /** True while the socket is open. */
  get open(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Tells the other pages a row changed (`update_vxe_table`); false when the socket is not open. */
  sendRow(row: Record<string, unknown>): boolean {
    return this.send('update_vxe_table', { socketKey: this.socketKey, args: [row, this.opts.caseId] });
  }

  private send(type: string, data: unknown): boolean {
    const s = this.socket;
    if (!s || s.readyState !== OPEN) return false;
    try {
      s.send(JSON.stringify({ type, data }));
      return true;
    } catch {
      return false;
    }
  }

  private connect(): void {
    if (this.stopped) return;
    let s: SocketLike;
    try {
      s = this.opts.open(this.path);
    } catch {
      this.reconnect();
      return;
    }
    this.socket = s;
    s.onopen = () => this.beat();
    s.onmessage = (ev) => this.receive(ev.data);
    s.onerror = () => this.reconnect();
    s.onclose = (ev) => {
      if (this.socket !== s) return;
      this.clearBeat();
      this.socket = null;
      if (ev?.code !== SESSION_ENDED) this.reconnect();
      else this.stopped = true;
    };
  }

  /** Sends a heartbeat and waits 6 s for its answer; without one the socket is replaced. */
  private beat(): void {
    this.beatTimer = null;
    if (!this.send('heart_beat', '')) return;
    this.replyTimer = setTimeout(() => {
      this.replyTimer = null;
      this.reconnect();
    }, TABLE_HEARTBEAT_TIMEOUT_MS);
  }

  private receive(raw: unknown): void {
    let frame: { type?: unknown; data?: unknown };
    try {
      frame = JSON.parse(String(raw)) as { type?: unknown; data?: unknown };
    } catch {
      return;
    }
    if (frame?.type === 'heart_beat') {
      this.clearBeat();
      this.beatTimer = setTimeout(() => this.beat(), TABLE_HEARTBEAT_MS);
      return;
    }
    const data = frame?.data as { socketKey?: unknown; key?: unknown; args?: unknown } | null | undefined;
    if (!data || !Array.isArray(data.args)) return;
    if (frame.type === 'update_vxe_table' && data.socketKey === this.socketKey) {
      const [row, caseId] = data.args as [unknown, unknown];
      if (caseId !== this.opts.caseId && row && typeof row === 'object') this.opts.onRow(row as Record<string, unknown>);
    } else if (frame.type === 'common_send_date' && typeof data.key === 'string') {
      this.opts.onCommon?.(data.key, data.args);
    }
  }

  /** Replaces the socket 5 s from now (one pending reconnect at a time). */
  private reconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.clearBeat();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.drop();
      this.connect();
    }, TABLE_RECONNECT_MS);
  }

  private drop(): void {
    const s = this.socket;
    this.socket = null;
    if (!s) return;
    s.onopen = null;
    s.onmessage = null;
    s.onerror = null;
    s.onclose = null;
    try {
      s.close();
    } catch {
      /* already closed */
    }
  }

  private clearBeat(): void {
    if (this.beatTimer) clearTimeout(this.beatTimer);
    if (this.replyTimer) clearTimeout(this.replyTimer);
    this.beatTimer = null;
    this.replyTimer = null;
  }
}
