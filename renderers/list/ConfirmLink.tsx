import { useState, type ReactNode } from 'react';
import { Popconfirm } from 'antd';

export interface ConfirmLinkProps {
  /** The question of the confirmation (e.g. 确定删除吗?). */
  title: ReactNode;
  /** Called when the user confirms; a promise keeps the OK button loading until it settles. */
  onConfirm: () => unknown;
  children: ReactNode;
  /** Extra attributes of the link (e.g. data-row-action). */
  linkProps?: Record<string, string>;
}

/**
 * A list-row link that asks for confirmation in a Popconfirm first (spec 4.4 row actions). The
 * Popconfirm (a trigger with its own hooks and observers) is mounted only once the link is
 * clicked, so a page of many rows renders plain links; it closes and unmounts afterwards.
 */
export default function ConfirmLink({ title, onConfirm, children, linkProps }: ConfirmLinkProps) {
  const [armed, setArmed] = useState(false);
  const link = (
    <a {...linkProps} onClick={armed ? undefined : () => setArmed(true)}>
      {children}
    </a>
  );
  if (!armed) return link;
  return (
    <Popconfirm title={title} defaultOpen onConfirm={onConfirm} onOpenChange={(open) => !open && setArmed(false)}>
      {link}
    </Popconfirm>
  );
}
