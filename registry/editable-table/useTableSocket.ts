/**
 * Binds an editable-table model to the table websocket (table-socket.ts) while `on`: rows pushed
 * by the other pages with the same socket key are copied onto the model (with its reload effect);
 * the returned ref's `sendRow` tells them about a row edited here. Needs the runtime context's
 * `socket` port and a signed-in user; without them it does nothing.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useRuntimeContext } from '../context/RuntimeContext.js';
import type { EditableTableModel } from './model.js';
import { TableSocket } from './table-socket.js';

/** The table socket of `model` (null while off or connecting is impossible). */
export function useTableSocket(model: EditableTableModel, socketKey: string | undefined, on: boolean): RefObject<TableSocket | null> {
  const { socket, user } = useRuntimeContext();
  const ref = useRef<TableSocket | null>(null);
  const userId = user?.id;
  useEffect(() => {
    if (!on || !socket || !userId) return;
    const caseId = `_j-vxe-${Math.random().toString(36).slice(2, 10)}_`;
    const s = new TableSocket({ open: socket, userId, socketKey, caseId, onRow: (row) => model.applyRemoteRow(row) });
    ref.current = s;
    s.start();
    return () => {
      s.stop();
      if (ref.current === s) ref.current = null;
    };
  }, [on, socket, userId, socketKey, model]);
  return ref;
}
