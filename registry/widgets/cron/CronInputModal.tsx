import { useState } from 'react';
import { DEFAULT_FIELDS, fieldsToCron } from '../../../src/shared/cron/index.js';
import { CronInputBuilder } from './CronInputBuilder.js';
import { CronDialogFrame, type CronModalProps } from './CronModal.js';

/**
 * The text-input builder in a dialog (spec 4.2 second paragraph), opened by a `cron` field whose
 * extend sets `inputBuilder`: titled 'cron表达式', 608 wide, not closed by the mask, destroyed
 * when hidden. It opens with the field's expression (none: the builder's defaults); the field
 * inputs apply on blur or Enter and the full Cron input emits on blur or Enter. OK emits the
 * expression; it is disabled while the expression breaks a spec 5.3 rule. Mount it with a new
 * `key` per opening so it re-reads `value`.
 */
export function CronInputModal({ open, value, hideSecond, hideYear, onOk, onCancel }: CronModalProps) {
  const shape = { hideSecond, hideYear };
  const [cron, setCron] = useState(() => (value?.trim() ? value : fieldsToCron(DEFAULT_FIELDS, shape)));
  return (
    <CronDialogFrame open={open} cron={cron} shape={shape} onOk={onOk} onCancel={onCancel}>
      <div data-testid="cron-input-builder">
        <CronInputBuilder value={cron} onChange={setCron} hideSecond={hideSecond} hideYear={hideYear} />
      </div>
    </CronDialogFrame>
  );
}
