import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { BizError } from '../../http/envelope.js';
import type { WfInstance } from '../../db/tables-workflow.js';
import type { SessionUser } from '../auth/token-service.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import { toColumn } from '../../../shared/columns.js';
import { formatDateTime } from '../../../shared/time.js';
import { runStep } from './engine-runner.js';
import type { WfCall } from './instance-context.js';
import { writeHistory } from './instance-history.js';
import { boundDefinition } from './instance-lookups.js';
import { afterStep, variablesOf } from './instance-step.js';
import { INSTANCE_STATUS, WF_TEXT } from './texts.js';

/**
 * Starts the bound process for a record inside the caller's transaction (the 提交 status
 * action): runs the definition until its first tasks, stores instance, tasks and history.
 * Returns the instance id. The record's status was already moved by the action. The new tasks'
 * bell pushes are queued in `deps.notices`: the caller sends them after its commit.
 * Errors: BizError when no deployed process is bound or a first task has nobody to do it.
 */
export async function startInstance(deps: WfCall, trx: Db, loaded: LoadedScreen, recordId: string, user: SessionUser): Promise<string> {
  const def = await boundDefinition(trx, loaded.screen.id);
  if (!def) throw new BizError(WF_TEXT.notDeployed);
  const variables = await variablesOf(trx, loaded, recordId, user.username);
  const step = await runStep({ xml: def.xml, scope: { variables } });
  const now = formatDateTime();
  const titleField = loaded.screen.fields.find((f) => f.name === 'title') ?? loaded.screen.fields.find((f) => f.widget === 'input');
  const instance: WfInstance = {
    id: newId(),
    definition_id: def.id,
    process_key: def.process_key,
    process_name: def.name,
    version: def.version,
    screen_id: loaded.screen.id,
    record_id: recordId,
    title: titleField ? String(variables[toColumn(titleField.name)] ?? '').slice(0, 200) || null : null,
    starter: user.username,
    status: INSTANCE_STATUS.running,
    state: step.state,
    current_nodes: null,
    start_time: now,
    end_time: null,
    tenant_id: user.tenantId ?? 0,
    rev: 0,
  };
  await trx.insertInto('wf_instance').values(instance).execute();
  await writeHistory(trx, instance.id, null, 'start', user, null);
  await afterStep(deps, trx, instance, step, variables, user);
  return instance.id;
}
