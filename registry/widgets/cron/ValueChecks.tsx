import { Checkbox } from 'antd';
import { unitValues, weekdayName, type CronUnit, type UnitState } from '../../../src/shared/cron/index.js';

/** Checkbox label width per unit (two digits, weekday names, years). */
const CELL_WIDTH: Partial<Record<CronUnit, number>> = { week: 64, year: 64 };

/**
 * The specific-values checkboxes of a unit (spec 4.2: seconds 0-59 …; weekdays 周日 … 周六 =
 * 1-7; years from 2019 for 100 entries). Choosing a value selects the specific mode; the last
 * value cannot be unchecked (an empty list is no expression).
 */
export function ValueChecks({
  unit,
  state,
  onChange,
  disabled,
}: {
  unit: CronUnit;
  state: UnitState;
  onChange: (patch: Partial<UnitState>) => void;
  disabled?: boolean;
}) {
  const values = [...new Set([...unitValues(unit), ...state.specificSpecific])].sort((a, b) => a - b);
  const width = CELL_WIDTH[unit] ?? 48;
  return (
    <Checkbox.Group
      style={{ display: 'flex', flexWrap: 'wrap', paddingLeft: 24 }}
      disabled={disabled}
      value={state.specificSpecific}
      onChange={(checked) => {
        const list = (checked as number[]).slice().sort((a, b) => a - b);
        if (list.length) onChange({ specificSpecific: list, cronEvery: 'specific' });
      }}
    >
      {values.map((v) => (
        <Checkbox key={v} value={v} style={{ width, marginInlineStart: 0 }}>
          {unit === 'week' ? weekdayName(v) : String(v).padStart(unit === 'year' ? 4 : 2, '0')}
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}
