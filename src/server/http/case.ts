/** 'create_time' → 'createTime'. */
export function snakeToCamel(s: string): string {
  return s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A snake_case key as camelCase, at type level: 'create_time' → 'createTime'. */
export type CamelKey<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelKey<T>>}` : S;

/** A row type with its keys in camelCase (leaving out the keys `O`). */
export type CamelRow<T, O extends keyof T = never> = { [K in Exclude<keyof T, O> & string as CamelKey<K>]: T[K] };

/**
 * Copies a row with snake_case keys into camelCase keys, leaving out `omit` columns. Typed by
 * the row: a Kysely row of `sys_user` comes back with `realname`, `orgCode`, … of their types.
 */
export function camelRow<T extends object, O extends keyof T & string = never>(row: T, omit: readonly O[] = []): CamelRow<T, O> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!(omit as readonly string[]).includes(k)) out[snakeToCamel(k)] = v;
  return out as CamelRow<T, O>;
}

/**
 * Client IP of a request: Fastify's `req.ip`, which follows X-Forwarded-For only through the
 * proxies TRUST_PROXY names (a header from anyone else is ignored).
 */
export function clientIp(req: { ip: string; headers: Record<string, unknown> }): string {
  return req.ip;
}
