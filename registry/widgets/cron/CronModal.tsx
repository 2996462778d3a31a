import { useState, type ReactNode } from 'react';
import { Modal, Tabs, Typography } from 'antd';
import {
  buildCron,
  parseCron,
  validateCron,
  type CronShapeOptions,
  type CronState,
  type CronUnit,
  type UnitState,
} from '../../../src/shared/cron/index.js';
import { DayTab } from './DayTab.js';
import { CRON_TEXT, MODAL_TAB_TITLES } from './texts.js';
import { UnitTab } from './UnitTab.js';

/** Spec 2.6 / 9: the cron dialog is 608 wide. */
export const CRON_MODAL_WIDTH = 608;

/** The modal's tabs (spec 2.6: second minute hour day month year; second and year hidden per shape). */
export function modalUnits(shape: CronShapeOptions = {}): CronUnit[] {
  const all: CronUnit[] = ['second', 'minute', 'hour', 'day', 'month', 'year'];
  return all.filter((u) => !(u === 'second' && shape.hideSecond) && !(u === 'year' && (shape.hideYear || shape.hideSecond)));
}

/**
 * The modal builder's body: one tab per unit (the week inside the day tab), then the resulting
 * expression (`data-testid="cron-result"`) and the first spec 5.3 problem, if any.
 */
export function CronModalBody({
  state,
  onChange,
  shape = {},
}: {
  state: CronState;
  onChange: (next: CronState) => void;
  shape?: CronShapeOptions;
}) {
  const cron = buildCron(state, shape);
  const error = validateCron(cron, shape);
  const setUnit = (unit: CronUnit) => (next: UnitState) => onChange({ ...state, [unit]: next });
  const items = modalUnits(shape).map((unit) => ({
    key: unit,
    label: MODAL_TAB_TITLES[unit],
    children:
      unit === 'day' ? <DayTab state={state} onChange={onChange} /> : <UnitTab unit={unit} state={state[unit]} onChange={setUnit(unit)} />,
  }));
  return (
    <>
      <Tabs size="small" items={items} />
      <div style={{ marginTop: 12 }}>
        {CRON_TEXT.result}
        <Typography.Text code data-testid="cron-result">
          {cron}
        </Typography.Text>
      </div>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </>
  );
}

export interface CronModalProps extends CronShapeOptions {
  open: boolean;
  /** The expression to open with (spec 4.2: parsed back into modes; none → defaults). */
  value?: string | null;
  onOk: (cron: string) => void;
  onCancel: () => void;
}

/**
 * The frame both cron dialogs share (spec 2.6, 4.2): titled 'cron表达式', 608 wide, not closed by
 * the mask, destroyed when hidden; OK emits `cron` and is disabled while it breaks a spec 5.3 rule.
 */
export function CronDialogFrame({
  open,
  cron,
  shape,
  onOk,
  onCancel,
  children,
}: {
  open: boolean;
  cron: string;
  shape: CronShapeOptions;
  onOk: (cron: string) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const invalid = validateCron(cron, shape) !== null;
  return (
    <Modal
      title={CRON_TEXT.modalTitle}
      width={CRON_MODAL_WIDTH}
      open={open}
      maskClosable={false}
      destroyOnHidden
      okButtonProps={{ disabled: invalid }}
      onOk={() => !invalid && onOk(cron)}
      onCancel={onCancel}
    >
      {children}
    </Modal>
  );
}

/**
 * The modal builder (spec 2.6, 4.2 first paragraph) in the shared frame. Mount it with a new
 * `key` per opening so it re-reads `value`.
 */
export function CronModal({ open, value, hideSecond, hideYear, onOk, onCancel }: CronModalProps) {
  const [state, setState] = useState<CronState>(() => parseCron(value));
  const shape = { hideSecond, hideYear };
  return (
    <CronDialogFrame open={open} cron={buildCron(state, shape)} shape={shape} onOk={onOk} onCancel={onCancel}>
      <CronModalBody state={state} onChange={setState} shape={shape} />
    </CronDialogFrame>
  );
}
