import type { ScreenSchema } from '../../../shared/generated/screen-schema';

/**
 * Row shapes of the workflow API (server: src/server/modules/workflow) the task and model
 * screens read. Times are 'YYYY-MM-DD HH:mm:ss' strings; ids are strings.
 */

/** A row of GET /workflow/task/todo. */
export interface TodoRow {
  id: string;
  taskName: string;
  elementId: string;
  assignee: string | null;
  candidateUsers: string | null;
  candidateGroups: string | null;
  /** true once a user holds the task (assigned or claimed) */
  claimed: boolean;
  multiInstance: boolean;
  createTime: string;
  instanceId: string;
  processName: string;
  title: string | null;
  starter: string;
  screenId: string;
  screenTitle: string;
  recordId: string;
  startTime: string;
}

/** A row of GET /workflow/task/done (one action of the user). */
export interface DoneRow {
  id: string;
  action: string;
  action_dictText: string;
  comment: string | null;
  taskName: string | null;
  endTime: string;
  instanceId: string;
  processName: string;
  title: string | null;
  starter: string;
  status: string;
  status_dictText: string;
}

/** A row of GET /workflow/instance/mine. */
export interface MineRow {
  id: string;
  instanceId: string;
  processName: string;
  version: number;
  title: string | null;
  status: string;
  status_dictText: string;
  currentTask: string | null;
  startTime: string;
  endTime: string | null;
  withdrawable: boolean;
  /** the starter may void it (作废): running, or rejected while its record may still be voided */
  voidable: boolean;
}

/** GET /workflow/instance/detail. */
export interface InstanceDetail {
  instance: {
    id: string;
    processName: string;
    version: number;
    title: string | null;
    starter: string;
    status: string;
    status_dictText: string;
    startTime: string;
    endTime: string | null;
    screenId: string;
    recordId: string;
  };
  record: { title: string; value: string }[];
  /** the record's sub tables: the sub screen (columns, widgets) and its rows with `_dictText` */
  subTables: { id: string; title: string; screen: ScreenSchema; rows: Record<string, unknown>[] }[];
  /** the screen's list route when the user holds its menu (打开单据), else null */
  recordLink: string | null;
  history: {
    id: string;
    action: string;
    action_dictText: string;
    taskName: string | null;
    username: string;
    realname: string | null;
    comment: string | null;
    createTime: string;
  }[];
  xml: string | null;
  currentNodes: string[];
  finishedNodes: string[];
  openTasks: { id: string; taskName: string | null; assignee: string | null }[];
}

/** A row of GET /workflow/model/list (xml only from queryById). */
export interface ModelRow {
  id: string;
  modelKey: string;
  name: string;
  category: string;
  category_dictText: string;
  prefix: string;
  formScreen: string | null;
  description: string | null;
  status: string;
  status_dictText: string;
  version: number;
  updateBy: string | null;
  updateTime: string | null;
  createTime: string;
  xml?: string | null;
}
