import type { RequestPort } from '../../context/RuntimeContext.js';
import type { FieldExtendLike } from '../../shared/props.js';

/** link_down configuration (screen schema `extend.linkDown`). */
export type LinkDownConfig = NonNullable<FieldExtendLike['linkDown']>;

/** One option of a level: the stored value, its text and the id its children point at. */
export interface LinkOption {
  value: string;
  label: string;
  id: string;
}

interface RawOption {
  store?: unknown;
  label?: unknown;
  id?: unknown;
  value?: unknown;
  text?: unknown;
  title?: unknown;
}

/** Normalises querySelectOptions items `{store, label, id}` (DictModel-like `{value, text}` accepted too). */
export function toLinkOptions(items: unknown): LinkOption[] {
  if (!Array.isArray(items)) return [];
  return (items as RawOption[])
    .map((it) => {
      const value = it.store ?? it.value;
      return {
        value: String(value ?? ''),
        label: String(it.label ?? it.text ?? it.title ?? value ?? ''),
        id: String(it.id ?? value ?? ''),
      };
    })
    .filter((o) => o.value !== '');
}

/**
 * The options of one level: GET /online/cgform/api/querySelectOptions `{table, txt, key, idField,
 * pidField, pidValue, condition}` (api-contract §7.2) → `[{store, label, id}]`. The first level
 * uses the configured pidValue; a lower level the `id` of the option chosen above. Rejects with
 * the server's message on failure.
 */
export async function loadLinkLevel(request: RequestPort, cfg: LinkDownConfig, pidValue: string | undefined): Promise<LinkOption[]> {
  const params: Record<string, unknown> = {
    table: cfg.table,
    txt: cfg.txt,
    key: cfg.key,
    idField: cfg.idField ?? cfg.key,
    pidField: cfg.pidField,
    pidValue: pidValue ?? '',
  };
  if (cfg.condition) params.condition = cfg.condition;
  const res = await request.get<unknown>('/online/cgform/api/querySelectOptions', params);
  if (!res.success) throw new Error(res.message);
  return toLinkOptions(res.result);
}

/** The dictionary code translating a link_down level's values: `table,txt,key`. */
export function linkDictCode(cfg: LinkDownConfig): string {
  return `${cfg.table},${cfg.txt},${cfg.key}`;
}
