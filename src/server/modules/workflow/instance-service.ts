import type { Db } from '../../db/connection.js';
import type { SessionUser } from '../auth/token-service.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import type { RecordService } from '../../online/record-service.js';
import type { WfDeps } from './instance-context.js';
import { rolesOf } from './instance-lookups.js';
import { startInstance } from './instance-start.js';
import { addSigner, approveTask, claimTask, rejectTask, transferTask } from './task-actions.js';
import { voidInstance, withdrawInstance } from './instance-actions.js';
import { TaskNotices, type NoticeBatch } from './task-notices.js';

export { boundDefinition, runningInstanceOf, mayAct } from './instance-lookups.js';

/**
 * Process instances of bound screens on `bpmn-engine`: a record's 提交 starts one, its tasks are
 * completed, rejected, transferred, claimed or extended with a signer, the starter withdraws it
 * while the first task is open, or voids it. The engine's state, the tasks and the history live in the
 * database (wf_instance, wf_task, wf_history): every action locks the instance row, recovers the
 * engine from the saved state, acts and saves it in one transaction, so an instance survives a
 * restart and any process on the same database can continue it. The record's approval status
 * follows the instance through the screen's declared status actions. This class only binds the
 * app's dependencies to the functions that do each job (instance-start, task-actions,
 * instance-actions, instance-step, instance-finish).
 */
export class InstanceService {
  readonly notices: TaskNotices;
  private readonly deps: WfDeps;

  constructor(db: Db, records: RecordService, screens: { get(id: string): LoadedScreen | undefined }, notices?: TaskNotices) {
    this.notices = notices ?? new TaskNotices();
    this.deps = { db, records, screens, bell: this.notices };
  }

  /** The role codes of a user (candidate groups are role codes). */
  rolesOf(username: string, via: Db = this.deps.db): Promise<string[]> {
    return rolesOf(via, username);
  }

  /**
   * Starts the bound process for a record inside the caller's transaction; returns the instance
   * id (see startInstance). The new tasks' bell pushes go into `notices` (from `this.notices.batch()`),
   * which the caller sends after its commit.
   */
  start(trx: Db, loaded: LoadedScreen, recordId: string, user: SessionUser, notices: NoticeBatch): Promise<string> {
    return startInstance({ ...this.deps, notices }, trx, loaded, recordId, user);
  }

  /** Approves a task (403 for a non-participant, nothing written). */
  approve(taskId: unknown, comment: string | null, user: SessionUser): Promise<void> {
    return approveTask(this.deps, taskId, comment, user);
  }

  /** Rejects a task: the instance ends, the record returns to its applicant. */
  reject(taskId: unknown, comment: string | null, user: SessionUser): Promise<void> {
    return rejectTask(this.deps, taskId, comment, user);
  }

  /** Transfers a task to another user of the instance's tenant. */
  transfer(taskId: unknown, target: unknown, comment: string | null, user: SessionUser): Promise<void> {
    return transferTask(this.deps, taskId, target, comment, user);
  }

  /** A candidate takes an unassigned task (签收). */
  claim(taskId: unknown, user: SessionUser): Promise<void> {
    return claimTask(this.deps, taskId, user);
  }

  /** Adds a signer to a counter-sign task (加签). */
  addSigner(taskId: unknown, signer: unknown, comment: string | null, user: SessionUser): Promise<void> {
    return addSigner(this.deps, taskId, signer, comment, user);
  }

  /** The starter withdraws a running instance while nobody has approved yet. */
  withdraw(instanceId: unknown, user: SessionUser): Promise<void> {
    return withdrawInstance(this.deps, instanceId, user);
  }

  /** The starter voids a running (or still voidable rejected) instance: the record becomes 已作废. */
  void(instanceId: unknown, user: SessionUser): Promise<void> {
    return voidInstance(this.deps, instanceId, user);
  }
}
