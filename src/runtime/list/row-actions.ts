import type { RowAction, ScreenSchema } from '../../shared/generated/screen-schema.js';
import { allowedActions, type PermissionSources } from '../../shared/permission.js';
import { toColumn } from '../../shared/columns.js';
import type { ScreenCall } from './screen-urls.js';

type Row = Record<string, unknown>;

/**
 * The schema's extra row actions (screen `rowActions`, e.g. 启动/停止/执行一次 of jobs, 发布/撤销
 * of announcements) the user holds (`{authPre}:{action}`, DESIGN.md permission model), in
 * schema order. Headless.
 */
export function heldRowActions(screen: Pick<ScreenSchema, 'authPre' | 'rowActions'>, src: PermissionSources): RowAction[] {
  const actions = screen.rowActions ?? [];
  const held = allowedActions(
    screen.authPre,
    actions.map((a) => a.action),
    src,
  );
  return actions.filter((a) => held.has(a.action));
}

/**
 * Whether `action` shows on `row`: always without `whenField`, else when the row's value of
 * that field (column or property name) is one of `whenValues`, compared as text.
 */
export function rowActionApplies(action: RowAction, row: Row): boolean {
  if (!action.whenField) return true;
  const raw = row[toColumn(action.whenField)] ?? row[action.whenField];
  const value = raw === undefined || raw === null ? '' : String(raw);
  return (action.whenValues ?? []).includes(value);
}

/** The call of a row action for row `id`: GET/DELETE `?id=`, PUT/POST body `{id}`. */
export function rowActionCall(action: RowAction, id: string): ScreenCall & { body?: { id: string } } {
  const method = action.method ?? 'get';
  return method === 'get' || method === 'delete' ? { method, url: action.url, params: { id } } : { method, url: action.url, body: { id } };
}

/** Width (px) of one character of a row action link and of the split between two links. */
const ACTION_CHAR_PX = 14;
const ACTION_SPLIT_PX = 17;
const ACTION_CELL_PADDING_PX = 34;

/**
 * Width (px) of a list's action column holding the links `labels` (编辑, 详情, 删除, the schema's row
 * actions …) on one line, at least 150 (the column's usual width): the links never wrap onto a
 * second line, in a virtual table (fixed layout) too.
 */
export function actionColumnWidth(labels: readonly string[]): number {
  const text = labels.reduce((n, l) => n + [...l].length * ACTION_CHAR_PX, 0);
  return Math.max(150, text + Math.max(0, labels.length - 1) * ACTION_SPLIT_PX + ACTION_CELL_PADDING_PX);
}
