import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** Bounds of one imported workbook: bytes after decompression (all entries) and worksheet rows. */
export interface XlsxBounds {
  /** Most bytes all entries of the archive may expand to. */
  maxBytes: number;
  /** Most `<row>` elements all worksheets may hold together. */
  maxRows: number;
}

/** What the scan found: within bounds, a broken archive, too many bytes, or too many rows. */
export type XlsxVerdict = 'ok' | 'broken' | 'tooLarge' | 'tooManyRows';

interface Entry {
  name: string;
  method: number;
  raw: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of a zip archive from its central directory, or null when it is not a readable zip (zip64 included). */
function entriesOf(data: Buffer): Entry[] | null {
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--)
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) return null;
  const count = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) return null;
  const out: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) return null;
    const method = data.readUInt16LE(at + 10);
    const size = data.readUInt32LE(at + 20);
    const nameLen = data.readUInt16LE(at + 28);
    const skip = nameLen + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLen);
    if (size === 0xffffffff || local + 30 > data.length || data.readUInt32LE(local) !== LOCAL) return null;
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (start + size > data.length || (method !== 0 && method !== 8)) return null;
    out.push({ name, method, raw: data.subarray(start, start + size) });
    at += 46 + skip;
  }
  return out;
}

/** The bytes of an entry, decompressed piece by piece (64 KB at a time, never held whole). */
async function* piecesOf(entry: Entry): AsyncGenerator<Buffer> {
  if (entry.method === 0) {
    for (let i = 0; i < entry.raw.length; i += 65_536) yield entry.raw.subarray(i, i + 65_536);
    return;
  }
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < entry.raw.length; i += 65_536) yield entry.raw.subarray(i, i + 65_536);
    })(),
  );
  const inflate = zlib.createInflateRaw({ chunkSize: 65_536 });
  source.pipe(inflate);
  try {
    for await (const piece of inflate) yield piece as Buffer;
  } finally {
    source.destroy();
    inflate.destroy();
  }
}

const ROW_TAG = '<(?:[A-Za-z_][\\w.-]*:)?row[\\s>/]';
const ROWS = new RegExp(ROW_TAG, 'g');
const ONE_ROW = new RegExp(ROW_TAG);

/**
 * Scans an .xlsx (a zip archive) before anything parses it: decompresses every entry as a
 * stream, counting the bytes of all entries and the `<row>` elements of the worksheets, and
 * stops at the first bound passed — so an archive that expands to gigabytes costs at most
 * `maxBytes` of inflating and a few 64 KB buffers of memory. The sizes the archive declares are
 * not trusted. Returns the verdict; `tally`, when given, receives the bytes and rows counted.
 */
export async function scanXlsx(data: Buffer, bounds: XlsxBounds, tally?: { bytes: number; rows: number }): Promise<XlsxVerdict> {
  const entries = entriesOf(data);
  if (!entries) return 'broken';
  let bytes = 0;
  let rows = 0;
  for (const entry of entries) {
    const sheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name);
    let carry = '';
    try {
      for await (const piece of piecesOf(entry)) {
        bytes += piece.length;
        if (tally) tally.bytes = bytes;
        if (bytes > bounds.maxBytes) return 'tooLarge';
        if (!sheet) continue;
        // latin1 keeps one char per byte: tags are ASCII, and a tag split between pieces is seen through the carry
        const text = carry + piece.toString('latin1');
        rows += text.match(ROWS)?.length ?? 0;
        if (tally) tally.rows = rows;
        if (rows > bounds.maxRows) return 'tooManyRows';
        const tail = text.slice(-32);
        const cut = tail.lastIndexOf('<');
        carry = cut >= 0 ? tail.slice(cut) : '';
        // a tag already counted must not be counted again through the carry
        if (ONE_ROW.test(carry)) carry = '';
      }
    } catch {
      return 'broken';
    }
  }
  return 'ok';
}
