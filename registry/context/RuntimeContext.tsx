/**
 * The React runtime context: the ports of src/runtime/ports.ts (request, permissions, user,
 * storage) and the widget registry, handed from the app shell to every widget and renderer.
 * It lives here, at the bottom of the React layers (registry/ ← renderers/ ← src/app), because
 * the widgets need it and the widget registry it carries is defined in registry/.
 */
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import type { RuntimePorts } from '../../src/runtime/ports.js';
import type { WidgetRegistry } from '../registry.js';

export type { Envelope, PermissionEntry, RequestPort, RuntimeUser, StoragePort } from '../../src/runtime/ports.js';

export interface RuntimeContextValue extends RuntimePorts {
  /**
   * The widget registry forms, lists, query forms and editable tables render with. The shell
   * adds it where screens are shown ({@link WidgetRegistryProvider}), so pages without screens
   * never load the widgets.
   */
  registry?: WidgetRegistry;
}

export const RuntimeContext = createContext<RuntimeContextValue | null>(null);

/** Reads the runtime context; throws when a renderer is used outside <RuntimeContext.Provider>. */
export function useRuntimeContext(): RuntimeContextValue {
  const ctx = useContext(RuntimeContext);
  if (!ctx) throw new Error('RuntimeContext is missing: wrap the screen in <RuntimeContext.Provider>');
  return ctx;
}

/**
 * The widget registry of the runtime context. Throws when none was provided (wrap the screen in
 * {@link WidgetRegistryProvider}, or give the RuntimeContext value a `registry`).
 */
export function useWidgetRegistry(): WidgetRegistry {
  const { registry } = useRuntimeContext();
  if (!registry) throw new Error('The widget registry is missing: wrap the screen in <WidgetRegistryProvider>');
  return registry;
}

/** Provides `registry` to `children` on top of the enclosing runtime context (its ports unchanged). */
export function WidgetRegistryProvider({ registry, children }: { registry: WidgetRegistry; children?: ReactNode }) {
  const outer = useRuntimeContext();
  const value = useMemo(() => ({ ...outer, registry }), [outer, registry]);
  return createElement(RuntimeContext.Provider, { value }, children);
}
