import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text formats (images and fonts of the build are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|map)$/;

/** Same floor as the API's compression: below it the headers cost more than the saving. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `file.br` (Brotli, quality 11) and `file.gz` (gzip -9) beside one built file, each only
 * when it is smaller than the file. Returns the names written.
 */
export async function precompressFile(file: string): Promise<string[]> {
  const data = await fs.readFile(file);
  if (data.length < PRECOMPRESS_MIN_BYTES) return [];
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const written: string[] = [];
  for (const [ext, body] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (body.length >= data.length) continue;
    await fs.writeFile(file + ext, body);
    written.push(file + ext);
  }
  return written;
}

/**
 * Vite build plugin: after the bundle is written, every compressible output file of at least
 * {@link PRECOMPRESS_MIN_BYTES} bytes gets Brotli and gzip siblings (`.br`, `.gz`), which the
 * server's static handler sends to clients whose Accept-Encoding allows them (src/server/app.ts).
 * Compressing at build time lets the highest levels be used at no cost per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'obo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const files = Object.keys(bundle)
        .filter((name) => COMPRESSIBLE.test(name))
        .map((name) => path.join(dir, name));
      const started = Date.now();
      const written = (await Promise.all(files.map(precompressFile))).flat();
      this.info(`precompressed ${written.length} files (.br, .gz) in ${Date.now() - started} ms`);
    },
  };
}
