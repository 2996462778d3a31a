import { Radio } from 'antd';
import {
  DAY_TAB_MODES,
  dayTabModeOf,
  withDayTabMode,
  type CronState,
  type DayTabMode,
  type UnitState,
} from '../../../src/shared/cron/index.js';
import { ModeLabel } from './ModeLabel.js';
import { rowStyle } from './UnitTab.js';
import { ValueChecks } from './ValueChecks.js';

/**
 * The modal's day tab (spec 4.2): the day-field and week-field modes in one list; choosing one
 * sets its field and makes the other '?' (day and week are mutually exclusive).
 */
export function DayTab({ state, onChange }: { state: CronState; onChange: (next: CronState) => void }) {
  const current = dayTabModeOf(state);
  return (
    <Radio.Group style={rowStyle} value={current} onChange={(e) => onChange(withDayTabMode(state, e.target.value as DayTabMode))}>
      {DAY_TAB_MODES.map(({ mode, unit, unitMode }) => {
        const patch = (p: Partial<UnitState>) => onChange(withDayTabMode({ ...state, [unit]: { ...state[unit], ...p } }, mode));
        return (
          <div key={mode}>
            <Radio value={mode}>
              <ModeLabel unit={unit} mode={unitMode} state={state[unit]} onChange={patch} />
            </Radio>
            {unitMode === 'specific' && <ValueChecks unit={unit} state={state[unit]} onChange={patch} />}
          </div>
        );
      })}
    </Radio.Group>
  );
}
