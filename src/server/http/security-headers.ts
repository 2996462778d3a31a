import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import { LOGIN_PAGE_JS } from '../../shared/login-page-script.js';

/** The CSP source of the prerendered login page's inline script (submit guard and boot): its SHA-256, nothing else inline. */
const LOGIN_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LOGIN_PAGE_JS).digest('base64')}'`;

/**
 * The Content-Security-Policy of every answer, written for the built client: its own scripts
 * only (no eval; no inline script but the login page's own (submit guard and boot), by its hash); styles from itself and inline (antd writes its CSS-in-JS as
 * `<style>` elements); images from anywhere (the image field takes web addresses, rich text
 * embeds them) and data:/blob: previews; API and WebSocket calls to itself; frames of external
 * menu pages (菜单 of type iframe) and of the file preview's PDF (a blob: URL of the fetched file,
 * shown by the browser's viewer), but never the app inside another site's frame.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", LOGIN_SCRIPT_HASH],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  frameSrc: ["'self'", 'blob:', 'http:', 'https:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, X-Frame-Options
 * SAMEORIGIN, nosniff, Referrer-Policy no-referrer, Cross-Origin-Opener-Policy and the other
 * helmet defaults. No upgrade-insecure-requests: an intranet install may be plain HTTP.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    // a client on another configured origin (CORS_ORIGINS) still shows stored images
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // plain-HTTP intranet installs: the browser must not insist on HTTPS afterwards
    strictTransportSecurity: false,
  });
}
