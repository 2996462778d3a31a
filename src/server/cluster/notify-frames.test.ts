import { describe, expect, it } from 'vitest';
import { MAX_NOTIFY_BYTES, Reassembler, toNotifyPayloads } from './notify-frames.js';

const page = (text: string) => ({ type: 'page', pageId: 'fin_bank_account', text });

describe('NOTIFY payloads of the cluster bus', () => {
  it('sends a small message as one JSON envelope', () => {
    const payloads = toNotifyPayloads('abc', { type: 'grants' });
    expect(payloads).toEqual(['{"o":"abc","m":{"type":"grants"}}']);
    expect(new Reassembler().accept(payloads[0])).toEqual({ o: 'abc', m: { type: 'grants' } });
  });

  it('parts a 60 kB table-sync frame of Chinese text and emoji within the byte limit, and puts it together in any order', () => {
    // 3-byte characters and 4-byte surrogate pairs, so a part boundary falls inside multi-byte text
    const text = JSON.stringify({ type: 'update_vxe_table', data: { rows: '银行账户😀'.repeat(3_500) } });
    expect(Buffer.byteLength(text)).toBeGreaterThan(50_000);
    const payloads = toNotifyPayloads('p1', page(text));
    expect(payloads.length).toBeGreaterThan(7);
    for (const p of payloads) {
      expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_NOTIFY_BYTES);
      // no lone surrogate: the text survives a UTF-8 round trip (what pg sends)
      expect(Buffer.from(p, 'utf8').toString('utf8')).toBe(p);
    }
    const r = new Reassembler();
    const shuffled = [...payloads.slice(1).reverse(), payloads[0]];
    const got = shuffled.map((p) => r.accept(p));
    expect(got.slice(0, -1).every((g) => g === null)).toBe(true);
    expect(got.at(-1)).toEqual({ o: 'p1', m: page(text) });
    expect(r.waiting).toBe(0);
  });

  it('keeps two large messages of two processes apart and ignores a repeated part', () => {
    const a = toNotifyPayloads('a', page('x'.repeat(20_000)));
    const b = toNotifyPayloads('b', page('y'.repeat(20_000)));
    const r = new Reassembler();
    const out = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (a[i]) out.push(r.accept(a[i]), r.accept(a[i]));
      if (b[i]) out.push(r.accept(b[i]));
    }
    const whole = out.filter((x) => x !== null);
    expect(whole.map((x) => x?.o)).toEqual(['a', 'b']);
    expect((whole[0]?.m as { text: string }).text).toBe('x'.repeat(20_000));
  });

  it('forgets a message whose other parts never come after 30 s', () => {
    let now = 0;
    const r = new Reassembler(() => now);
    const first = toNotifyPayloads('a', page('z'.repeat(20_000)));
    r.accept(first[0]);
    expect(r.waiting).toBe(1);
    now = 31_000;
    r.accept(toNotifyPayloads('b', page('w'.repeat(20_000)))[0]);
    expect(r.waiting).toBe(1);
  });

  it('ignores payloads that are not ours', () => {
    const r = new Reassembler();
    expect(r.accept('hello')).toBeNull();
    expect(r.accept('#bad')).toBeNull();
    expect(r.accept('#a|00|5|2|x')).toBeNull();
    expect(r.accept('{"m":1}')).toBeNull();
  });
});
