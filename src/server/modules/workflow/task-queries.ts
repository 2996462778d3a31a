import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { ForbiddenError, BizError } from '../../http/envelope.js';
import type { SessionUser } from '../auth/token-service.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import type { DictService } from '../dict/dict-service.js';
import { readRecordView } from './record-view.js';
import { rejectedVoidable } from './instance-actions.js';
import { tenantOf } from '../tenant/tenant-scope.js';
import { INSTANCE_STATUSES } from '../../../shared/bpmn/process-texts.js';
import { INSTANCE_STATUS, WF_ACTIONS, WF_TEXT } from './texts.js';

type Row = Record<string, unknown>;

/** Texts of the instance statuses (我发起的 状态 column). */
export const INSTANCE_STATUS_TEXT: Record<string, string> = Object.fromEntries(INSTANCE_STATUSES.map((x) => [x.value, x.text]));

function paging(q: Row): { pageNo: number; pageSize: number } {
  return { pageNo: Math.max(1, Number(q.pageNo) || 1), pageSize: Math.min(200, Math.max(1, Number(q.pageSize) || 10)) };
}
const like = (v: unknown) => `%${String(v).replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * The read side of the task screens (我的待办 / 我的已办 / 我发起的) and of an instance's detail
 * (the record, the approval history, the diagram with its current and finished nodes). Lists
 * are the caller's own, within the request's tenant; a detail is shown to its starter, anyone
 * who holds or held one of its tasks, and the holders of the process-model menu (403 for anyone
 * else), and only for an instance of the request's tenant (else 流程实例不存在).
 */
export class TaskQueries {
  constructor(
    private readonly db: Db,
    private readonly screens: { get(id: string): LoadedScreen | undefined },
    private readonly dicts: DictService,
    private readonly rolesOf: (username: string) => Promise<string[]>,
    private readonly translate: (loaded: LoadedScreen, rows: Row[]) => Promise<void>,
  ) {}

  /** Tasks open for the user: assigned to them, or unassigned with them or one of their roles as candidate. */
  async todo(user: SessionUser, q: Row): Promise<{ records: Row[]; total: number }> {
    const { pageNo, pageSize } = paging(q);
    const roles = await this.rolesOf(user.username);
    const csv = (col: string, v: string) => sql<boolean>`(',' || coalesce(${sql.ref(col)}, '') || ',') like ${`%,${v},%`}`;
    let base = this.db
      .selectFrom('wf_task as t')
      .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
      .where('t.status', '=', 'open')
      .where('i.status', '=', INSTANCE_STATUS.running)
      .where('i.tenant_id', '=', tenantOf(user))
      .where((eb) =>
        eb.or([
          eb('t.assignee', '=', user.username),
          eb.and([
            eb('t.assignee', 'is', null),
            eb.or([csv('t.candidate_users', user.username), ...roles.map((r) => csv('t.candidate_groups', r))]),
          ]),
        ]),
      );
    if (q.processName) base = base.where('i.process_name', 'like', like(q.processName));
    if (q.title) base = base.where('i.title', 'like', like(q.title));
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await base
      .select([
        't.id',
        't.element_id',
        't.element_name',
        't.assignee',
        't.candidate_users',
        't.candidate_groups',
        't.create_time',
        't.execution_id',
        'i.id as instance_id',
        'i.process_name',
        'i.title',
        'i.starter',
        'i.screen_id',
        'i.record_id',
        'i.start_time',
      ])
      .orderBy('t.create_time', 'desc')
      .orderBy('t.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return {
      total,
      records: rows.map((r) => ({
        id: r.id,
        taskName: r.element_name ?? r.element_id,
        elementId: r.element_id,
        assignee: r.assignee,
        candidateUsers: r.candidate_users,
        candidateGroups: r.candidate_groups,
        claimed: !!r.assignee,
        multiInstance: /_\d+$/.test(String(r.execution_id ?? '')),
        createTime: r.create_time,
        instanceId: r.instance_id,
        processName: r.process_name,
        title: r.title,
        starter: r.starter,
        screenId: r.screen_id,
        screenTitle: this.screens.get(r.screen_id)?.screen.title ?? r.screen_id,
        recordId: r.record_id,
        startTime: r.start_time,
      })),
    };
  }

  /** What the user did (approved, rejected, transferred, added a signer), newest first, with the instance's state. */
  async done(user: SessionUser, q: Row): Promise<{ records: Row[]; total: number }> {
    const { pageNo, pageSize } = paging(q);
    let base = this.db
      .selectFrom('wf_history as h')
      .innerJoin('wf_instance as i', 'i.id', 'h.instance_id')
      .where('h.username', '=', user.username)
      .where('i.tenant_id', '=', tenantOf(user))
      .where('h.action', 'in', ['approve', 'reject', 'transfer', 'addSign']);
    if (q.processName) base = base.where('i.process_name', 'like', like(q.processName));
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await base
      .select([
        'h.id',
        'h.action',
        'h.comment',
        'h.element_name',
        'h.create_time',
        'i.id as instance_id',
        'i.process_name',
        'i.title',
        'i.starter',
        'i.status',
        'i.screen_id',
        'i.record_id',
      ])
      .orderBy('h.create_time', 'desc')
      .orderBy('h.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return {
      total,
      records: rows.map((r) => ({
        id: r.id,
        action: r.action,
        action_dictText: WF_ACTIONS[r.action as keyof typeof WF_ACTIONS] ?? r.action,
        comment: r.comment,
        taskName: r.element_name,
        endTime: r.create_time,
        instanceId: r.instance_id,
        processName: r.process_name,
        title: r.title,
        starter: r.starter,
        status: r.status,
        status_dictText: INSTANCE_STATUS_TEXT[r.status] ?? r.status,
        screenId: r.screen_id,
        recordId: r.record_id,
      })),
    };
  }

  /**
   * Instances the user started, newest first; `withdrawable` while no task was acted on yet,
   * `voidable` while it runs or, rejected, while its record may still be voided (instance-actions.ts).
   */
  async mine(user: SessionUser, q: Row): Promise<{ records: Row[]; total: number }> {
    const { pageNo, pageSize } = paging(q);
    let base = this.db.selectFrom('wf_instance as i').where('i.starter', '=', user.username).where('i.tenant_id', '=', tenantOf(user));
    if (q.processName) base = base.where('i.process_name', 'like', like(q.processName));
    if (q.status) base = base.where('i.status', '=', String(q.status));
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await base
      .select([
        'i.id',
        'i.process_name',
        'i.version',
        'i.title',
        'i.status',
        'i.current_nodes',
        'i.start_time',
        'i.end_time',
        'i.screen_id',
        'i.record_id',
        sql<boolean>`exists (select 1 from wf_history h where h.instance_id = i.id and h.action in ('approve', 'reject', 'addSign'))`.as(
          'acted',
        ),
        sql<string>`(select string_agg(distinct coalesce(t.element_name, t.element_id), ',') from wf_task t where t.instance_id = i.id and t.status = 'open')`.as(
          'current',
        ),
      ])
      .orderBy('i.start_time', 'desc')
      .orderBy('i.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const voidable = async (r: (typeof rows)[number]): Promise<boolean> => {
      const loaded = this.screens.get(r.screen_id);
      if (!loaded?.screen.workflow?.actions.some((a) => a.code === 'void')) return false;
      if (r.status === INSTANCE_STATUS.running) return true;
      return r.status === INSTANCE_STATUS.rejected && rejectedVoidable(this.db, loaded, r);
    };
    const canVoid = await Promise.all(rows.map(voidable));
    return {
      total,
      records: rows.map((r, n) => ({
        id: r.id,
        instanceId: r.id,
        processName: r.process_name,
        version: r.version,
        title: r.title,
        status: r.status,
        status_dictText: INSTANCE_STATUS_TEXT[r.status] ?? r.status,
        currentTask: r.current,
        startTime: r.start_time,
        endTime: r.end_time,
        screenId: r.screen_id,
        recordId: r.record_id,
        withdrawable: r.status === INSTANCE_STATUS.running && !r.acted,
        voidable: canVoid[n],
      })),
    };
  }

  /**
   * One instance for its detail view: the instance, the record's fields (title, value as shown:
   * dictionary texts) and its sub tables (sub screen and rows with dictionary texts; the screen's
   * own menu is not needed), `recordLink` (the screen's list route when the user holds its menu,
   * else null), the history, the diagram's XML, the current nodes (open tasks) and the
   * finished ones, and the open tasks. ForbiddenError (403) for users who are not its starter,
   * a present or past task holder or candidate, or `canSeeAll`.
   */
  async detail(
    instanceId: unknown,
    user: SessionUser,
    canSeeAll: boolean,
    recordLink: (screen: LoadedScreen) => Promise<string | null> = async () => null,
  ): Promise<Row> {
    if (typeof instanceId !== 'string' || !instanceId) throw new BizError(WF_TEXT.instanceNotFound);
    const i = await this.db
      .selectFrom('wf_instance')
      .selectAll()
      .where('id', '=', instanceId)
      .where('tenant_id', '=', tenantOf(user))
      .executeTakeFirst();
    if (!i) throw new BizError(WF_TEXT.instanceNotFound);
    const tasks = await this.db
      .selectFrom('wf_task')
      .selectAll()
      .where('instance_id', '=', i.id)
      .orderBy('create_time')
      .orderBy('id')
      .execute();
    if (!canSeeAll && i.starter !== user.username) {
      const roles = await this.rolesOf(user.username);
      const involved = tasks.some(
        (t) =>
          t.assignee === user.username ||
          t.owner === user.username ||
          (t.candidate_users ?? '').split(',').includes(user.username) ||
          (t.candidate_groups ?? '').split(',').some((g) => roles.includes(g)),
      );
      const acted = await this.db
        .selectFrom('wf_history')
        .select('id')
        .where('instance_id', '=', i.id)
        .where('username', '=', user.username)
        .executeTakeFirst();
      if (!involved && !acted) throw new ForbiddenError();
    }
    const def = await this.db.selectFrom('wf_definition').select(['xml']).where('id', '=', i.definition_id).executeTakeFirst();
    const history = await this.db
      .selectFrom('wf_history')
      .selectAll()
      .where('instance_id', '=', i.id)
      .orderBy('create_time')
      .orderBy('id')
      .execute();
    const open = tasks.filter((t) => t.status === 'open');
    const loaded = this.screens.get(i.screen_id);
    const view = await readRecordView(this.db, this.dicts, this.translate, loaded, i.record_id, i.tenant_id);
    return {
      instance: {
        id: i.id,
        processName: i.process_name,
        processKey: i.process_key,
        version: i.version,
        title: i.title,
        starter: i.starter,
        status: i.status,
        status_dictText: INSTANCE_STATUS_TEXT[i.status] ?? i.status,
        startTime: i.start_time,
        endTime: i.end_time,
        screenId: i.screen_id,
        recordId: i.record_id,
      },
      record: view.fields,
      subTables: view.subTables,
      recordLink: loaded ? await recordLink(loaded) : null,
      history: history.map((h) => ({
        id: h.id,
        action: h.action,
        action_dictText: WF_ACTIONS[h.action as keyof typeof WF_ACTIONS] ?? h.action,
        taskName: h.element_name,
        username: h.username,
        realname: h.realname,
        comment: h.comment,
        createTime: h.create_time,
      })),
      xml: def?.xml ?? null,
      currentNodes: [...new Set(open.map((t) => t.element_id))],
      finishedNodes: [...new Set(tasks.filter((t) => t.status === 'done').map((t) => t.element_id))],
      openTasks: open.map((t) => ({
        id: t.id,
        taskName: t.element_name,
        assignee: t.assignee,
        candidateUsers: t.candidate_users,
        candidateGroups: t.candidate_groups,
      })),
    };
  }
}
