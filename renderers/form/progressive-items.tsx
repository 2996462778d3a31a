/**
 * Progressive mounting of a large editable form's items (the form benchmark: a form of 200 fields
 * painted ≤ 200 ms warm). Every item is on screen from the first frame, in its place and at its
 * size: the first screenful as real Formily fields with their widgets, the others as an item
 * shell — the same FormItem markup (label, required asterisk, grid span) around a box drawn like
 * the control. After that frame is painted the shells become real fields in chunks, one chunk
 * per task, so the whole form is live a few hundred milliseconds later without holding up its
 * first paint. A shell that gets focus or a pointer press turns real at once and hands focus to
 * its control; `form.validate()` first turns every shell real, so a save always checks every
 * field.
 *
 * Only forms with more than {@link GATE_MIN_FIELDS} fields, in add, edit or read-only mode, do
 * this; only fields whose control is one line ({@link DEFERRABLE_WIDGETS}) are shells.
 */
import type { Form } from '@formily/core';
import { useForm } from '@formily/react';
import { theme } from 'antd';
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  memo,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import { LeanItem } from './ScreenFormItem.js';
import { ModalBodyHeightContext } from '../../registry/components/j-modal/body-height.js';

/** Forms with more fields than this mount their items progressively. */
export const GATE_MIN_FIELDS = 60;
/** Items turned real per idle task after the first paint (about 30 ms of work). */
const CHUNK = 20;
/** Longest wait for an idle moment before a chunk runs anyway (ms). */
const IDLE_TIMEOUT = 200;
/** Smallest pitch of a form row (px): label beside the control, or label above it. */
const MIN_ROW_HEIGHT = { horizontal: 52, vertical: 80 } as const;

/** Widget types whose edit control is one line of control height: a box of that size stands in. */
export const DEFERRABLE_WIDGETS: ReadonlySet<string> = new Set([
  'input',
  'password',
  'inputNumber',
  'select',
  'date',
  'datetime',
  'time',
  'sel_search',
  'sel_search_async',
  'sel_user',
  'sel_depart',
  'popup',
  'input_pop',
  'link_down',
  'cat_tree',
  'sel_tree',
]);

/** Widgets whose value is its own display text: their shell box shows the value. */
const TEXT_VALUE_WIDGETS: ReadonlySet<string> = new Set(['input', 'inputNumber', 'date', 'datetime', 'time']);

export interface ProgressiveConfig {
  /** the form's label placement (sets the first screenful's row count) */
  layout: 'vertical' | 'horizontal';
}

const ProgressiveContext = createContext<ProgressiveConfig | null>(null);

/** Turns progressive mounting on for the grid below (ScreenForm, for a large editable form). */
export function ProgressiveItems({ config, children }: { config: ProgressiveConfig | null; children?: ReactNode }) {
  return <ProgressiveContext.Provider value={config}>{children}</ProgressiveContext.Provider>;
}

/**
 * Items real in the first render: `columns` per row, rows enough to fill `height` px (default
 * the window's; in a modal its body's visible height, body-height.ts), plus one.
 */
export function firstScreenful(columns: number, layout: ProgressiveConfig['layout'], height?: number): number {
  height ??= typeof window === 'undefined' ? 1000 : window.innerHeight;
  return Math.max(1, columns) * (Math.ceil(height / MIN_ROW_HEIGHT[layout]) + 1);
}

/** What a grid child (Formily's RecursionField element) says about its field. */
interface ItemSchema {
  title?: ReactNode;
  required?: boolean;
  'x-display'?: string;
  'x-disabled'?: boolean;
  'x-component-props'?: { placeholder?: string; screenField?: { widget?: string; name?: string } };
  'x-decorator-props'?: { gridSpan?: number };
}

function schemaOf(child: ReactNode): ItemSchema | undefined {
  return isValidElement<{ schema?: ItemSchema }>(child) ? child.props.schema : undefined;
}

function deferrableChild(child: ReactNode): boolean {
  const schema = schemaOf(child);
  const widget = schema?.['x-component-props']?.screenField?.widget;
  return !!widget && DEFERRABLE_WIDGETS.has(widget) && schema?.['x-display'] !== 'hidden';
}

interface ShellProps {
  schema: ItemSchema;
  name: string;
  value: unknown;
  boxStyle: CSSProperties;
  /** called with the box when it is focused or pressed */
  onActivate: (box: HTMLElement) => void;
}

