/**
 * The slider verification's state machine (spec 4.6): idle → dragging → success when the handle
 * reaches the full width (text 验证通过); released earlier, it snaps back to idle.
 */

export const SLIDER_TEXT = { idle: '拖动滑块验证', success: '验证通过' } as const;

export type SliderPhase = 'idle' | 'dragging' | 'success';

export interface SliderState {
  phase: SliderPhase;
  /** Pointer x where the drag started. */
  startX: number;
  /** Handle offset in px, 0…max. */
  offset: number;
}

export type SliderEvent = { type: 'start'; x: number } | { type: 'move'; x: number; max: number } | { type: 'end' } | { type: 'reset' };

export const SLIDER_INITIAL: SliderState = { phase: 'idle', startX: 0, offset: 0 };

/** The next state. Success is final until 'reset'; `max` is the track width minus the handle width. */
export function sliderReducer(state: SliderState, event: SliderEvent): SliderState {
  switch (event.type) {
    case 'reset':
      return SLIDER_INITIAL;
    case 'start':
      return state.phase === 'idle' ? { phase: 'dragging', startX: event.x, offset: 0 } : state;
    case 'move': {
      if (state.phase !== 'dragging') return state;
      const max = Math.max(0, event.max);
      const offset = Math.min(max, Math.max(0, event.x - state.startX));
      return offset >= max ? { ...state, phase: 'success', offset: max } : { ...state, offset };
    }
    case 'end':
      return state.phase === 'dragging' ? SLIDER_INITIAL : state;
  }
}
