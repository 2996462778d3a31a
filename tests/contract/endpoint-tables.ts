import fs from 'node:fs';
import path from 'node:path';

/** An endpoint of docs/jeecg-compat.md: method and path (`:x` parameters). */
export interface DocEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

const DOC = path.resolve(import.meta.dirname, '../../docs/jeecg-compat.md');

/** The `METHOD /path` entries of the doc's section `heading` (up to the next `## `). */
export function endpointsOf(heading: string): DocEndpoint[] {
  const text = fs.readFileSync(DOC, 'utf8');
  const start = text.indexOf(`## ${heading}\n`);
  if (start < 0) throw new Error(`docs/jeecg-compat.md has no section ${heading}`);
  const end = text.indexOf('\n## ', start + 3);
  const section = text.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/`(GET|POST|PUT|DELETE) (\/[^`\s]*)`/g)].map((m) => ({ method: m[1] as DocEndpoint['method'], path: m[2] }));
}

/** A concrete url of an endpoint path (parameters and wildcards filled with placeholders). */
export function concrete(p: string): string {
  return p.replace(/:\w+/g, 'x').replace('*', 'x.png');
}
