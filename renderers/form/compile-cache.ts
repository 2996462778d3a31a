/**
 * Compiled screen forms kept across openings of the same form (the form benchmark: a 200-field
 * form is compiled once, not on every 新增). Entries hang off the screen object (a WeakMap, so a
 * reloaded screen drops them) and are keyed by everything the compile reads; the registry and the
 * remote checks are compared by identity.
 */
import { markRaw } from '@formily/reactive';
import { compileScreenForm, type CompiledForm, type CompileOptions, type RemoteChecks } from '../../src/runtime/form/compile.js';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import type { WidgetRegistry } from '../../registry/registry.js';

interface Entry {
  registry: WidgetRegistry;
  remote: RemoteChecks | undefined;
  compiled: CompiledForm;
}

/** At most this many variants per screen (modes × records edited); the oldest is dropped. */
const MAX_VARIANTS = 16;
const cache = new WeakMap<ScreenSchema, Map<string, Entry>>();

/**
 * compileScreenForm(screen, opts), reused while screen, registry, remote, mode, disabled fields,
 * user, department and record id are the same. The returned `initialValues` are those of the
 * first compile: callers needing date or time defaults resolve them afresh (formDefaults).
 * Throws what compileScreenForm throws (and caches nothing then).
 */
export function compileCached(screen: ScreenSchema, opts: CompileOptions, registry: WidgetRegistry): CompiledForm {
  const key = JSON.stringify([
    opts.mode,
    [...(opts.disabledFields ?? [])].sort(),
    opts.context.username ?? '',
    opts.context.orgCode ?? '',
    opts.recordId ?? '',
  ]);
  let variants = cache.get(screen);
  if (!variants) cache.set(screen, (variants = new Map()));
  const hit = variants.get(key);
  if (hit && hit.registry === registry && hit.remote === opts.remote) return hit.compiled;
  const compiled = compileScreenForm(screen, opts);
  markPropsRaw(compiled);
  variants.delete(key);
  variants.set(key, { registry, remote: opts.remote, compiled });
  if (variants.size > MAX_VARIANTS) variants.delete(variants.keys().next().value as string);
  return compiled;
}

/**
 * Marks the screen data a widget receives in its component props (`screenField`, `extend`) as
 * raw: Formily would otherwise turn it into a deep observable per field and deep-copy it (toJS)
 * on every render of the widget. Nothing writes into it; a linkage changes top-level props only.
 */
function markPropsRaw(compiled: CompiledForm): void {
  const grid = Object.values(compiled.schema.properties ?? {})[0];
  for (const prop of Object.values(grid?.properties ?? {})) {
    const props = prop['x-component-props'];
    for (const key of ['screenField', 'extend']) {
      const value = props?.[key];
      if (value && typeof value === 'object') markRaw(value);
    }
  }
}
