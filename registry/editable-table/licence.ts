/**
 * The handsontable licence key (docs/architecture.md "Libraries and heavy widgets"): configuration, read at build time from
 * `VITE_HANDSONTABLE_LICENSE_KEY` (README "Configuration"); default the non-commercial
 * evaluation key.
 */
export const HANDSONTABLE_EVALUATION_KEY = 'non-commercial-and-evaluation';

/** The configured key, else the evaluation key. */
export function handsontableLicenseKey(): string {
  const key = import.meta.env?.VITE_HANDSONTABLE_LICENSE_KEY;
  return typeof key === 'string' && key.trim() ? key.trim() : HANDSONTABLE_EVALUATION_KEY;
}
