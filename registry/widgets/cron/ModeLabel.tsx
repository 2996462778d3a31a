import { InputNumber, Select } from 'antd';
import {
  DAYS_BEFORE_END_BOUNDS,
  NTH_BOUNDS,
  UNIT_BOUNDS,
  weekdayName,
  type CronMode,
  type CronUnit,
  type UnitState,
} from '../../../src/shared/cron/index.js';
import { CRON_TEXT, EVERY_TEXT, UNIT_WORDS } from './texts.js';

/** Props of one mode's row: the unit, the mode, the unit's state and a patcher. */
export interface ModeProps {
  unit: CronUnit;
  mode: CronMode;
  state: UnitState;
  onChange: (patch: Partial<UnitState>) => void;
  disabled?: boolean;
}

/**
 * Inputs sit inside the radio's label: a click on them must not also activate the label (which
 * would move the focus to the radio and close an open select).
 */
const keepClick = (e: React.MouseEvent) => e.preventDefault();

type NumberKey = {
  [K in keyof UnitState]: UnitState[K] extends number ? K : never;
}[keyof UnitState];

const WEEKDAY_OPTIONS = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ value: n, label: weekdayName(n) }));

/** The "specific values" row label per unit. */
const SPECIFIC_TEXT: Record<CronUnit, string> = {
  second: '指定秒数',
  minute: '指定分钟',
  hour: '指定小时',
  day: '指定日期',
  month: '指定月份',
  week: '指定星期',
  year: '指定年份',
};

/**
 * One mode's label with its inputs (spec 4.2 modes; InputNumber bounds of spec 5.3). Editing an
 * input of a mode also selects that mode (the patch carries cronEvery).
 */
export function ModeLabel({ unit, mode, state, onChange, disabled }: ModeProps) {
  const b = UNIT_BOUNDS[unit];
  const word = UNIT_WORDS[unit];
  const set = (patch: Partial<UnitState>) => onChange({ ...patch, cronEvery: mode });
  const num = (key: NumberKey, min: number, max: number) => (
    <span onClick={keepClick}>
      <InputNumber
        size="small"
        min={min}
        max={max}
        precision={0}
        style={{ width: unit === 'year' ? 80 : 64 }}
        disabled={disabled}
        value={state[key]}
        onChange={(v) => v !== null && v !== undefined && set({ [key]: Number(v) })}
      />
    </span>
  );
  const weekday = (key: NumberKey) => (
    <span onClick={keepClick}>
      <Select
        size="small"
        style={{ width: 76 }}
        disabled={disabled}
        options={WEEKDAY_OPTIONS}
        value={state[key]}
        onChange={(v: number) => set({ [key]: v })}
      />
    </span>
  );
  switch (mode) {
    case 'every':
      return <>{EVERY_TEXT[unit]}</>;
    case 'unset':
      return <>不指定</>;
    case 'increment':
      return unit === 'week' ? (
        <>
          从 {weekday('incrementStart')} 开始，每隔 {num('incrementIncrement', b.stepMin, b.stepMax)} 天执行一次（周内）
        </>
      ) : (
        <>
          从 {num('incrementStart', b.min, b.max)} {word}开始，每隔 {num('incrementIncrement', b.stepMin, b.stepMax)} {word}执行一次
        </>
      );
    case 'range':
      return unit === 'week' ? (
        <>
          周期从 {weekday('rangeStart')} 到 {weekday('rangeEnd')}
        </>
      ) : (
        <>
          周期从 {num('rangeStart', b.min, b.max)} 到 {num('rangeEnd', b.min, b.max)} {word}
        </>
      );
    case 'specific':
      return (
        <>
          {SPECIFIC_TEXT[unit]}
          {CRON_TEXT.multi}
        </>
      );
    case 'lastDay':
      return <>本月最后一天</>;
    case 'lastWeekday':
      return <>本月最后一个工作日</>;
    case 'daysBeforeEnd':
      return <>本月最后一天之前 {num('cronDaysBeforeEomMinus', DAYS_BEFORE_END_BOUNDS.min, DAYS_BEFORE_END_BOUNDS.max)} 天</>;
    case 'nearestWeekday':
      return <>离本月 {num('cronDaysNearestWeekday', 1, 31)} 日最近的工作日</>;
    case 'lastGivenWeekday':
      return <>本月最后一个 {weekday('cronLastSpecificDomDay')}</>;
    case 'nthWeekday':
      return (
        <>
          本月第 {num('cronNthDayNth', NTH_BOUNDS.min, NTH_BOUNDS.max)} 个 {weekday('cronNthDayDay')}
        </>
      );
    default:
      return null;
  }
}
