/**
 * The online preview service's address as the server tells it (GET /sys/common/preview/config →
 * `{onlinePreviewUrl}`, the server's ONLINE_PREVIEW_URL; spec 9), asked once per request port.
 * A failed call or a server without that call (a JeecgBoot server) means no service. Never rejects.
 */
import type { RequestPort } from '../../../context/RuntimeContext.js';

const asked = new WeakMap<RequestPort, Promise<string | null>>();

/** The online preview service's address, or null when none is configured. */
export function loadOnlinePreviewUrl(request: RequestPort): Promise<string | null> {
  let pending = asked.get(request);
  if (!pending) {
    pending = request
      .get<{ onlinePreviewUrl?: string | null }>('/sys/common/preview/config')
      .then((res) => {
        const url = res.success ? res.result?.onlinePreviewUrl : null;
        return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : null;
      })
      .catch(() => null);
    asked.set(request, pending);
  }
  return pending;
}
