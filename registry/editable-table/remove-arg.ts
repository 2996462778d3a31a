import { EDITABLE_TABLE_TEXT as T } from '../shared/locale.js';

/** What `removeRows` takes (spec 8): one id, ids joined by ',', or an array of ids or rows. */
export type RemoveRowsArg = string | readonly (string | { id: string })[];

/**
 * The ids of a `removeRows` argument (spec 8): a string (one id or ids joined by ',') or an
 * array of ids / rows. Anything else (a caller outside TypeScript's checks: a JeecgBoot-style
 * enhancement script) throws a TypeError naming what is accepted.
 */
export function idsOfRemoveArg(arg: unknown): string[] {
  if (typeof arg === 'string') return arg.split(',').filter(Boolean);
  if (Array.isArray(arg)) return arg.map((x) => (x && typeof x === 'object' ? String((x as { id?: unknown }).id) : String(x)));
  throw new TypeError(T.badRemoveArg);
}
