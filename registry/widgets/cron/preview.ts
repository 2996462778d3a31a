/**
 * The remote preview of the text-input builder (spec 7.3: an optional callback receives the
 * cron value and a timestamp and returns the preview text; spec 9: debounced 500 ms). Headless.
 */
import { NO_EXECUTION_TIME, PREVIEW_DEBOUNCE_MS } from '../../../src/shared/cron/index.js';

/** The callback: cron value and timestamp (ms) → the preview text. */
export type RemotePreview = (cron: string, timestamp: number) => Promise<string>;

export interface RemotePreviewer {
  /** Asks for the preview of `cron` `delay` ms after the last call. */
  request(cron: string): void;
  /** Cancels the pending call and ignores replies still on their way. */
  cancel(): void;
}

/**
 * A debounced remote preview: `request` calls `remote(cron, Date.now())` `delay` ms after the
 * last request and reports its text; a reply overtaken by a newer request (or a cancel) is
 * ignored; a failed or empty reply reports 没有执行时间.
 */
export function createRemotePreview(remote: RemotePreview, onText: (text: string) => void, delay = PREVIEW_DEBOUNCE_MS): RemotePreviewer {
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    request(cron) {
      clearTimeout(timer);
      const id = ++seq;
      timer = setTimeout(() => {
        Promise.resolve()
          .then(() => remote(cron, Date.now()))
          .then(
            (text) => id === seq && onText(text || NO_EXECUTION_TIME),
            () => id === seq && onText(NO_EXECUTION_TIME),
          );
      }, delay);
    },
    cancel() {
      clearTimeout(timer);
      seq++;
    },
  };
}
