import { describe, expect, it } from 'vitest';
import { SLIDER_INITIAL, sliderReducer, type SliderEvent, type SliderState } from './model.js';

const run = (events: SliderEvent[], from: SliderState = SLIDER_INITIAL) => events.reduce(sliderReducer, from);

describe('slider verification (spec 4.6)', () => {
  it('idle → dragging → success at full width', () => {
    const s = run([
      { type: 'start', x: 100 },
      { type: 'move', x: 200, max: 260 },
    ]);
    expect(s).toMatchObject({ phase: 'dragging', offset: 100 });
    const done = run([{ type: 'move', x: 400, max: 260 }], s);
    expect(done).toMatchObject({ phase: 'success', offset: 260 });
    expect(run([{ type: 'end' }, { type: 'start', x: 0 }, { type: 'move', x: 0, max: 260 }], done)).toBe(done);
  });
  it('snaps back when released before the end', () => {
    const s = run([{ type: 'start', x: 10 }, { type: 'move', x: 269, max: 260 }, { type: 'end' }]);
    expect(s).toEqual(SLIDER_INITIAL);
  });
  it('keeps the offset within 0…max and ignores moves while idle', () => {
    expect(
      run([
        { type: 'start', x: 50 },
        { type: 'move', x: 0, max: 260 },
      ]).offset,
    ).toBe(0);
    expect(run([{ type: 'move', x: 500, max: 260 }])).toEqual(SLIDER_INITIAL);
    expect(run([{ type: 'start', x: 0 }, { type: 'move', x: 300, max: 260 }, { type: 'reset' }])).toEqual(SLIDER_INITIAL);
  });
});
