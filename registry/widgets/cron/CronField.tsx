import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { validateCron, type CronShapeOptions } from '../../../src/shared/cron/index.js';
import { ReadText, displayText } from '../../shared/cells.js';
import { stripMeta, type FieldExtendLike, type WidgetProps } from '../../shared/props.js';
import { CronInputModal } from './CronInputModal.js';
import { CronModal } from './CronModal.js';
import { CRON_TEXT } from './texts.js';

/** The field's expression shape from its extend JSON (`hideSecond`, `hideYear`). */
export function cronShapeOf(extend: FieldExtendLike | undefined): CronShapeOptions {
  const e = (extend ?? {}) as { hideSecond?: unknown; hideYear?: unknown };
  return { hideSecond: e.hideSecond === true, hideYear: e.hideYear === true };
}

/**
 * Edit renderer of `cron` (spec 4.2 last sentence): the expression in a text input (red when it
 * breaks a spec 5.3 rule, the message as its title) and a 选择 button opening the modal builder
 * (the text-input builder when extend sets `inputBuilder`); both disabled when the input is.
 * Emits the text ('' when cleared).
 */
export function CronEdit(props: WidgetProps<string>) {
  const { value, onChange, disabled, readOnly, extend, placeholder, ...rest } = props;
  const shape = cronShapeOf(extend);
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const text = value === undefined || value === null ? '' : String(value);
  const error = text.trim() ? validateCron(text, shape) : null;
  const Builder = (extend as { inputBuilder?: unknown } | undefined)?.inputBuilder === true ? CronInputModal : CronModal;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          {...stripMeta(rest)}
          data-testid="cron-input"
          placeholder={placeholder ?? CRON_TEXT.placeholder}
          disabled={disabled}
          readOnly={readOnly}
          status={error ? 'error' : undefined}
          title={error ?? undefined}
          value={text}
          onChange={(e) => onChange?.(e.target.value)}
        />
        <Button
          data-testid="cron-open"
          autoInsertSpace={false}
          disabled={disabled || readOnly}
          onClick={() => {
            setOpening((n) => n + 1);
            setOpen(true);
          }}
        >
          {CRON_TEXT.select}
        </Button>
      </Space.Compact>
      <Builder
        key={opening}
        open={open}
        value={text}
        {...shape}
        onOk={(cron) => {
          onChange?.(cron);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

/** Read-pretty of `cron`: the expression. */
export function CronRead({ value }: WidgetProps) {
  return <ReadText>{displayText(value)}</ReadText>;
}
