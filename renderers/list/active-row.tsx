/**
 * The active (clicked) main row of an ERP list (spec 2.2: its sub tables show below the list),
 * kept outside React state so a row click re-renders only the row that was active, the row that
 * becomes active and the sub tables — not the list and its table: every render of antd's Table
 * re-renders each of its rows and cells, about 100 × 15 cells on a 100-row page.
 *
 * {@link createActiveRowStore} holds the id; {@link ActiveRowProvider} hands it to the table's
 * row components ({@link activeRowComponents}: antd `components.body.row`), which add
 * `ant-table-row-selected erp-active` to the active row; {@link useActiveRow} reads it.
 */
import { createContext, forwardRef, useContext, useSyncExternalStore, type HTMLAttributes, type ReactNode } from 'react';

/** The class names the active row carries (antd's selected-row look plus an own marker). */
export const ACTIVE_ROW_CLASS = 'ant-table-row-selected erp-active';

/** A store of one row id: `set` notifies the subscribers when the id changes. */
export interface ActiveRowStore {
  get(): string | undefined;
  set(id: string | undefined): void;
  subscribe(listener: () => void): () => void;
}

/** A new store with no active row. */
export function createActiveRowStore(): ActiveRowStore {
  let current: string | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(id) {
      if (id === current) return;
      current = id;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const NO_STORE: ActiveRowStore = createActiveRowStore();
const ActiveRowContext = createContext<ActiveRowStore>(NO_STORE);

/** Gives the rows below (the table's row components) the store. */
export function ActiveRowProvider({ store, children }: { store: ActiveRowStore; children?: ReactNode }) {
  return <ActiveRowContext.Provider value={store}>{children}</ActiveRowContext.Provider>;
}

/** The active row id of `store`; the component re-renders when it changes. */
export function useActiveRow(store: ActiveRowStore): string | undefined {
  return useSyncExternalStore(store.subscribe, store.get);
}

type RowProps = HTMLAttributes<HTMLElement> & { 'data-row-key'?: string | number };

/** A table row element that adds {@link ACTIVE_ROW_CLASS} while its key is the active row's. */
function activeRow(tag: 'tr' | 'div') {
  const Row = forwardRef<HTMLElement, RowProps>(function ActiveRow(props, ref) {
    const store = useContext(ActiveRowContext);
    const key = props['data-row-key'];
    // a boolean snapshot: only the rows whose answer changes re-render
    const active = useSyncExternalStore(store.subscribe, () => key !== undefined && store.get() === String(key));
    const Tag = tag as 'div';
    const className = active ? (props.className ? `${props.className} ${ACTIVE_ROW_CLASS}` : ACTIVE_ROW_CLASS) : props.className;
    return <Tag {...props} ref={ref as never} className={className} />;
  });
  return Row;
}

/** antd Table `components` marking the active row: plain tables draw rows as `tr`, virtual ones as `div`. */
export const activeRowComponents = {
  plain: { body: { row: activeRow('tr') } },
  virtual: { body: { row: activeRow('div') } },
} as const;
