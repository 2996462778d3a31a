import { observer, useField, useForm } from '@formily/react';
import { Select, Space, message } from 'antd';
import { useEffect, useState } from 'react';
import type { RequestPort } from '../../context/RuntimeContext.js';
import { useRuntimeContext } from '../../context/RuntimeContext.js';
import { toColumn } from '../../../src/shared/columns.js';
import { ReadText, displayText } from '../../shared/cells.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import type { WidgetProps } from '../../shared/props.js';
import { useTableDictTexts } from '../sel-search-async/SelSearchAsyncEdit.js';
import { linkDictCode, loadLinkLevel, type LinkDownConfig, type LinkOption } from './api.js';

const cache = new WeakMap<RequestPort, Map<string, Promise<LinkOption[]>>>();

/** A level's options, cached per request port for the page session (failures not cached). */
function levelOptions(request: RequestPort, cfg: LinkDownConfig, pid: string | undefined): Promise<LinkOption[]> {
  let byKey = cache.get(request);
  if (!byKey) cache.set(request, (byKey = new Map()));
  const key = `${JSON.stringify(cfg)}|${pid ?? ''}`;
  const hit = byKey.get(key);
  if (hit) return hit;
  const p = loadLinkLevel(request, cfg, pid);
  byKey.set(key, p);
  p.catch(() => byKey.delete(key));
  return p;
}

/** The options of a level once its parent is known (`pid` undefined = not loadable yet). */
function useLevel(cfg: LinkDownConfig, pid: string | undefined, enabled: boolean): LinkOption[] {
  const { request } = useRuntimeContext();
  const [state, setState] = useState<{ key: string; options: LinkOption[] }>({ key: '', options: [] });
  const key = enabled ? String(pid) : '';
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    levelOptions(request, cfg, pid).then(
      (options) => live && setState({ key, options }),
      (e: unknown) => {
        if (live) setState({ key, options: [] });
        void message.warning(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      live = false;
    };
  }, [request, cfg, pid, enabled, key]);
  return state.key === key ? state.options : [];
}

/** One select of the chain: level `index`, parent option id `pid`. */
function LevelSelect({
  cfg,
  pid,
  enabled,
  value,
  disabled,
  onPick,
  testId,
}: {
  cfg: LinkDownConfig;
  pid: string | undefined;
  enabled: boolean;
  value: string | undefined;
  disabled?: boolean;
  onPick: (option: LinkOption | undefined) => void;
  testId: string;
}) {
  const options = useLevel(cfg, pid, enabled);
  const { labelOf } = useTableDictTexts(linkDictCode(cfg), value ? [value] : []);
  const shown = value && !options.some((o) => o.value === value) ? [{ value, label: labelOf(value), id: value }, ...options] : options;
  return (
    <Select<string>
      data-testid={testId}
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 140 }}
      placeholder={WIDGET_TEXT.select}
      disabled={disabled || !enabled}
      options={shown}
      value={value || undefined}
      onChange={(next) => onPick(options.find((o) => o.value === next))}
    />
  );
}

/**
 * Edit renderer of `link_down` (linked selects): the field with extend.linkDown shows one select
 * for itself and one for each field of linkField, each level listing the rows of `table` whose
 * pidField is the id of the option chosen above (/online/cgform/api/querySelectOptions). Choosing
 * a level clears the levels below. The linked fields (usually `link_down` without extend.linkDown)
 * hold their values and render nothing of their own.
 */
export const LinkDownEdit = observer(function LinkDownEdit(props: WidgetProps<string>) {
  const { value, onChange, extend, disabled, readOnly } = props;
  const cfg = extend?.linkDown;
  const form = useForm();
  const field = useField();
  const [ids, setIds] = useState<(string | undefined)[]>([]);
  useEffect(() => {
    // a linked level has no control of its own: its master renders it
    if (!cfg) field?.setDisplay?.('hidden');
  }, [cfg, field]);
  if (!cfg) return null;
  const columns = cfg.linkField.map(toColumn);
  const levelValues = [value, ...columns.map((c) => form.values[c] as unknown)].map((v) =>
    v === undefined || v === null || v === '' ? undefined : String(v),
  );
  // the id a level's children point at: the picked option's id (known once picked), else the stored value
  const idOf = (i: number) => ids[i] ?? levelValues[i];
  const set = (i: number, option: LinkOption | undefined) => {
    const v = option?.value ?? null;
    if (i === 0) onChange?.(v);
    else form.setValuesIn(columns[i - 1], v);
    for (let j = i; j < columns.length; j++) form.setValuesIn(columns[j], null);
    setIds((prev) => [...prev.slice(0, i), option?.id]);
  };
  return (
    <Space wrap data-testid="link-down">
      {levelValues.map((v, i) => (
        <LevelSelect
          key={i}
          testId={`link-down-${i}`}
          cfg={cfg}
          pid={i === 0 ? cfg.pidValue : idOf(i - 1)}
          enabled={i === 0 || !!idOf(i - 1)}
          value={v}
          disabled={disabled || readOnly}
          onPick={(o) => set(i, o)}
        />
      ))}
    </Space>
  );
});

/** Read-pretty of `link_down`: the text of each level, joined by '/'. */
export const LinkDownRead = observer(function LinkDownRead({ value, extend, dictCode }: WidgetProps) {
  const cfg = extend?.linkDown;
  const form = useForm();
  const field = useField();
  useEffect(() => {
    if (!cfg) field?.setDisplay?.('hidden');
  }, [cfg, field]);
  const dict = cfg ? linkDictCode(cfg) : dictCode;
  const values = cfg
    ? [value, ...cfg.linkField.map((n) => form.values[toColumn(n)])].filter((v) => v !== undefined && v !== null && v !== '').map(String)
    : [];
  const { labelOf } = useTableDictTexts(dict, values);
  if (!cfg) return <ReadText>{displayText(value)}</ReadText>;
  return <ReadText>{values.map(labelOf).join('/')}</ReadText>;
});