/** A field's item before it is real: FormItem markup with a box drawn like the control. */
const ItemShell = memo(function ItemShell({ schema, name, value, boxStyle, onActivate }: ShellProps) {
  const props = schema['x-component-props'] ?? {};
  const widget = props.screenField?.widget ?? '';
  const text = TEXT_VALUE_WIDGETS.has(widget) && (typeof value === 'string' || typeof value === 'number') ? String(value) : '';
  const disabled = !!schema['x-disabled'];
  const activate = (e: { currentTarget: HTMLElement }) => onActivate(e.currentTarget);
  return (
    <LeanItem label={schema.title} asterisk={!!schema.required} gridSpan={schema['x-decorator-props']?.gridSpan}>
      <div
        className="screen-item-pending"
        style={text ? { ...boxStyle, color: undefined } : boxStyle}
        data-item-pending={name}
        aria-disabled={disabled || undefined}
        tabIndex={disabled ? -1 : 0}
        onFocus={activate}
        onPointerDown={activate}
      >
        {text || props.placeholder}
      </div>
    </LeanItem>
  );
});

/**
 * Runs `task` once the browser is idle after the next frame (requestIdleCallback, at most
 * {@link IDLE_TIMEOUT} ms later; a frame and a task where there is none). Returns a canceller.
 */
function whenIdle(task: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT });
    else timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (idle !== undefined) cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** A grid's items: Formily hands the properties over as RecursionFields inside nested fragments. */
function itemsOf(children: ReactNode): ReactNode[] {
  let list = Children.toArray(children);
  for (let only = list[0]; list.length === 1 && isValidElement<{ children?: ReactNode }>(only) && only.type === Fragment; only = list[0]) {
    list = Children.toArray(only.props.children);
  }
  return list;
}

const FOCUSABLE = 'input:not([type=hidden]), textarea, [tabindex]:not([tabindex="-1"]), button';

/**
 * The children a grid renders: its items as they are, or — inside a {@link ProgressiveItems}
 * with more than {@link GATE_MIN_FIELDS} children — shells for the deferrable items past the
 * first screenful, turned real chunk by chunk after the first paint (see the file comment).
 * `columns` is the grid's fields per row.
 */
export function useProgressiveChildren(children: ReactNode, columns: number): ReactNode {
  const config = useContext(ProgressiveContext);
  // in a modal only its body's height is on screen: fewer real items in the first frame
  const bodyHeight = useContext(ModalBodyHeightContext);
  const items = useMemo(() => itemsOf(children), [children]);
  const enabled = !!config && items.length > GATE_MIN_FIELDS;
  const form = useForm() as Form | undefined;
  const [live, setLive] = useState(() => (enabled ? firstScreenful(columns, config.layout, bodyHeight?.()) : Infinity));
  const [forced, setForced] = useState<ReadonlySet<number>>(() => new Set());
  // where a pressed shell stood: its grid and the item before it, to find the real item after
  const focusAt = useRef<{ grid: Element; prev: Element | null } | null>(null);
  const flushed = useRef<Array<() => void>>([]);
  const { token } = theme.useToken();
  const boxStyle = useMemo<CSSProperties>(
    () => ({
      height: token.controlHeight,
      borderRadius: token.borderRadius,
      border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
      background: token.colorBgContainer,
      color: token.colorTextPlaceholder,
      fontSize: token.fontSize,
    }),
    [token],
  );
  const done = live >= items.length;

  // chunks after the first paint, each when the browser is idle (input and painting go first)
  useEffect(() => {
    if (done) return;
    return whenIdle(() => setLive((n) => n + CHUNK));
  }, [live, done]);

  // a save validates every field: turn all shells real first
  useEffect(() => {
    if (!form || done) return;
    const validate = form.validate;
    form.validate = (async (...args: Parameters<Form['validate']>) => {
      await new Promise<void>((resolve) => {
        flushed.current.push(resolve);
        setLive(Infinity);
      });
      return validate(...args);
    }) as Form['validate'];
    return () => {
      form.validate = validate;
    };
  }, [form, done]);
  useEffect(() => {
    if (!done) return;
    for (const resolve of flushed.current.splice(0)) resolve();
  }, [done]);

  // focus moves into a control whose shell was focused or pressed
  useLayoutEffect(() => {
    const at = focusAt.current;
    if (!at) return;
    focusAt.current = null;
    if (at.prev && !at.prev.isConnected) return;
    const item = at.prev ? at.prev.nextElementSibling : at.grid.firstElementChild;
    item?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [forced]);

  const shells = useMemo(
    () =>
      items.map((child, i) => {
        if (!enabled || !deferrableChild(child)) return null;
        const schema = schemaOf(child) as ItemSchema;
        const name = String((child as ReactElement<{ name?: string }>).props.name ?? i);
        return (
          <ItemShell
            key={(child as ReactElement).key ?? i}
            schema={schema}
            name={name}
            value={form?.values?.[name]}
            boxStyle={boxStyle}
            onActivate={(box) => {
              const item = box.closest('.ant-formily-item');
              if (item?.parentElement) focusAt.current = { grid: item.parentElement, prev: item.previousElementSibling };
              setForced((prev) => new Set(prev).add(i));
            }}
          />
        );
      }),
    [items, enabled, form, boxStyle],
  );
  if (!enabled) return children;
  if (done) return items;
  return items.map((child, i) => (i < live || forced.has(i) || !shells[i] ? child : shells[i]));
}
