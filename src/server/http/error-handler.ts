import type { FastifyInstance, FastifyError } from 'fastify';
import { AuthError, BizError, ForbiddenError, failBody } from './envelope.js';
import { WIRE_TEXT } from '../../shared/envelope.js';
import { DbError } from '../db/worker-driver.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';

/**
 * Installs the wire policy (docs/architecture.md) on `app`: BizError → 200/success false; AuthError → 401;
 * ForbiddenError → 403; malformed requests (bad JSON, bad multipart) → 200 with a clear message;
 * a unique-key violation → 200 数据库中已存在该记录; a lock wait timed out → 503 系统繁忙; the database
 * server restarting or unreachable → 503 数据库暂时不可用 with Retry-After; anything else → 500 with a generic message
 * and the request id, the detail only in the log.
 */
export function installErrorHandler(app: FastifyInstance, apiBase: string): void {
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    if (err instanceof BizError) return reply.code(200).send(failBody(err.message, err.code, err.result));
    if (err instanceof AuthError) return reply.code(401).send(failBody(err.message, 401));
    if (err instanceof ForbiddenError) return reply.code(403).send(failBody(err.message, 403));
    // a unique-key violation (SQLSTATE 23505) from PGlite (DbError) or the pg driver
    if ((err instanceof DbError || (err as { severity?: string }).severity) && (err as { code?: string }).code === '23505') {
      return reply.code(200).send(failBody('数据库中已存在该记录', 500));
    }
    // the embedded database's connection was not free in time (rw-lock.ts), or PostgreSQL's
    // lock_timeout: the transaction has rolled back; the client may retry
    // the embedded database's worker was replaced under a statement (a query past its limit): the
    // statement's transaction is gone, nothing of it was written; the client may retry
    if (err instanceof DbError && err.code === '57P01') {
      req.log.warn({ reqId: req.id }, 'database restarted under the request');
      return reply.code(503).header('Retry-After', '5').send(failBody(WIRE_TEXT.busy, 503));
    }
    if ((err as { code?: string }).code === '55P03') {
      req.log.warn({ reqId: req.id }, 'database busy: lock wait timed out');
      return reply.code(503).header('Retry-After', '5').send(failBody(WIRE_TEXT.busy, 503));
    }
    // PostgreSQL restarting or unreachable: the pool reconnects by itself, the client may retry
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ reqId: req.id, err }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send(failBody(WIRE_TEXT.dbUnavailable, 503));
    }
    const fe = err as FastifyError;
    if (!req.url.startsWith(apiBase)) {
      // outside the API (static files): plain HTTP statuses, no envelope
      if (fe.statusCode && fe.statusCode < 500) return reply.code(fe.statusCode).send(fe.statusCode === 404 ? 'Not Found' : 'Forbidden');
      req.log.error({ err, reqId: req.id }, 'unexpected fault');
      return reply.code(500).send('Internal Server Error');
    }
    if (
      fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (fe.statusCode === 400 && err instanceof SyntaxError)
    ) {
      return reply.code(200).send(failBody('请求数据格式不正确', 500));
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(200).send(failBody('请求数据过大', 500));
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_FILES_LIMIT' || fe.code === 'FST_PARTS_LIMIT') {
      return reply.code(200).send(failBody('上传文件过大或数量过多', 500));
    }
    if (fe.validation) {
      // schema-errors.ts: a body that is not a JSON object has the handlers' own message
      const text = (fe as { bodyShape?: true }).bodyShape ? fe.message : `请求参数不正确：${fe.message}`;
      return reply.code(200).send(failBody(text, 500));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.code(200).send(failBody(`请求不正确：${fe.message}`, 500));
    }
    req.log.error({ err, reqId: req.id }, 'unexpected fault');
    return reply.code(500).send(failBody(`${WIRE_TEXT.internal}（请求编号 ${req.id}）`, 500));
  });
}
