/**
 * The modeler's own texts in Chinese (spec 8): a diagram-js `translate` replacement over a
 * dictionary of the palette, context pad, replace menu and error texts; unknown texts stay as
 * they are, `{name}` placeholders are filled from the replacements.
 */
const ZH: Record<string, string> = {
  'Activate the hand tool': '激活抓手工具',
  'Activate the lasso tool': '激活套索工具',
  'Activate the create/remove space tool': '激活创建/删除空间工具',
  'Activate the global connect tool': '激活全局连接工具',
  'Create StartEvent': '创建开始事件',
  'Create EndEvent': '创建结束事件',
  'Create Task': '创建任务',
  'Create Gateway': '创建网关',
  'Create Intermediate/Boundary Event': '创建中间/边界事件',
  'Create expanded SubProcess': '创建扩展子过程',
  'Create Pool/Participant': '创建泳池/参与者',
  'Create DataObjectReference': '创建数据对象引用',
  'Create DataStoreReference': '创建数据存储引用',
  'Create Group': '创建分组',
  'Start event': '开始事件',
  'End event': '结束事件',
  Task: '任务',
  'User task': '用户任务',
  'Service task': '服务任务',
  'Script task': '脚本任务',
  Gateway: '网关',
  'Exclusive gateway': '互斥网关',
  'Parallel gateway': '并行网关',
  'Inclusive gateway': '相容网关',
  'Append EndEvent': '添加结束事件',
  'Append end event': '添加结束事件',
  'Append Gateway': '添加网关',
  'Append gateway': '添加网关',
  'Append Task': '添加任务',
  'Append task': '添加任务',
  'Append Intermediate/Boundary Event': '添加中间抛出事件/边界事件',
  'Append TextAnnotation': '添加文本注释',
  'Append text annotation': '添加文本注释',
  'Change type': '更改类型',
  'Change element': '更改元素',
  Delete: '删除',
  Remove: '删除',
  'Connect using Sequence/MessageFlow or Association': '使用顺序/消息流或关联连接',
  'Connect using sequence/message flow or association': '使用顺序/消息流或关联连接',
  'Connect to other element': '连接到其他元素',
  'Add text annotation': '添加文本注释',
  'Search in diagram': '在图中搜索',
  'no shape type specified': '未指定形状类型',
  'no parent for {element} in {parent}': '{parent} 中没有 {element} 的父元素',
  'unparsable content {content} detected; this may indicate an invalid BPMN 2.0 diagram file':
    '检测到无法解析的内容 {content}；这可能是一个无效的 BPMN 2.0 文件',
  'element {element} referenced by {referenced}#{property} not yet drawn': '由 {referenced}#{property} 引用的元素 {element} 尚未绘制',
  'unknown di {di} for element {semantic}': '元素 {semantic} 的 di {di} 未知',
  'failed to import {element}': '导入 {element} 失败',
};

/** Translates `template` (diagram-js translate signature). */
export function translateZh(template: string, replacements: Record<string, string> = {}): string {
  const text = ZH[template] ?? template;
  return text.replace(/{([^}]+)}/g, (_, key: string) => replacements[key] ?? `{${key}}`);
}

/** The diagram-js module overriding `translate`. */
export const zhTranslateModule = { translate: ['value', translateZh] };
