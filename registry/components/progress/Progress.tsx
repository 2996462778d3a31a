import { Progress as AntProgress, type ProgressProps as AntProgressProps } from 'antd';
import { parseProgress } from '../../../src/runtime/util/number.js';

export interface ProgressProps extends Omit<AntProgressProps, 'percent'> {
  /** Any value: parsed to a number, 0 on failure, clamped to 0–100 (spec 9). */
  value?: unknown;
}

/** antd Progress over a parsed value (spec 9: `parseProgress`, 0 when the value is not a number). */
export function Progress({ value, ...rest }: ProgressProps) {
  return <AntProgress {...rest} percent={parseProgress(value)} />;
}
