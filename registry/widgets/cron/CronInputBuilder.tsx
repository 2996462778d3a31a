import { useState } from 'react';
import { Input, Tabs, Typography } from 'antd';
import {
  applyFieldChange,
  buildUnit,
  cronToFields,
  DEFAULT_FIELDS,
  fieldsToCron,
  parseUnit,
  previewCronOf,
  textBuilderUnits,
  validateCron,
  type CronFields,
  type CronUnit,
} from '../../../src/shared/cron/index.js';
import { BlurInput } from './BlurInput.js';
import type { RemotePreview } from './preview.js';
import { CRON_TEXT, MODAL_TAB_TITLES } from './texts.js';
import { UnitTab } from './UnitTab.js';
import { useCronPreview } from './useCronPreview.js';

export interface CronInputBuilderProps {
  value?: string | null;
  /** Called with the expression when a tab or a field input changes it, or the Cron input is left. */
  onChange?: (cron: string) => void;
  hideSecond?: boolean;
  hideYear?: boolean;
  /** Optional remote preview (spec 7.3), debounced 500 ms. */
  remote?: RemotePreview;
  disabled?: boolean;
}

/** Spec 5.3: the day tab is editable only while week is '?', and the week tab while day is '?'. */
export function lockedText(unit: CronUnit, f: CronFields): string | null {
  if (unit === 'day' && f.week !== '?') return CRON_TEXT.dayLocked;
  if (unit === 'week' && f.day !== '?') return CRON_TEXT.weekLocked;
  return null;
}

const label = { display: 'inline-flex', alignItems: 'center', gap: 4 } as const;

/**
 * The text-input builder (spec 4.2 second paragraph): tabs 秒 分 时 日 月 周 年 (second hidden by
 * hideSecond, year by hideYear or hideSecond), one text input per field applying on blur with the
 * auto-adjustments, the full Cron input emitting on blur, and the read-only box of the next ten
 * execution times (year excluded).
 */
export function CronInputBuilder({ value, onChange, hideSecond, hideYear, remote, disabled }: CronInputBuilderProps) {
  const shape = { hideSecond, hideYear };
  const [fields, setFields] = useState<CronFields>(() => cronToFields(value) ?? { ...DEFAULT_FIELDS });
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    const parsed = cronToFields(value);
    if (parsed && fieldsToCron(parsed, shape) !== fieldsToCron(fields, shape)) setFields(parsed);
  }
  const cron = fieldsToCron(fields, shape);
  const shown = typeof value === 'string' ? value : cron;
  const error = validateCron(shown, shape);
  const preview = useCronPreview(previewCronOf(fields, shape), shown, remote);

  const commit = (next: CronFields) => {
    if (next === fields) return;
    setFields(next);
    onChange?.(fieldsToCron(next, shape));
  };
  const setField = (unit: CronUnit, text: string) => commit(applyFieldChange(fields, unit, text));
  const units = textBuilderUnits(shape);

  const items = units.map((unit) => {
    const locked = lockedText(unit, fields);
    return {
      key: unit,
      label: MODAL_TAB_TITLES[unit],
      children: (
        <>
          {locked && <Typography.Paragraph type="secondary">{locked}</Typography.Paragraph>}
          <UnitTab
            unit={unit}
            state={parseUnit(unit, fields[unit])}
            disabled={disabled || !!locked}
            onChange={(s) => setField(unit, buildUnit(unit, s))}
          />
        </>
      ),
    };
  });

  return (
    <div className="cron-input-builder">
      <Tabs size="small" items={items} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '12px 0' }}>
        {units.map((unit) => (
          <label key={unit} style={label}>
            {MODAL_TAB_TITLES[unit]}
            <BlurInput
              size="small"
              style={{ width: 72 }}
              disabled={disabled}
              data-testid={`cron-field-${unit}`}
              value={fields[unit]}
              onCommit={(t) => setField(unit, t)}
            />
          </label>
        ))}
      </div>
      <label style={{ ...label, width: '100%' }}>
        {CRON_TEXT.cronInput}
        <BlurInput
          disabled={disabled}
          data-testid="cron-text"
          status={error ? 'error' : undefined}
          value={shown}
          onCommit={(text) => {
            const parsed = cronToFields(text);
            if (parsed) setFields(parsed);
            onChange?.(parsed ? fieldsToCron(parsed, shape) : text.trim());
          }}
        />
      </label>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <div style={{ marginTop: 12 }}>
        <div>{CRON_TEXT.preview}</div>
        <Input.TextArea readOnly rows={10} data-testid="cron-preview" value={preview} />
      </div>
    </div>
  );
}
