import { randomBytes } from 'node:crypto';

/**
 * Bytes of one NOTIFY payload we send at most. PostgreSQL refuses payloads of 8000 bytes or more
 * (UTF-8, so a Chinese character counts 3); the margin covers a part's header.
 */
export const MAX_NOTIFY_BYTES = 7_000;
/** A partly received message is forgotten after this long (ms): its other parts were lost. */
const PARTIAL_TTL_MS = 30_000;

/** What one NOTIFY of the cluster channel carries: the sending process and its message. */
export interface Envelope<M> {
  o: string;
  m: M;
}

/**
 * The NOTIFY payloads carrying `msg` from process `origin`: one JSON envelope `{"o","m"}` when it
 * fits in `maxBytes`, else parts `#<origin>|<id>|<index>|<count>|<text>` of the envelope's JSON,
 * each within `maxBytes` and never splitting a character (a surrogate pair stays whole). Send
 * them in one statement (one transaction): PostgreSQL then delivers them together and in order.
 */
export function toNotifyPayloads(origin: string, msg: unknown, maxBytes = MAX_NOTIFY_BYTES): string[] {
  const whole = JSON.stringify({ o: origin, m: msg });
  if (Buffer.byteLength(whole) <= maxBytes) return [whole];
  const id = randomBytes(6).toString('hex');
  // the header's length with the largest index and count this message can have
  const room = maxBytes - Buffer.byteLength(`#${origin}|${id}|999999|999999|`);
  if (room < 16) throw new RangeError('maxBytes too small for a part');
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < whole.length; i++) {
    const c = whole.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < whole.length;
    const size = pair ? 4 : c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    if (bytes + size > room) {
      pieces.push(whole.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    if (pair) i++;
  }
  pieces.push(whole.slice(start));
  return pieces.map((p, i) => `#${origin}|${id}|${i}|${pieces.length}|${p}`);
}

/**
 * Puts NOTIFY payloads back together on the receiving side: `accept` returns the envelope of a
 * whole payload at once, of a parted one when its last missing part arrives (in any order), and
 * null for a part still waiting or a payload that is not ours. Parts of a message whose other
 * parts never come are dropped after 30 s.
 */
export class Reassembler<M> {
  private partial = new Map<string, { at: number; parts: (string | undefined)[]; left: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  accept(payload: string): Envelope<M> | null {
    if (!payload.startsWith('#')) return parse<M>(payload);
    const m = /^#([^|]{1,64})\|([0-9a-f]{1,32})\|(\d{1,6})\|(\d{1,6})\|/.exec(payload);
    if (!m) return null;
    const [head, origin, id, indexText, countText] = m;
    const index = Number(indexText);
    const count = Number(countText);
    if (index >= count) return null;
    this.sweep();
    const key = `${origin}|${id}`;
    let entry = this.partial.get(key);
    if (!entry) this.partial.set(key, (entry = { at: this.now(), parts: new Array<string | undefined>(count), left: count }));
    if (entry.parts.length !== count || entry.parts[index] !== undefined) return null;
    entry.parts[index] = payload.slice(head.length);
    if (--entry.left > 0) return null;
    this.partial.delete(key);
    return parse<M>(entry.parts.join(''));
  }

  /** Messages waiting for parts (tests, diagnostics). */
  get waiting(): number {
    return this.partial.size;
  }

  private sweep(): void {
    const limit = this.now() - PARTIAL_TTL_MS;
    for (const [k, e] of this.partial) if (e.at < limit) this.partial.delete(k);
  }
}

function parse<M>(text: string): Envelope<M> | null {
  try {
    const v = JSON.parse(text) as Partial<Envelope<M>>;
    return v && typeof v.o === 'string' && v.m !== undefined ? (v as Envelope<M>) : null;
  } catch {
    return null;
  }
}
