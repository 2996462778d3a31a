import { md5 } from 'js-md5';
import { DEFAULT_SIGNATURE_SECRET, signSource } from '../../shared/sign';
export { needsSignature, signTimestamp } from '../../shared/sign';
export { DEFAULT_SIGNATURE_SECRET };

/**
 * Request signature of the JeecgBoot dictionary endpoints (api-contract §1.6, spec 7).
 * It is wire compatibility, not security: the secret ships inside the client bundle.
 */

function signatureSecret(): string {
  const fromEnv = import.meta.env?.VITE_SIGNATURE_SECRET;
  return fromEnv && fromEnv.length > 0 ? fromEnv : DEFAULT_SIGNATURE_SECRET;
}

/**
 * Computes `X-Sign` (api-contract §1.6): uppercase MD5 of the canonical params text
 * (src/shared/sign.ts signSource) + the secret (VITE_SIGNATURE_SECRET, else the JeecgBoot default).
 * Inputs: url relative to the API base, query params object, request body (objects only count).
 * Returns the 32-char uppercase hex signature.
 */
export function computeSign(url: string, params?: Record<string, unknown>, body?: unknown): string {
  return md5(signSource(url, params, body) + signatureSecret()).toUpperCase();
}
