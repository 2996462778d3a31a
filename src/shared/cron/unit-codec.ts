/**
 * One field's text ⇄ its builder state (spec 3 "Cron builder state per unit", spec 4.2 modes).
 * Headless.
 */
import { defaultUnitState, UNIT_MODES, type CronMode, type UnitState } from './state.js';
import { UNIT_BOUNDS, type CronUnit } from './units.js';
import { validateUnit } from './validate.js';
import { namesToNumbers } from './week.js';

/** The builder modes a field's text matches, in the order they are tried. */
const PATTERNS: { mode: CronMode; re: RegExp; read: (m: RegExpExecArray, s: UnitState, min: number) => void }[] = [
  { mode: 'every', re: /^\*?$/, read: () => {} },
  { mode: 'unset', re: /^\?$/, read: () => {} },
  { mode: 'lastDay', re: /^L$/, read: () => {} },
  { mode: 'lastWeekday', re: /^LW$/, read: () => {} },
  { mode: 'daysBeforeEnd', re: /^L-(\d+)$/, read: (m, s) => (s.cronDaysBeforeEomMinus = Number(m[1])) },
  { mode: 'nearestWeekday', re: /^(\d+)W$/, read: (m, s) => (s.cronDaysNearestWeekday = Number(m[1])) },
  { mode: 'lastGivenWeekday', re: /^(\d+)L$/, read: (m, s) => (s.cronLastSpecificDomDay = Number(m[1])) },
  {
    mode: 'nthWeekday',
    re: /^(\d+)#(\d+)$/,
    read: (m, s) => {
      s.cronNthDayDay = Number(m[1]);
      s.cronNthDayNth = Number(m[2]);
    },
  },
  {
    mode: 'increment',
    re: /^(\d+|\*)\/(\d+)$/,
    read: (m, s, min) => {
      s.incrementStart = m[1] === '*' ? min : Number(m[1]);
      s.incrementIncrement = Number(m[2]);
    },
  },
  {
    mode: 'range',
    re: /^(\d+)-(\d+)$/,
    read: (m, s) => {
      s.rangeStart = Number(m[1]);
      s.rangeEnd = Number(m[2]);
    },
  },
  {
    mode: 'specific',
    re: /^\d+(,\d+)*$/,
    read: (m, s) => (s.specificSpecific = uniqueSorted(m[0].split(',').map(Number))),
  },
];

function uniqueSorted(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

/**
 * Parses one field into its builder state (other fields of the state keep their defaults).
 * Spec 4.2: a value the builder cannot show — unknown syntax, a form the unit does not offer,
 * or a value outside spec 5.3's bounds — falls back to every (the week field to unset).
 */
export function parseUnit(unit: CronUnit, text: string | undefined, now: Date = new Date()): UnitState {
  const state = defaultUnitState(unit, now);
  const value = namesToNumbers(unit, (text ?? '').trim());
  if (validateUnit(unit, value) !== null) return state;
  for (const p of PATTERNS) {
    const m = p.re.exec(value);
    if (!m) continue;
    if (!UNIT_MODES[unit].includes(p.mode)) break;
    p.read(m, state, UNIT_BOUNDS[unit].min);
    state.cronEvery = p.mode;
    return state;
  }
  return state;
}

/**
 * Builds one field's text from its state: every `*`, unset `?`, increment `a/b`, range `a-b`,
 * specific `a,b` (ascending; an empty list builds the unit's first value), lastDay `L`,
 * lastWeekday `LW`, daysBeforeEnd `L-n`, nearestWeekday `nW`, lastGivenWeekday `nL`,
 * nthWeekday `w#n`.
 */
export function buildUnit(unit: CronUnit, s: UnitState): string {
  switch (s.cronEvery) {
    case 'unset':
      return unit === 'day' || unit === 'week' ? '?' : '*';
    case 'increment':
      return `${s.incrementStart}/${s.incrementIncrement}`;
    case 'range':
      return `${s.rangeStart}-${s.rangeEnd}`;
    case 'specific': {
      const list = uniqueSorted(s.specificSpecific);
      return list.length ? list.join(',') : String(UNIT_BOUNDS[unit].min);
    }
    case 'lastDay':
      return 'L';
    case 'lastWeekday':
      return 'LW';
    case 'daysBeforeEnd':
      return `L-${s.cronDaysBeforeEomMinus}`;
    case 'nearestWeekday':
      return `${s.cronDaysNearestWeekday}W`;
    case 'lastGivenWeekday':
      return `${s.cronLastSpecificDomDay}L`;
    case 'nthWeekday':
      return `${s.cronNthDayDay}#${s.cronNthDayNth}`;
    default:
      return '*';
  }
}
