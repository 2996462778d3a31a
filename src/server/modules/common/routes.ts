import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { BizError, failBody, ok } from '../../http/envelope.js';
import { queryOf } from '../../http/route-schemas.js';
import { FILE_TEXT } from './texts.js';
import { INLINE_TYPES, UploadStore } from './upload-store.js';
import { canReadFile, recordFileOwner } from './file-access.js';
import type { SessionUser } from '../auth/token-service.js';
import { activeTenantsOfUser, tenantIdOf } from '../tenant/tenant-service.js';

/** Moves the stored file `rel` into the `biz` folder (planned like an upload); returns the new relative path. */
function moveToFolder(store: UploadStore, rel: string, originalName: string, biz: string): string {
  const from = store.resolve(rel);
  let to: string | null = null;
  let target = rel;
  try {
    target = store.plan(originalName, biz);
    to = store.resolve(target);
  } finally {
    if (from && !to) fs.rmSync(from, { force: true });
  }
  if (!from || !to) throw new BizError('上传目录参数不合法');
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.renameSync(from, to);
  return target;
}

/** How long a signed preview address (`/sys/common/preview/sign`) opens its file: 10 minutes. */
export const PREVIEW_SIGNATURE_SECONDS = 600;

/**
 * Upload and static file endpoints (spec 7.3, api-contract §6.4). A stored file is served to
 * anyone only from a public folder (file-access.ts); otherwise the request carries the session's
 * token header, or its file key (`fk` query parameter, X-File-Key answer header: `<img src>`
 * sends no header), and the
 * session's user uploaded it or may read a record referencing it. Any other request gets the
 * same 404 as a missing file, so the answer reveals nothing. The online preview service instead
 * gets an address signed for that one file (`expires`, `signature`; 403 when wrong or expired).
 */
