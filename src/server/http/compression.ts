import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/** Answers smaller than this (bytes) go out uncompressed: the saving would not pay for the work. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses answers on the fly (@fastify/compress): Brotli or gzip as the request's
 * Accept-Encoding allows (Brotli preferred), for compressible content types of at least
 * {@link COMPRESS_THRESHOLD} bytes, adding `Vary: accept-encoding`. Brotli at quality 4 and gzip
 * at level 6 keep the cost per answer low. Already encoded answers (the precompressed client
 * files) pass through untouched; request bodies are not decompressed. Register it in the API's
 * scope before its routes: the client's files are compressed at build time ({@link serveClient}).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    },
    zlibOptions: { level: 6 },
  });
}

/** The compressed siblings the build writes beside a client file (scripts/build/precompress.ts). */
const ENCODED_SIBLING = /\.(br|gz)$/;

/**
 * Serves the built client in `clientDir` at '/': hashed files under assets/ cached for a year
 * (immutable), everything else revalidated. Each file goes out as its precompressed `.br` or
 * `.gz` sibling when the request's Accept-Encoding allows it (Brotli preferred, then gzip, else
 * the file itself), with Content-Encoding, its Content-Length and `Vary: accept-encoding`; the
 * siblings are never served under their own names. Returns the function that sends the page of
 * a client route `pathname` (the history-mode fallback): its prerendered page `pages/<path>.html`
 * when the build wrote one (the login page, scripts/build/login-page.ts), else index.html; or
 * null when the client is not built.
 */
export async function serveClient(
  app: FastifyInstance,
  clientDir: string,
): Promise<((reply: FastifyReply, pathname?: string) => FastifyReply) | null> {
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) return null;
  const prerendered = prerenderedPages(clientDir);
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    preCompressed: true,
    allowedPath: (pathname: string) => !ENCODED_SIBLING.test(pathname),
    // hashed bundles never change; index.html is always revalidated
    setHeaders: (reply: { header(k: string, v: string): unknown }, file: string) =>
      reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  return (reply, pathname) => reply.sendFile((pathname && prerendered.get(pathname)) || 'index.html');
}

/** The prerendered pages under `clientDir/pages` by route path ('/user/login' → 'pages/user/login.html'). */
function prerenderedPages(clientDir: string): Map<string, string> {
  const dir = path.join(clientDir, 'pages');
  const pages = new Map<string, string>();
  if (!fs.existsSync(dir)) return pages;
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const route = '/' + file.slice(0, -'.html'.length).split(path.sep).join('/');
    pages.set(route, path.posix.join('pages', ...file.split(path.sep)));
  }
  return pages;
}
