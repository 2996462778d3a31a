/**
 * Test helpers (vitest, node, server-side rendering): a widget rendered in a real ScreenForm
 * (add, edit or detail mode) and in a list cell, inside a RuntimeContext whose request port
 * answers from a function. Effects do not run during SSR, so nothing is requested.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RuntimeContext, type Envelope } from '../context/RuntimeContext.js';
import { ScreenForm } from '../../renderers/form/ScreenForm.js';
import type { ScreenField, ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { toColumn } from '../../src/shared/columns.js';
import { defaultRegistry } from '../index.js';
import type { WidgetRegistry } from '../registry.js';
import { fakeRequest, okResult } from './fake-request.js';
import { memoryStorage } from '../../src/runtime/storage.js';

/** Renders `node` inside a RuntimeContext (request answering `answer`, default: empty success). */
export function renderWithRuntime(
  node: ReactNode,
  answer: (url: string, params?: Record<string, unknown>) => Envelope<unknown> = () => okResult([]),
): string {
  const request = fakeRequest(answer);
  return renderToStaticMarkup(
    <RuntimeContext.Provider
      value={{
        request,
        auth: [],
        allAuth: [],
        user: { id: 'u1', username: 'admin', realname: '管理员', orgCode: 'A01' },
        storage: memoryStorage(),
        registry: defaultRegistry,
      }}
    >
      {node}
    </RuntimeContext.Provider>,
  );
}

/** A one-screen schema holding `fields`. */
export function screenOf(fields: ScreenField[]): ScreenSchema {
  return {
    id: 't_widgets',
    title: '控件',
    tableName: 't_widgets',
    tableType: 'single',
    template: 'normal',
    authPre: 't:widgets',
    fields,
  } as ScreenSchema;
}

/** The HTML of a ScreenForm over `fields` in `mode` with `values` (keys = columns). */
export function renderForm(
  fields: ScreenField[],
  mode: 'add' | 'edit' | 'detail',
  values?: Record<string, unknown>,
  registry: WidgetRegistry = defaultRegistry,
): string {
  return renderWithRuntime(<ScreenForm screen={screenOf(fields)} mode={mode} values={values} registry={registry} />);
}

/** The HTML of a field's list cell for `value` (record holds value and `extra`, e.g. `_dictText`). */
export function renderCell(
  field: ScreenField,
  value: unknown,
  extra: Record<string, unknown> = {},
  registry: WidgetRegistry = defaultRegistry,
): string {
  const Cell = registry.get(field.widget)!.Cell;
  const column = toColumn(field.name);
  return renderWithRuntime(<Cell value={value} record={{ [column]: value, ...extra }} field={field} column={column} />);
}
