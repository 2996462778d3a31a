import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { failBody } from './envelope.js';
import type { Db } from '../db/connection.js';
import { DbRateCounter, dbRateStore } from './db-rate-store.js';

/** The answer over a limit (HTTP 429). */
export const RATE_LIMITED = '请求过于频繁，请稍后再试';

/** The account a sign-in request names: user name, else phone (login, SMS, registration, reset). */
function accountOf(req: FastifyRequest): string {
  const from = (o: unknown) => {
    if (!o || typeof o !== 'object') return '';
    const r = o as Record<string, unknown>;
    for (const k of ['username', 'mobile', 'phone']) if (typeof r[k] === 'string' && r[k]) return String(r[k]).trim().slice(0, 100);
    return '';
  };
  return from(req.body) || from(req.query);
}

/**
 * The limits of the anonymous sign-in endpoints (@fastify/rate-limit, counted in the database's
 * `sys_rate_limit` so every process of one database counts together, http/db-rate-store.ts):
 * `perIp` requests a minute from one client IP and `perAccount` naming one account or phone,
 * counted together over every endpoint that uses the returned preHandler. Over either: HTTP 429
 * with 请求过于频繁，请稍后再试, before any password or code is checked. Wrong passwords are
 * counted apart, per account and address, by the login lock (modules/login/login-lock.ts).
 */
export async function authRateLimit(
  app: FastifyInstance,
  db: Db,
  limits: { perIp: number; perAccount: number },
): Promise<(req: FastifyRequest, reply: FastifyReply) => Promise<void>> {
  const counter = new DbRateCounter(db, { onError: (err) => app.log.warn({ err }, 'rate-limit sweep failed') });
  await app.register(rateLimit, { global: false, store: dbRateStore(counter) });
  const byIp = app.createRateLimit({ max: limits.perIp, timeWindow: 60_000, keyGenerator: (req) => `ip:${req.ip}` });
  const byAccount = app.createRateLimit({
    max: limits.perAccount,
    timeWindow: 60_000,
    keyGenerator: (req) => `account:${accountOf(req).toLowerCase()}`,
  });
  return async (req, reply) => {
    const ip = await byIp(req);
    const account = accountOf(req) ? await byAccount(req) : null;
    if ((!ip.isAllowed && ip.isExceeded) || (account && !account.isAllowed && account.isExceeded)) {
      const ttl = Math.max(ip.isAllowed ? 0 : ip.ttlInSeconds, account && !account.isAllowed ? account.ttlInSeconds : 0);
      reply.header('Retry-After', String(Math.max(1, ttl)));
      return reply.code(429).send(failBody(RATE_LIMITED, 429));
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in endpoints' rate limit (preHandler; auth-rate-limit.ts). */
    authLimit: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}
