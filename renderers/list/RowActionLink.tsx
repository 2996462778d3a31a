import { useState } from 'react';
import { message } from 'antd';
import ConfirmLink from './ConfirmLink';
import type { RowAction } from '../../src/shared/generated/screen-schema';
import { rowActionCall } from '../../src/runtime/list/row-actions';
import { useRuntimeContext } from '../../registry/context/RuntimeContext';

export interface RowActionLinkProps {
  action: RowAction;
  /** The row's id, sent as `?id=` (GET/DELETE) or body `{id}` (PUT/POST). */
  id: string;
  /** Called after a successful call (the list reloads). */
  onDone: () => void;
}

/**
 * One schema row action (screen `rowActions`): a link that asks `confirm` first when given,
 * calls the action's url with the row id, shows the server's message (success or warning)
 * and reloads the list on success. Used by the generic list for 启动/停止/执行一次, 发布/撤销 …
 */
export default function RowActionLink({ action, id, onDone }: RowActionLinkProps) {
  const { request } = useRuntimeContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const call = rowActionCall(action, id);
      const res =
        call.method === 'get'
          ? await request.get(call.url, call.params)
          : call.method === 'delete'
            ? await request.delete(call.url, call.params)
            : call.method === 'put'
              ? await request.put(call.url, call.body)
              : await request.post(call.url, call.body);
      if (res.success) {
        message.success(res.message || `${action.title}成功`);
        onDone();
      } else message.warning(res.message);
    } finally {
      setBusy(false);
    }
  };
  return action.confirm ? (
    <ConfirmLink title={action.confirm} onConfirm={() => run()} linkProps={{ 'data-row-action': action.action }}>
      {action.title}
    </ConfirmLink>
  ) : (
    <a data-row-action={action.action} onClick={() => void run()}>
      {action.title}
    </a>
  );
}
