/**
 * The composition root of the widget registry: pages that show screen schemas (lists, their
 * forms, query forms, sub tables) get the built-in registry through the runtime context here.
 * This module is loaded together with such a page (componentMap's `screenPage`), so the login
 * page and pages without screens never download the widgets.
 */
import type { ComponentType } from 'react';
import { WidgetRegistryProvider } from '../../../registry/context/RuntimeContext';
import { defaultRegistry } from '../../../registry';

/** `Page` inside a WidgetRegistryProvider of the built-in registry. Returns the wrapped component. */
export function withWidgets<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithWidgets(props: P) {
    return (
      <WidgetRegistryProvider registry={defaultRegistry}>
        <Page {...props} />
      </WidgetRegistryProvider>
    );
  }
  WithWidgets.displayName = `WithWidgets(${Page.displayName ?? Page.name ?? 'Page'})`;
  return WithWidgets;
}
