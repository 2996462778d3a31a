import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketLike } from '../../src/runtime/ports.js';
import { DEFAULT_SOCKET_KEY, TableSocket } from './table-socket.js';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<{ type: string; data: unknown }> = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly path: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string; data: unknown });
  }
  close(code = 1000) {
    if (this.closed) return;
    this.closed = true;
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

let sockets: FakeSocket[];
let rows: Array<Record<string, unknown>>;
let common: Array<[string, unknown[]]>;
const make = (socketKey?: string) =>
  new TableSocket({
    open: (path) => {
      const s = new FakeSocket(path);
      sockets.push(s);
      return s;
    },
    userId: 'u 1',
    socketKey,
    caseId: 'case-A',
    onRow: (r) => rows.push(r),
    onCommon: (k, a) => common.push([k, a]),
  });
const beats = (s: FakeSocket) => s.sent.filter((f) => f.type === 'heart_beat').length;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  rows = [];
  common = [];
});
afterEach(() => vi.useRealTimers());

describe('TableSocket (spec 7.3 vxeSocket, spec 9 timings)', () => {
  it('connects to /vxeSocket/{userId}/{pageId}, the page id being the socket key unless given', () => {
    make('fin_order').start();
    make().start();
    expect(sockets.map((s) => s.path)).toEqual(['/vxeSocket/u%201/fin_order', `/vxeSocket/u%201/${DEFAULT_SOCKET_KEY}`]);
  });

  it('sends a heartbeat on open, the next one 10 s after each answer', () => {
    make().start();
    const s = sockets[0];
    s.open();
    expect(s.sent).toEqual([{ type: 'heart_beat', data: '' }]);
    s.receive({ type: 'heart_beat', data: true });
    // spec 9's figures written out: changing a constant fails here
    vi.advanceTimersByTime(9_999);
    expect(beats(s)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(beats(s)).toBe(2);
    s.receive({ type: 'heart_beat', data: true });
    vi.advanceTimersByTime(10_000);
    expect(beats(s)).toBe(3);
    expect(sockets).toHaveLength(1);
  });

  it('reconnects 5 s after a heartbeat got no answer within 6 s', () => {
    make().start();
    sockets[0].open();
    // 6 s without an answer, then the 5 s reconnect delay (pinned alone by the next test)
    vi.advanceTimersByTime(5_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1 + 4_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[0].closed).toBe(true);
  });

  it('reconnects 5 s after a close or an error (once), never after stop() or a session the server ended', () => {
    const t = make();
    t.start();
    sockets[0].open();
    sockets[0].onerror?.({});
    sockets[0].close();
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    sockets[1].close(4001);
    vi.advanceTimersByTime(15_000);
    expect(sockets).toHaveLength(2);

    const u = make();
    u.start();
    sockets[2].open();
    u.stop();
    expect(sockets[2].closed).toBe(true);
    vi.advanceTimersByTime(15_000);
    expect(sockets).toHaveLength(3);
  });

  it('sends a changed row as update_vxe_table with its socket key and case id', () => {
    const t = make('k');
    t.start();
    expect(t.sendRow({ id: '1' })).toBe(false);
    sockets[0].open();
    expect(t.sendRow({ id: '1', name: '甲' })).toBe(true);
    expect(sockets[0].sent[1]).toEqual({ type: 'update_vxe_table', data: { socketKey: 'k', args: [{ id: '1', name: '甲' }, 'case-A'] } });
  });

  it('hands on rows of other table instances with its socket key only, and common_send_date frames', () => {
    make('k').start();
    const s = sockets[0];
    s.open();
    s.receive({ type: 'update_vxe_table', data: { socketKey: 'k', args: [{ id: '1', name: '乙' }, 'case-B'] } });
    s.receive({ type: 'update_vxe_table', data: { socketKey: 'k', args: [{ id: '1', name: '丙' }, 'case-A'] } });
    s.receive({ type: 'update_vxe_table', data: { socketKey: 'other', args: [{ id: '1' }, 'case-B'] } });
    s.receive({ type: 'update_vxe_table', data: null });
    s.onmessage?.({ data: 'not json' });
    s.receive({ type: 'common_send_date', data: { key: 'refresh', args: [1, 2] } });
    expect(rows).toEqual([{ id: '1', name: '乙' }]);
    expect(common).toEqual([['refresh', [1, 2]]]);
  });
});
