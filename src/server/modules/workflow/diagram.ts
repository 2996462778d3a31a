import { BpmnModdle } from 'bpmn-moddle';
import { extensionDescriptor, prefixOf, type BpmnPrefix } from '../../../shared/bpmn/extension-descriptor.js';
import { BizError } from '../../http/envelope.js';
import { WF_TEXT } from './texts.js';

/** A moddle element as bpmn-moddle reads it (the fields this module touches). */
export interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  $parent?: ModdleElement;
  $attrs?: Record<string, string>;
  [key: string]: unknown;
}

/** A parsed diagram: the definitions root and its first executable process. */
export interface Diagram {
  root: ModdleElement;
  process: ModdleElement;
}

/**
 * A bpmn-moddle instance that knows the extension elements of `prefix` (one prefix at a time:
 * the three descriptors extend the same BPMN types with the same property names).
 */
export function newModdle(prefix: BpmnPrefix): BpmnModdle {
  return new BpmnModdle({ [prefix]: extensionDescriptor(prefix) } as never);
}

/**
 * Parses a diagram's XML with the descriptor of the extension prefix it declares; BizError (流程图无法解析) on broken XML
 * and 流程图中没有可执行的流程 when it holds no process.
 */
export async function parseDiagram(xml: string): Promise<Diagram> {
  let root: ModdleElement;
  try {
    root = (await newModdle(prefixOf(xml)).fromXML(xml)).rootElement as unknown as ModdleElement;
  } catch (e) {
    throw new BizError(WF_TEXT.xmlBroken((e as Error).message.split('\n')[0]));
  }
  const processes = ((root.rootElements as ModdleElement[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:Process');
  const process = processes.find((p) => p.isExecutable !== false) ?? processes[0];
  if (!process) throw new BizError(WF_TEXT.noProcess);
  return { root, process };
}

/** Every flow element of a process, sub-processes included. */
export function flowElements(container: ModdleElement): ModdleElement[] {
  const out: ModdleElement[] = [];
  for (const el of (container.flowElements as ModdleElement[] | undefined) ?? []) {
    out.push(el);
    if (el.flowElements) out.push(...flowElements(el));
  }
  return out;
}

/** A readable name of an element for messages: its name with its id, or its id. */
export function elementLabel(el: Pick<ModdleElement, 'id' | 'name'>): string {
  return el.name ? `${el.name}（${el.id}）` : String(el.id ?? '');
}

/** Re-keys a diagram: the process id (and the diagram plane's reference) becomes `key` and its name `name`. */
export function renameProcess(xml: string, fromKey: string, key: string, name: string): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return xml
    .replace(new RegExp(`(<(?:bpmn2?:)?process\\b[^>]*\\bid=")${fromKey}(")`), `$1${key}$2`)
    .replace(new RegExp(`(<(?:bpmn2?:)?process\\b[^>]*\\bname=")[^"]*(")`), `$1${esc(name)}$2`)
    .replace(new RegExp(`(bpmnElement=")${fromKey}(")`, 'g'), `$1${key}$2`);
}