export function commonRoutes(app: FastifyInstance, store: UploadStore): void {
  const { ctx } = app;
  app.post('/sys/common/upload', { schema: { consumes: ['multipart/form-data'] } }, async (req) => {
    if (!req.isMultipart()) throw new BizError('请使用multipart/form-data上传文件');
    let biz: string | undefined;
    let saved: string | null = null;
    let savedName = '';
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'biz') biz = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || saved) {
        part.file.resume();
        continue;
      }
      const rel = store.plan(part.filename, biz);
      const abs = store.resolve(rel);
      if (!abs) throw new BizError('上传目录参数不合法');
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      try {
        await pipeline(part.file, fs.createWriteStream(abs));
      } catch (err) {
        fs.rmSync(abs, { force: true });
        throw err;
      }
      if (part.file.truncated) {
        fs.rmSync(abs, { force: true });
        throw new BizError('上传文件过大');
      }
      saved = rel;
      savedName = part.filename;
    }
    if (!saved) throw new BizError('未上传任何文件');
    // a `biz` field sent after the file (JeecgBoot's editors append it last) still names the folder
    if (biz !== undefined && saved.split('/')[0] !== (biz.trim() || 'temp')) saved = moveToFolder(store, saved, savedName, biz);
    await recordFileOwner(ctx.db, saved, req.user.id);
    return { success: true, message: saved, code: 0, result: null, timestamp: Date.now() };
  });

  // The file preview's settings (spec 9 "online preview URL"; not a JeecgBoot endpoint: its
  // clients read the address from their build environment). Signed-in callers only.
  app.get('/sys/common/preview/config', async () => ok({ onlinePreviewUrl: app.ctx.config.onlinePreviewUrl ?? null }));

  /** The stored file path `p` as the file route resolves it (relative to the store, `/`-separated), or null when outside it. */
  const storedRel = (p: string): { rel: string; abs: string } | null => {
    const abs = store.resolve(p.replace(/,+$/, ''));
    return abs ? { rel: path.relative(store.root, abs).split(path.sep).join('/'), abs } : null;
  };

  // A short-lived address of one stored file for the online preview service (spec 9; not a
  // JeecgBoot endpoint): signed-in callers who may read the file (canReadFile, as the file route)
  // get `expires` (epoch s, PREVIEW_SIGNATURE_SECONDS ahead) and `signature`, which the file route
  // accepts for that path only, without a session. The session's file key never leaves the browser.
  app.get<{ Querystring: { path: string } }>(
    '/sys/common/preview/sign',
    { schema: { querystring: queryOf({ path: Type.String({ minLength: 1, maxLength: 1_000, description: 'stored file path' }) }) } },
    async (req, reply) => {
      const hit = storedRel(req.query.path.replace(/^\/+/, ''));
      const stat = hit ? fs.statSync(hit.abs, { throwIfNoEntry: false }) : undefined;
      if (!hit || !stat?.isFile() || !(await canReadFile(ctx, hit.rel, req.user)))
        return reply.code(404).send(failBody(FILE_TEXT.missing, 404));
      const expires = Math.floor(Date.now() / 1000) + PREVIEW_SIGNATURE_SECONDS;
      return ok({ expires, signature: ctx.tokens.fileSignature(hit.rel, expires) });
    },
  );

  /** The session user of a token header, in the `tenant-id` it names when it is one of theirs (else their first); null when invalid. */
  const sessionOfHeader = async (token: string, tenantHeader: unknown): Promise<SessionUser | null> => {
    const user = await ctx.tokens.verify(token).catch(() => null);
    if (!user) return null;
    const tenants = (await activeTenantsOfUser(ctx.db, user.id)).map((t) => t.id).sort((a, b) => a - b);
    const asked = tenantIdOf(Array.isArray(tenantHeader) ? tenantHeader[0] : tenantHeader);
    const tenantId = asked && tenants.includes(asked) ? asked : tenants[0];
    return { ...user, tenantId };
  };

  /**
   * The session user of a file key, when the key's tenant is still one of the user's (a user
   * removed from a tenant stops reading its files at once, though the key lives on); null otherwise.
   */
  const sessionOfFileKey = async (key: string | undefined): Promise<SessionUser | null> => {
    const user = await ctx.tokens.userOfFileKey(key);
    if (!user) return null;
    const tenants = (await activeTenantsOfUser(ctx.db, user.id)).map((t) => t.id);
    if (user.tenantId ? !tenants.includes(user.tenantId) : tenants.length > 0) return null;
    return user;
  };

  app.get<{ Params: { '*': string }; Querystring: { fk?: string; expires?: string; signature?: string } }>(
    '/sys/common/static/*',
    { config: { public: true } },
    async (req, reply) => {
      const hit = storedRel(req.params['*'] ?? '');
      const missing = () => reply.code(404).send(failBody(FILE_TEXT.missing, 404));
      if (!hit) return missing();
      const { rel, abs } = hit;
      const { signature, expires } = req.query;
      // a signed preview address opens its own path until it expires, and nothing else
      const signed = signature !== undefined;
      const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
      if (signed && !ctx.tokens.checkFileSignature(rel, text(expires), text(signature)))
        return reply.code(403).send(failBody(FILE_TEXT.badSignature, 403));
      const stat = fs.statSync(abs, { throwIfNoEntry: false });
      if (!stat?.isFile()) return missing();
      if (!signed) {
        // the session: its token header (the preview reads files with it) or its file key (links)
        const header = req.headers['x-access-token'];
        const user =
          typeof header === 'string' && header
            ? await sessionOfHeader(header, req.headers['tenant-id'])
            : await sessionOfFileKey(typeof req.query.fk === 'string' ? req.query.fk : undefined);
        if (!(await canReadFile(ctx, rel, user))) return missing();
      }
      const ext = path.extname(abs).toLowerCase();
      const name = encodeURIComponent(path.basename(abs));
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Length', stat.size);
      if (INLINE_TYPES[ext]) reply.type(INLINE_TYPES[ext]);
      else {
        reply.type('application/force-download');
        reply.header('Content-Disposition', `attachment;fileName=${name}`);
      }
      return reply.send(fs.createReadStream(abs));
    },
  );
}
