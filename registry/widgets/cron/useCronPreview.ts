import { useEffect, useMemo, useRef, useState } from 'react';
import { nextTimes, previewText } from '../../../src/shared/cron/index.js';
import { createRemotePreview, type RemotePreview } from './preview.js';
import { CRON_TEXT } from './texts.js';

/**
 * The preview box's text (spec 4.2): without `remote`, the next ten times of `previewCron`
 * (year excluded) computed here, 24-hour clock, or 没有执行时间; with `remote`, its answer for
 * `cron`, asked 500 ms after the last change.
 */
export function useCronPreview(previewCron: string, cron: string, remote?: RemotePreview): string {
  const local = useMemo(() => previewText(nextTimes(previewCron)), [previewCron]);
  const [remoteText, setRemoteText] = useState<string>();
  const remoteRef = useRef(remote);
  useEffect(() => {
    remoteRef.current = remote;
  }, [remote]);
  const hasRemote = !!remote;
  useEffect(() => {
    if (!hasRemote) return;
    const previewer = createRemotePreview((c, t) => remoteRef.current?.(c, t) ?? Promise.resolve(''), setRemoteText);
    previewer.request(cron);
    return () => previewer.cancel();
  }, [cron, hasRemote]);
  return hasRemote ? (remoteText ?? CRON_TEXT.loading) : local;
}
