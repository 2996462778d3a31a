import type { Db } from '../../db/connection.js';
import { BizError } from '../../http/envelope.js';
import { elementLabel, flowElements, type Diagram } from './diagram.js';
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
 * Deploy check of the reviewers the designer's pickers set (spec 2.7): every literal assignee and
 * candidate user of a user task names an existing user (sys_user, not deleted), every candidate
 * group an existing role code (sys_role). Expressions such as `${initiator}` pass. Throws BizError
 * naming the element and the unknown user or role; resolves when all exist.
 */
export async function assertReviewersExist(db: Db, diagram: Diagram): Promise<void> {
  const tasks = flowElements(diagram.process).filter((e) => e.$type === 'bpmn:UserTask');
  const users = new Set(tasks.flatMap((t) => [...literals(t.assignee), ...literals(t.candidateUsers)]));
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
  for (const t of tasks) {
    const user = [...literals(t.assignee), ...literals(t.candidateUsers)].find((u) => !knownUsers.has(u));
    if (user) throw new BizError(WF_TEXT.lint(elementLabel(t), WF_TEXT.userUnknown(user)));
    const role = literals(t.candidateGroups).find((r) => !knownRoles.has(r));
    if (role) throw new BizError(WF_TEXT.lint(elementLabel(t), WF_TEXT.roleUnknown(role)));
  }
}
