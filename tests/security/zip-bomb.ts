import zlib from 'node:zlib';

/** Builders of hostile .xlsx archives for the import tests: real zip files, written entry by entry. */

interface ZipEntry {
  name: string;
  /** The entry's bytes, as pieces (a generator keeps a 300 MB entry out of memory). */
  pieces: () => Iterable<Buffer>;
  /** Sizes to write in the headers instead of the true ones (a lying archive). */
  declare?: number;
}

/** Deflates the pieces of an entry as a stream; returns the compressed bytes, the true size and CRC-32. */
async function deflate(pieces: Iterable<Buffer>): Promise<{ raw: Buffer; size: number; crc: number }> {
  const d = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  d.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => d.on('end', resolve).on('error', reject));
  let size = 0;
  let crc = 0;
  for (const p of pieces) {
    size += p.length;
    crc = zlib.crc32(p, crc);
    if (!d.write(p)) await new Promise((r) => d.once('drain', r));
  }
  d.end();
  await done;
  return { raw: Buffer.concat(out), size, crc };
}

/** A zip archive of the entries (deflated; no zip64). */
export async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { raw, size, crc } = await deflate(e.pieces());
    const shown = e.declare ?? size;
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(raw.length, 18);
    local.writeUInt32LE(shown, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(raw.length, 20);
    central.writeUInt32LE(shown, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, raw);
    centrals.push(central, name);
    offset += 30 + name.length + raw.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const text = (s: string) => () => [Buffer.from(s)];

/**
 * A minimal .xlsx whose one sheet holds a header row `headers` and then the rows `sheetRows`
 * yields (each an XML `<row>`), with `padding` bytes of blanks inside the sheet data.
 */
export async function xlsxOf(
  headers: string[],
  sheetRows: () => Iterable<string>,
  opts: { padding?: number; declare?: number } = {},
): Promise<Buffer> {
  const cell = (v: string, col: number, row: number) =>
    `<c r="${String.fromCharCode(65 + col)}${row}" t="inlineStr"><is><t>${v}</t></is></c>`;
  const sheet = function* () {
    yield Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
        `<row r="1">${headers.map((h, i) => cell(h, i, 1)).join('')}</row>`,
    );
    let batch = '';
    for (const r of sheetRows()) {
      batch += r;
      if (batch.length > 1 << 20) {
        yield Buffer.from(batch);
        batch = '';
      }
    }
    if (batch) yield Buffer.from(batch);
    const blank = Buffer.alloc(1 << 20, 0x20);
    for (let left = opts.padding ?? 0; left > 0; left -= blank.length) yield left >= blank.length ? blank : blank.subarray(0, left);
    yield Buffer.from('</sheetData></worksheet>');
  };
  return zipOf([
    {
      name: '[Content_Types].xml',
      pieces: text(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      pieces: text(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      pieces: text(
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
          '<sheets><sheet name="导入" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      pieces: text(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', pieces: sheet, declare: opts.declare },
  ]);
}

/** The `<row>` of data row `n` (1-based data row, sheet row n+1) with the cell texts `values`. */
export const rowXml = (n: number, values: string[]) =>
  `<row r="${n + 1}">${values.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${n + 1}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;

/** The true expanded size of a zip archive's entries, counted while inflating (what the bomb really holds). */
export async function unzippedSize(zip: Buffer): Promise<number> {
  let total = 0;
  let at = zip.readUInt32LE(zip.length - 22 + 16);
  const count = zip.readUInt16LE(zip.length - 22 + 10);
  for (let i = 0; i < count; i++) {
    const csize = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const inflate = zlib.createInflateRaw();
    const done = new Promise((resolve, reject) => inflate.on('end', resolve).on('error', reject));
    inflate.on('data', (c: Buffer) => (total += c.length));
    inflate.end(zip.subarray(start, start + csize));
    await done;
    at += 46 + nameLen + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}
