import type { FieldLinkage, ScreenSchema, StatusAction, Workflow } from '../../../shared/generated/screen-schema';
import { AUTHORING_UI } from './authoringTexts';

const T = AUTHORING_UI.actions;

/** A status action being edited: `from` may still be empty (the server refuses it then). */
export type DraftAction = Omit<StatusAction, 'from'> & { from: string[] };

/** One linkage as the designer's grid edits it: while `whenField` `op` `value`, `effect` on `target`. */
export interface LinkRow {
  target: string;
  whenField: string;
  op: FieldLinkage['when']['op'];
  /** Text; a comma list for in / notIn; unused for empty / notEmpty. */
  value?: string;
  /** show: visible; showRequire: visible and required; require: required; hide: hidden; value: set setValue; other: kept as stored (e.g. a dictCode switch). */
  effect: 'show' | 'showRequire' | 'require' | 'hide' | 'value' | 'other';
  setValue?: string;
  /** The stored entry of an `other` row, written back unchanged. */
  raw?: FieldLinkage;
}

function effectOf(then: FieldLinkage['then']): LinkRow['effect'] {
  const keys = Object.keys(then).sort().join(',');
  if (keys === 'visible') return then.visible ? 'show' : 'hide';
  if (keys === 'required,visible' && then.visible && then.required) return 'showRequire';
  if (keys === 'required' && then.required) return 'require';
  if (keys === 'value') return 'value';
  return 'other';
}

/** The linkage entries of every field of `screen` as grid rows, in field order. */
export function toLinkRows(screen: Pick<ScreenSchema, 'fields'>): LinkRow[] {
  return screen.fields.flatMap((f) =>
    (f.linkage ?? []).map((l): LinkRow => {
      const effect = effectOf(l.then);
      return {
        target: f.name,
        whenField: l.when.field,
        op: l.when.op,
        value: Array.isArray(l.when.value) ? l.when.value.join(',') : l.when.value === undefined ? undefined : String(l.when.value),
        effect,
        ...(effect === 'value' ? { setValue: String(l.then.value) } : {}),
        ...(effect === 'other' ? { raw: l } : {}),
      };
    }),
  );
}

function linkageOf(row: LinkRow): FieldLinkage {
  if (row.effect === 'other' && row.raw) return row.raw;
  const list = row.op === 'in' || row.op === 'notIn';
  const when: FieldLinkage['when'] = { field: row.whenField, op: row.op };
  if (row.op !== 'empty' && row.op !== 'notEmpty')
    when.value = list
      ? (row.value ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : (row.value ?? '');
  const then: FieldLinkage['then'] =
    row.effect === 'show'
      ? { visible: true }
      : row.effect === 'hide'
        ? { visible: false }
        : row.effect === 'showRequire'
          ? { visible: true, required: true }
          : row.effect === 'require'
            ? { required: true }
            : { value: row.setValue ?? '' };
  return { when, then };
}

/**
 * `screen` with every field's linkage replaced by `rows` (grid order kept per field). Throws an
 * Error with the text to show when a row names no target or condition field, or a field on itself.
 */
export function fromLinkRows(screen: ScreenSchema, rows: LinkRow[]): ScreenSchema {
  for (const r of rows) {
    if (!r.target || !r.whenField) throw new Error(T.linkIncomplete);
    if (r.target === r.whenField) throw new Error(T.linkSelf);
  }
  const fields = screen.fields.map((f) => {
    const { linkage: _old, ...rest } = f;
    const mine = rows.filter((r) => r.target === f.name).map(linkageOf);
    return mine.length ? { ...rest, linkage: mine } : rest;
  });
  return { ...screen, fields };
}

/**
 * `screen` with its workflow set from the designer: the status field, owner field and editable
 * states, the screen's other workflow settings kept, and `actions` (empty keys dropped). No
 * actions and no status field removes the workflow. Throws an Error with the text to show when
 * actions are declared without a status field.
 */
export function withWorkflow(
  screen: ScreenSchema,
  wf: { statusField?: string; ownerField?: string; editableStates?: string[] },
  actions: DraftAction[],
): ScreenSchema {
  const { workflow: old, ...rest } = screen;
  if (!actions.length && !wf.statusField) return rest;
  if (!wf.statusField) throw new Error(T.statusFieldMissing);
  const clean = actions.map(
    (a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined && v !== '')) as unknown as StatusAction,
  );
  const { statusField: _s, ownerField: _o, editableStates: _e, actions: _a, ...kept } = old ?? ({} as Partial<Workflow>);
  const workflow: Workflow = {
    ...kept,
    statusField: wf.statusField,
    ...(wf.ownerField ? { ownerField: wf.ownerField } : {}),
    ...(wf.editableStates?.length ? { editableStates: wf.editableStates } : {}),
    actions: clean as Workflow['actions'],
  };
  return { ...rest, workflow };
}
