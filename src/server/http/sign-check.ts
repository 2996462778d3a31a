import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGN_MAX_AGE_MS, needsSignature, parseSignTimestamp, signSource } from '../../shared/sign.js';
import { BizError } from './envelope.js';

/** Texts of a refused signature (api-contract §1.6, JeecgBoot SignAuthInterceptor). */
export const SIGN_TEXT = {
  failed: 'Sign签名校验失败！',
  expired: '签名验证失败:X-TIMESTAMP已过期',
} as const;

/**
 * Expected X-Sign of a request: uppercase MD5 of the canonical params text (src/shared/sign.ts)
 * + `secret`. Inputs: the raw url (path and query, as received), the parsed JSON body, secret.
 */
export function expectedSign(rawUrl: string, body: unknown, secret: string): string {
  return createHash('md5')
    .update(signSource(rawUrl, undefined, body) + secret, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/**
 * Checks X-Sign / X-TIMESTAMP of one request (api-contract §1.6). Throws BizError (HTTP 200,
 * code 500, Sign签名校验失败！ or the expired text) when missing, wrong or older than 5 minutes.
 */
export function verifySignature(req: FastifyRequest, secret: string, now = Date.now()): void {
  const sign = req.headers['x-sign'];
  const stamp = req.headers['x-timestamp'];
  if (typeof sign !== 'string' || !sign || typeof stamp !== 'string') throw new BizError(SIGN_TEXT.failed);
  const at = parseSignTimestamp(stamp);
  if (at === null) throw new BizError(SIGN_TEXT.failed);
  if (Math.abs(now - at) > SIGN_MAX_AGE_MS) throw new BizError(SIGN_TEXT.expired);
  const body = req.method === 'GET' ? undefined : req.body;
  if (sign.toUpperCase() !== expectedSign(req.url, body, secret)) throw new BizError(SIGN_TEXT.failed);
}

/**
 * Registers the signature check on the API scope `app` for the signed dictionary paths
 * (DESIGN wire policy: verified on the same paths a JeecgBoot server checks, only when a secret is
 * configured; without SIGN_SECRET nothing is checked). Runs after the body is parsed.
 */
export function registerSignCheck(app: FastifyInstance, secret: string | undefined): void {
  if (!secret) return;
  app.addHook('preHandler', async (req) => {
    if (needsSignature(req.url)) verifySignature(req, secret);
  });
}
