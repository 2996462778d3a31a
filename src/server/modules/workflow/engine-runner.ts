import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import { extensionDescriptor, prefixOf } from '../../../shared/bpmn/extension-descriptor.js';
import { BizError } from '../../http/envelope.js';
import { ModelExpressionError, NO_SCRIPTS, safeExpressions, type ExpressionScope } from './safe-expressions.js';
import { WF_TEXT } from './texts.js';

/** A user task the engine waits on (one per iteration of a multi-instance node). */
export interface WaitingTask {
  /** The engine's execution id of the wait (stable across save and recover). */
  executionId: string;
  elementId: string;
  name: string | null;
  /** The user task's own attributes (assignee, candidateUsers, candidateGroups …). */
  behaviour: Record<string, unknown>;
  /** Set on an iteration of a multi-instance node: its index and the element variable's value. */
  loop?: { index: number; variable: string; value: unknown; parentExecutionId: string };
}

/** What one engine step leaves: the saved state, the tasks now waiting, whether the process ended. */
export interface StepResult {
  state: string;
  waiting: WaitingTask[];
  ended: boolean;
}

/** What a step does after it started or recovered the engine. */
export interface StepInput {
  /** The definition's XML when the instance starts (its extension prefix is read from it); absent when `state` continues one. */
  xml?: string;
  /** The saved state of a running instance (JSON of engine.getState()). */
  state?: string;
  scope: ExpressionScope;
  /** Completes the waiting task with this execution id. */
  signal?: { executionId: string; payload?: Record<string, unknown> };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One step of a process instance on `bpmn-engine` (BPMN 2.0 execution), with nothing kept in
 * memory between steps: it starts the definition (or recovers the saved state and resumes it),
 * completes the given waiting task, lets the engine run until it waits again or ends, and saves
 * the state. Expressions go through {@link safeExpressions}; scripts never run.
 * @throws BizError when the task is not waiting (a stale request) or the model fails at run
 *   time (an expression error, an unsupported element); the caller's transaction then rolls back.
 */
export async function runStep(input: StepInput): Promise<StepResult> {
  // The extension descriptor matters only when the XML is parsed (start): a saved state carries
  // the parsed definition (bpmn-engine serializes the moddle context with the extension
  // attributes already read), so a continued step needs no prefix and never guesses one.
  const prefix = input.xml ? prefixOf(input.xml) : null;
  const moddleOptions = prefix ? { [prefix]: extensionDescriptor(prefix) } : undefined;
  const options = {
    name: 'wf',
    ...(moddleOptions ? { moddleOptions } : {}),
    expressions: safeExpressions(input.scope),
    scripts: NO_SCRIPTS,
    Logger: quietLogger,
  };
  const waits = new Map<string, { api: any; task: WaitingTask }>();
  const listener = new EventEmitter();
  listener.on('wait', (api: any) => {
    if (api.type !== 'bpmn:UserTask' && api.type !== 'bpmn:ManualTask') return;
    const content = api.content ?? {};
    const behaviour = { ...(api.owner?.behaviour ?? {}) } as Record<string, unknown>;
    const loopBehaviour = (behaviour.loopCharacteristics as { behaviour?: Record<string, unknown> } | undefined)?.behaviour;
    delete behaviour.loopCharacteristics;
    const variable = String(loopBehaviour?.elementVariable ?? 'item');
    waits.set(api.executionId, {
      api,
      task: {
        executionId: api.executionId,
        elementId: api.id,
        name: (api.name as string | undefined) ?? (behaviour.name as string | undefined) ?? null,
        behaviour,
        ...(content.isMultiInstance
          ? {
              loop: {
                index: Number(content.index ?? 0),
                variable,
                value: content[variable],
                parentExecutionId: String(content.parent?.executionId ?? ''),
              },
            }
          : {}),
      },
    });
  });
  let failure: unknown = null;
  let ended = false;
  const engine = input.state
    ? new Engine(options as never).recover(JSON.parse(input.state))
    : new Engine({ ...options, source: input.xml } as never);
  engine.on('error', (err: unknown) => {
    failure = err;
  });
  engine.on('end', () => {
    ended = true;
  });
  try {
    if (input.state) await engine.resume({ listener } as never);
    else await engine.execute({ listener } as never);
    await settle();
    if (input.signal) {
      const wait = waits.get(input.signal.executionId);
      if (!wait) throw new BizError(WF_TEXT.taskNotFound);
      wait.api.signal(input.signal.payload ?? {});
      waits.delete(input.signal.executionId);
      await settle();
      await settle();
    }
  } catch (e) {
    failure = failure ?? e;
  }
  if (failure) {
    engine.stop();
    if (failure instanceof BizError) throw failure;
    const inner = (failure as { inner?: unknown; source?: { inner?: unknown } }).inner ?? failure;
    if (inner instanceof ModelExpressionError) throw new BizError(inner.message);
    throw new BizError(WF_TEXT.engineFailed((inner as Error)?.message ?? String(inner)));
  }
  const postponed = ended ? [] : ((engine.execution?.getPostponed() ?? []) as { executionId: string }[]).map((p) => p.executionId);
  const alive = (id: string) => postponed.some((p) => id === p || id.startsWith(`${p}_`));
  const waiting = [...waits.values()].map((w) => w.task).filter((t) => alive(t.executionId));
  const state = JSON.stringify(await engine.getState());
  engine.stop();
  return { state, waiting, ended: ended || engine.state === 'idle' };
}

function quietLogger() {
  const noop = () => undefined;
  return { debug: noop, error: noop, warn: noop };
}
