import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ForbiddenError } from '../http/envelope.js';
import { CLOSE_SESSION_ENDED, HEARTCHECK, noticeHubOf } from './notice-hub.js';
import { tableSyncRoom } from './table-sync-room.js';

export { CLOSE_SESSION_ENDED } from './notice-hub.js';

/** Close code of a table-sync socket whose user may no longer read its screen (4003, application range). */
export const CLOSE_FORBIDDEN = 4003;

/** Close code sent when the process shuts down (RFC 6455 1012 "service restart": reconnect). */
export const CLOSE_RESTART = 1012;

/** The token a browser sends with `new WebSocket(url, [token])`: the first Sec-WebSocket-Protocol value. */
export function protocolToken(header: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  const first = raw?.split(',')[0]?.trim();
  return first || undefined;
}

type SocketRequest = FastifyRequest<{ Params: { userId: string; pageId?: string } }>;

/**
 * The websockets of docs/architecture.md "Wire policy" and api-contract §9.1, registered inside the
 * API prefix (so at `{base}/websocket/{userId}` and `{base}/vxeSocket/{userId}/{pageId}`):
 * - the handshake must carry the access token as the Sec-WebSocket-Protocol value (ws echoes
 *   the chosen protocol back); a missing or invalid token is refused with HTTP 401 and a
 *   `userId` that is not the token's user with HTTP 403, before any upgrade;
 * - the notice channel answers every inbound text (the client sends `HeartBeat` every 20 s)
 *   with `{"cmd":"heartcheck","msgTxt":"心跳响应"}` to that socket only (the original
 *   broadcast it to everyone, a defect) and re-checks the session each time, closing the
 *   socket (code 4001) once it has ended; pushes come from the announcement module;
 * - the table channel answers `{"type":"heart_beat"}` with `{"type":"heart_beat","data":true}`
 *   and relays `update_vxe_table` data to the sockets of the same room (table-sync-room.ts: a
 *   screen's page to that tenant's users allowed on the screen, any other page id to the same
 *   user only; the original relayed to every page of every user); a sender no longer allowed
 *   is closed with 4003.
 */
export function socketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const hub = noticeHubOf(ctx);

  const authenticate = async (req: SocketRequest) => {
    const user = await ctx.tokens.verify(protocolToken(req.headers['sec-websocket-protocol']));
    if (user.id !== req.params.userId) throw new ForbiddenError();
    req.user = user;
  };
  /** Re-checks the session behind an open socket; closes the socket once it has ended. */
  const stillSignedIn = (req: SocketRequest, socket: { close(code: number, reason: string): void }) =>
    ctx.tokens.verify(protocolToken(req.headers['sec-websocket-protocol'])).then(
      () => true,
      () => {
        socket.close(CLOSE_SESSION_ENDED, 'session ended');
        return false;
      },
    );

  app.get<{ Params: { userId: string } }>(
    '/websocket/:userId',
    { websocket: true, config: { public: true }, preValidation: authenticate },
    (socket, req) => {
      const remove = hub.add(req.user.id, socket, req.user.tokenId);
      socket.on('message', () => {
        void stillSignedIn(req, socket).then((ok) => ok && socket.send(JSON.stringify(HEARTCHECK)));
      });
      socket.on('close', remove);
      socket.on('error', remove);
    },
  );

  /** The handshake of a table-sync socket: the session, then the page's room (tableSyncRoom, 403 when refused). */
  const joinRoom = async (req: SocketRequest) => {
    await authenticate(req);
    rooms.set(req, await tableSyncRoom(ctx, req.user, req.params.pageId ?? ''));
  };
  const rooms = new WeakMap<SocketRequest, string>();

  app.get<{ Params: { userId: string; pageId: string } }>(
    '/vxeSocket/:userId/:pageId',
    { websocket: true, config: { public: true }, preValidation: joinRoom },
    (socket, req) => {
      const room = rooms.get(req) as string;
      const remove = hub.addPage(room, socket, req.user.tokenId);
      socket.on('message', (raw) => {
        let msg: { type?: unknown; data?: unknown };
        try {
          msg = JSON.parse(String(raw)) as { type?: unknown; data?: unknown };
        } catch {
          return;
        }
        if (msg?.type === 'heart_beat') {
          void stillSignedIn(req, socket).then((ok) => ok && socket.send(JSON.stringify({ type: 'heart_beat', data: true })));
        } else if (msg?.type === 'update_vxe_table') {
          // the sender must still be signed in and still allowed on the page (grants may have changed)
          void stillSignedIn(req, socket)
            .then(async (ok) => ok && (await tableSyncRoom(ctx, req.user, req.params.pageId)) === room)
            .then(
              (ok) => ok && hub.sendToPage(room, JSON.stringify({ type: 'update_vxe_table', data: msg.data ?? null })),
              () => socket.close(CLOSE_FORBIDDEN, 'not allowed on this page'),
            );
        }
      });
      socket.on('close', remove);
      socket.on('error', remove);
    },
  );
}
