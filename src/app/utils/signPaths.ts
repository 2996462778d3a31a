/**
 * The signed paths of api-contract §1.6 (one list, in src/shared/sign.ts, for client and server).
 * Kept as its own module so http.ts can test a path without loading js-md5.
 */
export { needsSignature } from '../../shared/sign';
