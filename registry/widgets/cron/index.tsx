import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { dbValueSchema } from '../../../src/shared/value-schema.js';
import { CronEdit, CronRead } from './CronField.js';

export { CronEdit, CronRead, cronShapeOf } from './CronField.js';
export { CronModal, CronModalBody, CRON_MODAL_WIDTH, modalUnits, type CronModalProps } from './CronModal.js';
export { CronInputModal } from './CronInputModal.js';
export { CronInputBuilder, type CronInputBuilderProps } from './CronInputBuilder.js';
export { createRemotePreview, type RemotePreview, type RemotePreviewer } from './preview.js';

/**
 * `cron` — a Quartz cron expression (spec 2.6, 4.2): a text input with a 选择 button opening the
 * modal builder; extend `hideSecond` / `hideYear` drop those fields. Stored as a string
 * (dbLength, default 255); lists show the expression.
 */
export const cronWidget: WidgetDefinition = {
  type: 'cron',
  title: 'Cron表达式',
  FormWidget: connect(CronEdit, mapReadPretty(CronRead)),
  Cell: TextCell,
  valueSchema: dbValueSchema,
  defaultDbType: 'string',
};
