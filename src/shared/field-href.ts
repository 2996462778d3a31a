import type { ScreenSchema } from './generated/screen-schema.js';
import { toColumn } from './columns.js';

/** The `${name}` placeholders of a link template. */
const PLACEHOLDER = /\$\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/**
 * The URL of a link field's cell (schema `fieldHref`): each `${name}` replaced by the row's
 * value of that field (read by column or by name; `id` too), URL-encoded, empty when the row has
 * none. Returns undefined for a template that is not a path of this app or an http(s) URL (the
 * meta-schema refuses those; checked again so no `javascript:` link is ever drawn).
 */
export function fieldHref(template: string, row: Record<string, unknown>): string | undefined {
  if (!/^(\/[^/\\\s]|\/$|https?:\/\/)\S*$/.test(template)) return undefined;
  return template.replace(PLACEHOLDER, (_m, name: string) => {
    const v = row[toColumn(name)] ?? row[name];
    return v === null || v === undefined ? '' : encodeURIComponent(String(v));
  });
}

/** Whether a link opens outside the app (an http(s) URL: a new window). */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//.test(href);
}

/** The placeholders of a screen field's link template that name no field of the screen (nor `id`). */
export function unknownHrefNames(screen: Pick<ScreenSchema, 'fields'>, template: string): string[] {
  const names = new Set(['id', ...screen.fields.map((f) => f.name), ...screen.fields.map((f) => toColumn(f.name))]);
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((n) => !names.has(n));
}
