/** The values and texts of a switch: the shared headless helpers (client and server use the same). */
export { SWITCH_DEFAULT_OPTIONS, switchOptions, switchText } from '../../../src/shared/switch-options.js';
