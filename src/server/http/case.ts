/** 'create_time' → 'createTime'. */
export function snakeToCamel(s: string): string {
  return s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Copies a row with snake_case keys into camelCase keys, leaving out `omit` columns. */
export function camelRow(row: Record<string, unknown>, omit: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!omit.includes(k)) out[snakeToCamel(k)] = v;
  return out;
}

/** Client IP of a request (first X-Forwarded-For entry when present). */
export function clientIp(req: { ip: string; headers: Record<string, unknown> }): string {
  const fwd = req.headers['x-forwarded-for'];
  return typeof fwd === 'string' && fwd ? fwd.split(',')[0].trim() : req.ip;
}
