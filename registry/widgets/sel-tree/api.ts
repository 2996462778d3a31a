import type { RequestPort } from '../../context/RuntimeContext.js';
import type { FieldExtendLike } from '../../shared/props.js';
import type { ServerTreeNode } from '../../shared/tree.js';

/** The tree dictionary of a sel_tree field (JTreeSelect props dict, pidField, pidValue, hasChildField). */
export interface TreeDictConfig {
  tableName: string;
  text: string;
  code: string;
  pidField: string;
  pidValue: string;
  hasChildField?: string;
}

/**
 * Reads a sel_tree field's configuration: extend.dict `table,text,code` (else the field's
 * dictCode), extend.pidField (default 'pid'), extend.pidValue (default ''), extend.hasChildField.
 * Returns null when no `table,text,code` dictionary is configured.
 */
export function treeDictConfig(extend: FieldExtendLike | undefined, dictCode?: string): TreeDictConfig | null {
  const dict = extend?.dict ?? dictCode ?? '';
  const [tableName, text, code] = dict.split(',').map((s) => s.trim());
  if (!tableName || !text || !code) return null;
  return {
    tableName,
    text,
    code,
    pidField: extend?.pidField ?? 'pid',
    pidValue: extend?.pidValue ?? '',
    hasChildField: extend?.hasChildField,
  };
}

/**
 * One level of a tree dictionary: GET /sys/dict/loadTreeData `{pid, pidField, tableName, text,
 * code, hasChildField, condition}` → `[{key, title, leaf, parentId}]` (api-contract §6.2; `pid`
 * empty = the roots). Rejects with the server's message on failure.
 */
export async function loadTreeLevel(request: RequestPort, cfg: TreeDictConfig, pid: string, condition?: string): Promise<ServerTreeNode[]> {
  const params: Record<string, unknown> = { pid, pidField: cfg.pidField, tableName: cfg.tableName, text: cfg.text, code: cfg.code };
  if (cfg.hasChildField) params.hasChildField = cfg.hasChildField;
  if (condition) params.condition = condition;
  const res = await request.get<ServerTreeNode[]>('/sys/dict/loadTreeData', params);
  if (!res.success) throw new Error(res.message);
  return Array.isArray(res.result) ? res.result : [];
}
