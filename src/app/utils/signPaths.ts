/** Path fragments a JeecgBoot server checks the request signature on (api-contract §1.6). */
const SIGNED_PATHS = [
  '/sys/dict/getDictItems/',
  '/sys/dict/loadDict/',
  '/sys/dict/loadDictOrderByValue/',
  '/sys/dict/loadDictItem/',
  '/sys/dict/loadTreeData',
  '/sys/api/',
];

/**
 * True when `url` (relative to the API base, query allowed) is one of the signed dictionary
 * paths of api-contract §1.6, so the request carries X-Sign and X-TIMESTAMP.
 */
export function needsSignature(url: string): boolean {
  const path = url.split('?')[0];
  return SIGNED_PATHS.some((p) => path.includes(p));
}
