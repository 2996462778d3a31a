import { Tag } from 'antd';
import { INSTANCE_STATUSES } from '../../../shared/bpmn/process-texts';

/** Tag colour of each instance status: running blue, approved green, rejected red, withdrawn grey, voided orange. */
export const INSTANCE_STATUS_COLORS: Record<(typeof INSTANCE_STATUSES)[number]['value'], string> = {
  running: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  voided: 'warning',
};

/**
 * A process instance's status as a coloured tag with its Chinese label (spec 2.7 task screens).
 * Input: the status code and, as a fallback label for an unknown code, the server's text.
 */
export function InstanceStatusTag({ status, text }: { status: string; text?: string }) {
  const known = INSTANCE_STATUSES.find((s) => s.value === status);
  const color = known ? INSTANCE_STATUS_COLORS[known.value] : 'default';
  return (
    <Tag color={color} data-testid="wf-status" data-status={status}>
      {known?.text ?? text ?? status}
    </Tag>
  );
}
