import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../stores/session';
import { loadUnread, type UnreadLists } from './api';
import { NoticeSocket, socketUrl, type NoticeFrame } from './noticeSocket';

/** Spec 9: the bell polls every 6000 ms (here only while the websocket is down). */
export const POLL_MS = 6000;

const EMPTY: UnreadLists = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

export interface NoticeBellState {
  lists: UnreadLists;
  /** Unread notices plus system messages. */
  total: number;
  /** Reloads the lists (after opening an item, spec 4.6). */
  reload: () => Promise<void>;
}

/**
 * The bell's data (spec 2.5, 4.6, 9): the unread lists of the signed-in user, loaded on mount,
 * on every `user`/`topic` push of the notice websocket (token as Sec-WebSocket-Protocol,
 * heartbeat 20 s, reconnect 5 s) and by polling every 6000 ms while the socket is down; a failed
 * load stops the polling silently. `onPush` receives each pushed frame (the bell's notification).
 */
export function useNoticeBell(onPush?: (frame: NoticeFrame) => void): NoticeBellState {
  const { token, userInfo } = useSnapshot(session);
  const userId = userInfo?.id;
  const [lists, setLists] = useState<UnreadLists>(EMPTY);
  const [socketOpen, setSocketOpen] = useState(false);
  const [pollStopped, setPollStopped] = useState(false);
  const alive = useRef(true);
  const pushRef = useRef(onPush);
  pushRef.current = onPush;

  const reload = useCallback(async () => {
    try {
      const next = await loadUnread();
      if (alive.current) setLists(next);
    } catch {
      if (alive.current) setPollStopped(true);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (!token || !userId) return;
    void reload();
    const socket = new NoticeSocket({
      url: socketUrl(__API_BASE__, `/websocket/${encodeURIComponent(userId)}`, window.location),
      token,
      onNotice: (frame) => {
        void reload();
        pushRef.current?.(frame);
      },
      onStatus: setSocketOpen,
    });
    socket.start();
    return () => socket.stop();
  }, [token, userId, reload]);

  useEffect(() => {
    if (!token || !userId || socketOpen || pollStopped) return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [token, userId, socketOpen, pollStopped, reload]);

  return { lists, total: lists.anntMsgTotal + lists.sysMsgTotal, reload };
}
