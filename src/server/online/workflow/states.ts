import { BizError } from '../../http/envelope.js';
import { toColumn } from '../../../shared/columns.js';
import type { LoadedScreen } from '../screen-registry.js';

/** The message when an edit or delete meets a record outside the workflow's editable states. */
export const LOCKED_DEFAULT = '当前状态的单据不能修改或删除';

/**
 * Refuses (BizError) an edit or delete of a stored row whose workflow status is outside
 * `workflow.editableStates` (business-screens.md §0: records in 审批中/已通过 are read-only).
 * Screens without a workflow, or without editableStates, accept every row.
 * @param row the stored row (column keys)
 */
export function assertEditable(loaded: LoadedScreen, row: Record<string, unknown>): void {
  const wf = loaded.screen.workflow;
  if (!wf?.editableStates) return;
  const status = row[toColumn(wf.statusField)];
  const value = status === null || status === undefined ? '' : String(status);
  if (!wf.editableStates.includes(value)) throw new BizError(wf.lockedMessage ?? LOCKED_DEFAULT);
}
