import { Radio } from 'antd';
import { UNIT_MODES, withMode, type CronMode, type CronUnit, type UnitState } from '../../../src/shared/cron/index.js';
import { ModeLabel } from './ModeLabel.js';
import { ValueChecks } from './ValueChecks.js';

export const rowStyle = { display: 'flex', flexDirection: 'column', gap: 8 } as const;

/**
 * One unit's tab (spec 4.2: every, increment, specific values, range — and for day and week
 * their own modes): a radio per mode with its inputs inline.
 */
export function UnitTab({
  unit,
  state,
  onChange,
  modes = UNIT_MODES[unit],
  disabled,
}: {
  unit: CronUnit;
  state: UnitState;
  onChange: (next: UnitState) => void;
  modes?: readonly CronMode[];
  disabled?: boolean;
}) {
  const patch = (p: Partial<UnitState>) => onChange({ ...state, ...p });
  return (
    <Radio.Group
      style={rowStyle}
      disabled={disabled}
      value={state.cronEvery}
      onChange={(e) => onChange(withMode(unit, state, e.target.value as CronMode))}
    >
      {modes.map((mode) => (
        <div key={mode}>
          <Radio value={mode}>
            <ModeLabel unit={unit} mode={mode} state={state} onChange={patch} disabled={disabled} />
          </Radio>
          {mode === 'specific' && <ValueChecks unit={unit} state={state} onChange={patch} disabled={disabled} />}
        </div>
      ))}
    </Radio.Group>
  );
}
