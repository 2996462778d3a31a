import type { Db } from '../../db/connection.js';
import type { WfInstance } from '../../db/tables-workflow.js';
import { BizError } from '../../http/envelope.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import type { RecordService } from '../../online/record-service.js';
import type { NoticeBatch, TaskNotices } from './task-notices.js';
import { WF_TEXT } from './texts.js';

/** What the instance functions need from the app: the database, the record service, the screens and the bell. */
export interface WfDeps {
  db: Db;
  records: RecordService;
  screens: { get(id: string): LoadedScreen | undefined };
  bell: TaskNotices;
}

/** The dependencies of one workflow call: the app's, plus the bell messages its transaction queues. */
export interface WfCall extends WfDeps {
  notices: NoticeBatch;
}

/** The loaded screen of an instance's record; BizError when the screen is gone. */
export function screenOf(deps: Pick<WfDeps, 'screens'>, instance: WfInstance): LoadedScreen {
  const loaded = deps.screens.get(instance.screen_id);
  if (!loaded) throw new BizError(WF_TEXT.screenUnknown(instance.screen_id));
  return loaded;
}
