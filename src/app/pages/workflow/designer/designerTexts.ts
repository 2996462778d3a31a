import { PREFIX_URI, type BpmnPrefix } from '../../../../shared/bpmn/extension-descriptor';

/** Texts of the process designer's toolbar and messages (zh-CN, spec 2.7, 5.6). */
export const DESIGNER_T = {
  import: '打开文件',
  download: '下载',
  downloadBpmn: '下载为 BPMN',
  downloadXml: '下载为 XML',
  downloadSvg: '下载为 SVG',
  preview: '预览',
  previewXml: '预览 XML',
  previewJson: '预览 JSON',
  simulation: '模拟',
  save: '保存',
  deploy: '部署',
  align: '对齐',
  alignLeft: '向左对齐',
  alignRight: '向右对齐',
  alignCenter: '水平居中',
  alignTop: '向上对齐',
  alignMiddle: '垂直居中',
  alignBottom: '向下对齐',
  alignHint: '请按住 Shift 键框选多个元素进行对齐',
  zoomIn: '放大',
  zoomOut: '缩小',
  zoomMax: '已经放大到最大比例',
  zoomMin: '已经缩小到最小比例',
  fit: '适应画布',
  undo: '撤销',
  redo: '恢复',
  redraw: '重新绘制',
  redrawConfirm: '确认清除画布并重新绘制吗？',
  importError: '导入流程图失败：',
  saveError: '导出流程图失败：',
  saveFailed: '保存流程图失败：',
  readError: '读取文件失败：',
  importWarnings: '部分元素未能导入',
  importWarningsIntro: '以下元素未能导入，已从画布中略去，保存后将丢失：',
  unsaved: '（未保存）',
  unsavedTitle: '流程图尚未保存',
  unsavedConfirm: '有未保存的修改，确定离开吗？',
  fileType: '请选择 .bpmn 或 .xml 文件',
  back: '返回',
  basic: '基本设置',
  reviewers: '审批人与会签',
  condition: '流转条件',
  processType: '流程类型',
  processKey: '流程标识',
  processName: '流程名称',
  nodeKey: '节点标识',
  nodeName: '节点名称',
  initiator: '发起人变量',
  description: '描述',
  assignee: '审批人',
  assigneeUser: '用户',
  assigneeExpression: '表达式',
  candidateUsers: '候选人员',
  candidateGroups: '候选角色',
  multiInstance: '会签类型',
  miNone: '无',
  miParallel: '并行会签',
  miSequential: '依次审批',
  loopCardinality: '循环基数',
  collection: '集合',
  elementVariable: '元素变量',
  completionCondition: '完成条件',
  miHelp:
    'nrOfInstances：实例总数；nrOfActiveInstances：当前活动的实例数；nrOfCompletedInstances：已完成的实例数。例如 ${nrOfCompletedInstances == nrOfInstances} 表示全部通过',
  flowType: '流转类型',
  flowNormal: '普通流转路径',
  flowDefault: '默认流转路径',
  flowCondition: '条件流转路径',
  conditionExpression: '条件表达式',
  noSelection: '请在画布上选择一个元素',
} as const;

/** Texts of the listener sections and the listener editor (zh-CN, spec 2.7, 3, 5.2). */
export const LISTENER_T = {
  taskListeners: '任务监听器',
  executionListeners: '执行监听器',
  globalListeners: '全局监听器',
  add: '添加监听器',
  edit: '编辑',
  remove: '移除',
  builtInTab: '内置执行监听器',
  customTab: '自定义全局监听器',
  event: '事件类型',
  listenerType: '监听器类型',
  value: '值',
  className: 'Java 类',
  scriptFormat: '脚本格式',
  scriptType: '脚本类型',
  scriptInline: '内联脚本',
  scriptResource: '外部资源',
  script: '脚本内容',
  resource: '资源地址',
  fields: '注入字段',
  fieldName: '字段名称',
  fieldType: '字段类型',
  fieldString: '字符串',
  fieldExpression: '表达式',
  addField: '添加字段',
  listenerName: '监听器名称',
  typeRequired: '请选择监听类型',
  valueRequired: '请输入值',
  nameRequired: '请输入监听器名称',
  choose: '选用',
  save: '保存',
  reset: '新建',
  removeConfirm: '确定删除该监听器吗？',
  none: '暂无监听器',
} as const;

/**
 * A new empty diagram (spec 5.6, 9): process id the model's key (`key`; the server keeps a
 * model's diagram under its key) or, without one, `Process_` + timestamp; name `业务流程_` +
 * timestamp, executable, one start event, carrying the extension prefix's namespace.
 * Input: the prefix, the model key and a clock in ms (for tests). Returns the BPMN XML.
 */
export function newDiagramXml(prefix: BpmnPrefix, opts: { key?: string; now?: number } = {}): string {
  const now = opts.now ?? Date.now();
  const id = opts.key || `Process_${now}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:${prefix}="${PREFIX_URI[prefix]}" id="diagram_${id}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn2:process id="${id}" name="业务流程_${now}" isExecutable="true">
    <bpmn2:startEvent id="StartEvent_1" name="开始" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${id}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1"><dc:Bounds x="180" y="160" width="36" height="36" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn2:definitions>`;
}

/** A warning bpmn-js answers from importXML (an element it skipped or could not read). */
export interface ImportWarning {
  message?: string;
  element?: { id?: string; $type?: string };
}

/**
 * The lines naming what an import skipped (spec 8: never swallowed): one per skipped element as
 * `id（type）`, or the warning's own text when it names no element; duplicates once. Returns
 * [] when nothing was skipped.
 */
export function importWarningLines(warnings: readonly ImportWarning[] | undefined): string[] {
  const lines = (warnings ?? []).map((w) => {
    const id = w.element?.id;
    if (id) return w.element?.$type ? `${id}（${w.element.$type}）` : id;
    return w.message ?? '';
  });
  return [...new Set(lines.filter(Boolean))];
}

/** Zoom limits and step of the canvas (spec 5.6, 9). */
export const ZOOM = { min: 0.2, max: 4, step: 0.1 } as const;

/**
 * The next zoom of a zoom-in (+1) or zoom-out (-1) from `current`, rounded to 0.01, or the
 * limit message when the step would leave 0.2–4.
 */
export function nextZoom(current: number, dir: 1 | -1): { zoom: number } | { message: string } {
  const next = Math.round((current + dir * ZOOM.step) * 100) / 100;
  if (next > ZOOM.max) return { message: DESIGNER_T.zoomMax };
  if (next < ZOOM.min) return { message: DESIGNER_T.zoomMin };
  return { zoom: next };
}
