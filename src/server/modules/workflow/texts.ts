/** The workflow module's user-facing messages (zh-CN). */
export const WF_TEXT = {
  modelNotFound: '流程模型不存在',
  keyRequired: '请输入流程标识',
  keyPattern: '流程标识只能由字母、数字、下划线和中划线组成，且以字母或下划线开头',
  keyTaken: (key: string) => `流程标识 ${key} 已存在`,
  nameRequired: '请输入流程名称',
  xmlRequired: '请先设计流程图',
  listenerMissing: '监听器不存在',
  xmlBroken: (why: string) => `流程图无法解析：${why}`,
  keyMismatch: (key: string) => `流程图中的流程标识应为 ${key}`,
  noProcess: '流程图中没有可执行的流程',
  screenUnknown: (screen: string) => `表单 ${screen} 不存在`,
  screenNoWorkflow: (screen: string) => `表单 ${screen} 没有审批状态，不能绑定流程`,
  screenTaken: (name: string) => `该表单已绑定流程 ${name}`,
  lint: (problems: readonly string[]) => `流程校验未通过：${problems.join('；')}`,
  lintProblem: (element: string, message: string) => `${element}：${message}`,
  deleteRunning: '该流程还有运行中的实例，不能删除',
  deployed: (version: number) => `部署成功，版本 V${version}`,
  notDeployed: '该表单绑定的流程尚未部署',
  taskNotFound: '任务不存在或已处理',
  instanceNotFound: '流程实例不存在',
  instanceEnded: '流程已结束',
  notAssignee: '您不是该任务的办理人',
  claimTaken: '该任务已被他人签收',
  claimNotCandidate: '您不是该任务的候选人',
  needClaim: '请先签收该任务',
  commentRequired: '请填写驳回意见',
  transferTarget: '请选择转办人',
  transferSelf: '不能转办给自己',
  userUnknown: (u: string) => `用户 ${u} 不存在`,
  roleUnknown: (r: string) => `角色 ${r} 不存在`,
  userOutsideTenant: (u: string) => `用户 ${u} 不存在或不属于本流程所在的租户，不能转办或加签给他`,
  signerRequired: '请选择加签人',
  signerNotMulti: '只有会签节点可以加签',
  signerDuplicate: (u: string) => `${u} 已是该节点的办理人`,
  withdrawNotStarter: '只有发起人可以撤回',
  withdrawTooLate: '流程已被审批，不能撤回',
  voidNotStarter: '只有发起人可以作废',
  voidNotDeclared: '该单据没有作废操作，不能作废',
  voidNotAllowed: '该流程已结束，不能作废',
  noAssignee: (node: string) => `节点 ${node} 没有办理人`,
  engineFailed: (why: string) => `流程执行出错：${why}`,
  expression: (expr: string, why: string) => `表达式 ${expr} 有误：${why}`,
  scriptRefused: '流程中的脚本不被执行',
  directActionRefused: (label: string) => `该单据由审批流程处理，不能直接${label}`,
  done: (label: string) => `${label}成功！`,
  listenerTypeRequired: '请选择监听类型',
  listenerValueRequired: '请输入值',
  listenerClassOnly: '全局监听器只能是 Java 类',
  listenerEvent: '请选择事件',
  listenerName: '请输入名称',
} as const;

/** History actions and their Chinese labels (the approval history's 操作 column). */
export const WF_ACTIONS = {
  start: '提交',
  approve: '同意',
  reject: '驳回',
  transfer: '转办',
  claim: '签收',
  addSign: '加签',
  withdraw: '撤回',
  void: '作废',
  complete: '流程结束',
} as const;
export type WfAction = keyof typeof WF_ACTIONS;

/** Instance statuses and the record's approval status each leads to. */
export const INSTANCE_STATUS = {
  running: 'running',
  approved: 'approved',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
  voided: 'voided',
} as const;

/** Texts of the deploy checks of our own (lint-rules.ts). */
export const LINT_TEXT = {
  userTaskAssignee: '用户任务必须设置办理人、候选人或会签集合',
  exclusiveGatewayFlows: '排他网关的每条出线都必须设置条件或设为默认流转',
  scriptCondition: '连线条件不能使用脚本，请使用 ${…} 表达式',
  unsupported: (kind: string) => `暂不支持该类型的节点（${kind}）`,
} as const;

/** Chinese names of the flow nodes the engine does not run (lint-rules.ts). */
export const UNSUPPORTED_NODE: Readonly<Record<string, string>> = {
  'bpmn:ScriptTask': '脚本任务',
  'bpmn:ServiceTask': '服务任务',
  'bpmn:SendTask': '发送任务',
  'bpmn:BusinessRuleTask': '业务规则任务',
  'bpmn:ReceiveTask': '接收任务',
  'bpmn:ManualTask': '手工任务',
  'bpmn:CallActivity': '调用活动',
  'bpmn:SubProcess': '子流程',
  'bpmn:Transaction': '事务子流程',
  'bpmn:AdHocSubProcess': '自由子流程',
  'bpmn:EventBasedGateway': '事件网关',
  'bpmn:ComplexGateway': '复杂网关',
};

const EVENT_DEF: Readonly<Record<string, string>> = {
  'bpmn:TimerEventDefinition': '定时',
  'bpmn:MessageEventDefinition': '消息',
  'bpmn:SignalEventDefinition': '信号',
  'bpmn:ConditionalEventDefinition': '条件',
  'bpmn:EscalationEventDefinition': '升级',
  'bpmn:ErrorEventDefinition': '错误',
  'bpmn:CompensateEventDefinition': '补偿',
  'bpmn:LinkEventDefinition': '链接',
  'bpmn:CancelEventDefinition': '取消',
  'bpmn:TerminateEventDefinition': '终止',
};
const eventName = (kind: string) => (def: string) => `${EVENT_DEF[def] ?? ''}${kind}`;
/** Chinese names of events by their type and event definition, e.g. 定时边界事件 (lint-rules.ts). */
export const UNSUPPORTED_EVENT: Readonly<Record<string, (definition: string) => string>> = {
  'bpmn:StartEvent': eventName('开始事件'),
  'bpmn:EndEvent': eventName('结束事件'),
  'bpmn:IntermediateCatchEvent': eventName('中间捕获事件'),
  'bpmn:IntermediateThrowEvent': eventName('中间抛出事件'),
  'bpmn:BoundaryEvent': eventName('边界事件'),
};
