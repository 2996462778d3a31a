/**
 * Texts and options of the process designer both sides show (spec 2.7, 3, 4.5): the process
 * types, listener events and types, the flow-condition and counter-sign types.
 */

/** Process types (spec 2.7 basic settings): general, OA office, business handling. */
export const PROCESS_CATEGORIES = [
  { value: '1', text: '通用流程' },
  { value: '2', text: 'OA办公' },
  { value: '3', text: '业务办理' },
] as const;

/** Execution-listener events (spec 3): start, take, end. */
export const EXECUTION_EVENTS = [
  { value: 'start', text: '开始' },
  { value: 'take', text: '启用' },
  { value: 'end', text: '结束' },
] as const;

/** Task-listener events (spec 3): create, assignment, complete, delete. */
export const TASK_EVENTS = [
  { value: 'create', text: '创建' },
  { value: 'assignment', text: '指派' },
  { value: 'complete', text: '完成' },
  { value: 'delete', text: '删除' },
] as const;

/** Listener kinds (spec 3): Java class, expression, delegate expression, script. */
export const LISTENER_TYPES = [
  { value: 'classListener', text: 'Java 类' },
  { value: 'expressionListener', text: '表达式' },
  { value: 'delegateExpressionListener', text: '代理表达式' },
  { value: 'scriptListener', text: '脚本' },
] as const;
export type ListenerType = (typeof LISTENER_TYPES)[number]['value'];

/** Process-instance statuses (spec 2.7 task screens): running, approved, rejected, withdrawn, voided. */
export const INSTANCE_STATUSES = [
  { value: 'running', text: '审批中' },
  { value: 'approved', text: '已通过' },
  { value: 'rejected', text: '已驳回' },
  { value: 'withdrawn', text: '已撤回' },
  { value: 'voided', text: '已作废' },
] as const;
