/**
 * Preview texts (spec 4.2 "next ten execution times", spec 9 format; docs/architecture.md "Spec quirks and deviations":
 * a 24-hour clock, the original's `hh` being a bug). Headless.
 */

/** Spec 5.3: the text when an expression has no next time. */
export const NO_EXECUTION_TIME = '没有执行时间';

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss`, 24-hour clock, local time. */
export function formatCronTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The preview box's text: one time per line, or 没有执行时间 when there is none. */
export function previewText(times: Date[]): string {
  return times.length ? times.map(formatCronTime).join('\n') : NO_EXECUTION_TIME;
}
