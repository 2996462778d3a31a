export { SliderVerify, type SliderVerifyProps } from './SliderVerify.js';
export { SLIDER_INITIAL, SLIDER_TEXT, sliderReducer, type SliderEvent, type SliderPhase, type SliderState } from './model.js';
