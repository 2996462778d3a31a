import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeSocket, SESSION_ENDED, socketUrl, type NoticeFrame, type SocketLike } from './noticeSocket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string) {
    this.sent.push(data);
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
let notices: NoticeFrame[];
let status: boolean[];
const make = () =>
  new NoticeSocket({
    url: 'ws://h/jeecg-boot/websocket/u1',
    token: 'tok',
    onNotice: (f) => notices.push(f),
    onStatus: (o) => status.push(o),
    create: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    },
  });

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  notices = [];
  status = [];
});
afterEach(() => vi.useRealTimers());

describe('NoticeSocket', () => {
  it('connects with the token as the protocol and hands user/topic frames on, nothing else', () => {
    const c = make();
    c.start();
    expect(sockets[0].protocols).toEqual(['tok']);
    sockets[0].open();
    expect(status).toEqual([true]);
    sockets[0].receive({ cmd: 'topic', msgId: '1', msgTxt: 'a' });
    sockets[0].receive({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    sockets[0].receive({ cmd: 'user', userId: 'u1', msgId: '2', msgTxt: 'b' });
    sockets[0].onmessage?.({ data: 'not json' });
    expect(notices.map((n) => n.msgId)).toEqual(['1', '2']);
    c.stop();
  });

  it('sends HeartBeat every 20 s and closes when no frame answers within 20 s', () => {
    const c = make();
    c.start();
    sockets[0].open();
    // spec 9's figures written out: changing a constant fails here
    vi.advanceTimersByTime(19_999);
    expect(sockets[0].sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sockets[0].sent).toEqual(['HeartBeat']);
    sockets[0].receive({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    vi.advanceTimersByTime(20_000);
    expect(sockets[0].sent).toEqual(['HeartBeat', 'HeartBeat']);
    vi.advanceTimersByTime(19_999);
    expect(sockets[0].closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(sockets[0].closed).toBe(true);
    c.stop();
  });

  it('reconnects 5 s after a close, but not after the session ended or after stop()', () => {
    const c = make();
    c.start();
    sockets[0].open();
    sockets[0].close(1006);
    expect(status).toEqual([true, false]);
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    sockets[1].close(SESSION_ENDED);
    vi.advanceTimersByTime(15_000);
    expect(sockets).toHaveLength(2);
    const d = make();
    d.start();
    d.stop();
    vi.advanceTimersByTime(15_000);
    expect(sockets).toHaveLength(3);
  });

  it('builds the socket url from a relative or an absolute API base', () => {
    expect(socketUrl('/jeecg-boot', '/websocket/u1', { protocol: 'https:', host: 'oa.example.cn' })).toBe(
      'wss://oa.example.cn/jeecg-boot/websocket/u1',
    );
    expect(socketUrl('/jeecg-boot/', '/websocket/u1', { protocol: 'http:', host: 'localhost:3100' })).toBe(
      'ws://localhost:3100/jeecg-boot/websocket/u1',
    );
    expect(socketUrl('https://api.example.cn/jeecg-boot', '/websocket/u1', { protocol: 'http:', host: 'x' })).toBe(
      'wss://api.example.cn/jeecg-boot/websocket/u1',
    );
  });
});
