import type { SocketLike, SocketOpener } from '../../runtime/ports';
import { socketUrl } from '../notice/noticeSocket';

/**
 * The runtime's websocket port for a session (spec 7.3 websockets, api-contract §9.1): opens
 * `ws(s)://{host}{API base}{path}` with the access token as the Sec-WebSocket-Protocol value.
 * Input: the session's token. Returns the opener (it throws when the browser refuses the URL).
 */
export function sessionSocket(token: string): SocketOpener {
  return (path: string) => new WebSocket(socketUrl(__API_BASE__, path, window.location), [token]) as unknown as SocketLike;
}
