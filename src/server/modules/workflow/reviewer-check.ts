import type { Db } from '../../db/connection.js';
import { BizError } from '../../http/envelope.js';
import { elementLabel, flowElements, type Diagram, type ModdleElement } from './diagram.js';
import { WF_TEXT } from './texts.js';

/** Literal names of a comma list, expressions (`${…}`, `#{…}`) left out. */
const literals = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s && !/[$#]\{/.test(s))
    : [];

/**
 * The usernames a multi-instance user task's literal collection lists (e.g. `lina,wangfang`, the
 * counter-signers when the assignee is the element variable); none for an expression.
 */
function collectionOf(task: ModdleElement): string[] {
  const loop = task.loopCharacteristics as ModdleElement | undefined;
  const collection = loop?.collection as unknown;
  const elementVariable = loop?.elementVariable as unknown;
  const assignee = typeof task.assignee === 'string' ? task.assignee : '';
  // only a collection of the people the task is assigned to: `${signer}` over elementVariable signer
  if (!loop || typeof elementVariable !== 'string' || assignee.replace(/\s/g, '') !== `\${${elementVariable}}`) return [];
  return literals(collection);
}

/**
 * Deploy check of the reviewers the designer's pickers set (spec 2.7): every literal assignee and
 * candidate user of a user task, and each name of the literal collection its multi-instance
 * assigns the task over, names an existing user (sys_user, not deleted), every candidate
 * group an existing role code (sys_role). Expressions such as `${initiator}` pass. Throws BizError
 * naming, for every element, each unknown user or role; resolves when all exist.
 */
export async function assertReviewersExist(db: Db, diagram: Diagram): Promise<void> {
  const tasks = flowElements(diagram.process).filter((e) => e.$type === 'bpmn:UserTask');
  const users = new Set(tasks.flatMap((t) => [...literals(t.assignee), ...literals(t.candidateUsers), ...collectionOf(t)]));
  const roles = new Set(tasks.flatMap((t) => literals(t.candidateGroups)));
  const knownUsers = users.size
    ? new Set(
        (
          await db
            .selectFrom('sys_user')
            .select('username')
            .where('username', 'in', [...users])
            .where('del_flag', '=', 0)
            .execute()
        ).map((r) => r.username),
      )
    : new Set<string>();
  const knownRoles = roles.size
    ? new Set(
        (
          await db
            .selectFrom('sys_role')
            .select('role_code')
            .where('role_code', 'in', [...roles])
            .execute()
        ).map((r) => r.role_code),
      )
    : new Set<string>();
  const problems: string[] = [];
  for (const t of tasks) {
    const label = elementLabel(t);
    for (const u of [...literals(t.assignee), ...literals(t.candidateUsers), ...collectionOf(t)].filter((x) => !knownUsers.has(x)))
      problems.push(WF_TEXT.lintProblem(label, WF_TEXT.userUnknown(u)));
    for (const r of literals(t.candidateGroups).filter((x) => !knownRoles.has(x)))
      problems.push(WF_TEXT.lintProblem(label, WF_TEXT.roleUnknown(r)));
  }
  if (problems.length) throw new BizError(WF_TEXT.lint([...new Set(problems)]));
}
