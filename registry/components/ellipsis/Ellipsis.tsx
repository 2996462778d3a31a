import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { ELLIPSIS_LENGTH, ellipsisText, isEllipsed } from '../../../src/runtime/util/text.js';

export interface EllipsisProps {
  /** The text (or use children); any value is shown as its string. */
  value?: unknown;
  children?: ReactNode;
  /** Characters shown before '...' (spec 9: default 25). */
  length?: number;
}

/**
 * A text cut at `length` characters (default 25, spec 9) followed by '...', the whole text in a
 * tooltip when cut. Children that are elements (not a string or number) are shown as they are.
 */
export function Ellipsis({ value, children, length = ELLIPSIS_LENGTH }: EllipsisProps) {
  if (value === undefined && children != null && typeof children !== 'string' && typeof children !== 'number') return <>{children}</>;
  const text = value !== undefined ? value : children;
  const whole = text === undefined || text === null ? '' : String(text);
  if (!isEllipsed(whole, length)) return <>{whole}</>;
  return (
    <Tooltip title={whole}>
      <span>{ellipsisText(whole, length)}</span>
    </Tooltip>
  );
}
