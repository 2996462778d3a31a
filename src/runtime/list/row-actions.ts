import type { RowAction, ScreenSchema } from '../../shared/generated/screen-schema.js';
import { allowedActions, type PermissionSources } from '../../shared/permission.js';
import { toColumn } from '../../shared/columns.js';
import type { ScreenCall } from './screen-urls.js';

type Row = Record<string, unknown>;

/** A row action of the list: a schema row action, or a workflow status action with its actor rule. */
export type ListRowAction = RowAction & {
  /** owner: only on the user's own rows (workflow ownerField); notOwner: only on others'. */
  actor?: 'owner' | 'notOwner' | 'any';
  ownerField?: string;
};

/**
 * The status actions of a screen's workflow (提交, 审批通过, 驳回, 作废 …) as row actions: each posts
 * the row id to /online/cgform/api/action/{screen}/{code}, shows on rows in one of its `from`
 * states, asks its confirmation, and is controlled by its button `{authPre}:{permission}`.
 */
export function workflowRowActions(screen: Pick<ScreenSchema, 'id' | 'workflow'>): ListRowAction[] {
  const wf = screen.workflow;
  if (!wf) return [];
  return wf.actions.map((a) => ({
    action: a.permission,
    title: a.label,
    url: `/online/cgform/api/action/${screen.id}/${a.code}`,
    method: 'post' as const,
    ...(a.confirm ? { confirm: a.confirm } : {}),
    whenField: wf.statusField,
    whenValues: a.from,
    ...(a.actor ? { actor: a.actor } : {}),
    ...(wf.ownerField ? { ownerField: wf.ownerField } : {}),
  }));
}

/**
 * Whether a row may be edited or deleted: always without a workflow (or editableStates),
 * else when its status is one of the workflow's editableStates (审批中/已通过 are read-only).
 */
export function rowEditable(screen: Pick<ScreenSchema, 'workflow'>, row: Row): boolean {
  const wf = screen.workflow;
  if (!wf?.editableStates) return true;
  const raw = row[toColumn(wf.statusField)] ?? row[wf.statusField];
  return wf.editableStates.includes(raw === undefined || raw === null ? '' : String(raw));
}

/**
 * The schema's extra row actions (screen `rowActions`, e.g. 启动/停止/执行一次 of jobs, 发布/撤销
 * of announcements) and its workflow's status actions that the user holds (`{authPre}:{action}`,
 * docs/architecture.md "Permission model"), in schema order. Headless.
 */
export function heldRowActions(
  screen: Pick<ScreenSchema, 'authPre' | 'rowActions' | 'workflow'> & { id?: string },
  src: PermissionSources,
): ListRowAction[] {
  const actions: ListRowAction[] = [
    ...(screen.rowActions ?? []),
    ...(screen.id ? workflowRowActions({ id: screen.id, workflow: screen.workflow }) : []),
  ];
  const held = allowedActions(
    screen.authPre,
    actions.map((a) => a.action),
    src,
  );
  return actions.filter((a) => held.has(a.action));
}

/**
 * Whether `action` shows on `row`: when the row's value of `whenField` (column or property
 * name) is one of `whenValues`, compared as text (always without `whenField`), and the actor rule
 * holds for `username` (owner: the row's owner field is the user; notOwner: it is not).
 */
export function rowActionApplies(action: ListRowAction, row: Row, username?: string): boolean {
  if (action.ownerField && action.actor && action.actor !== 'any') {
    const owner = String(row[toColumn(action.ownerField)] ?? row[action.ownerField] ?? '');
    if (action.actor === 'owner' ? owner !== username : owner === username) return false;
  }
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
