/**
 * The option lists the grid's cells show and edit with: a column's own
 * `options`; for a column with only a dictionary (`dictCode` or `dict`, no options) the
 * dictionary's items through the registry's dictionary loader (registry/shared/dict.ts: GET
 * /sys/dict/getDictItems, the 7-day cache, a failed load leaves no options); for a linked child
 * column (linkage.ts) the options of the row's parent value; for sel_user / sel_depart columns the
 * realnames and department names (picker-labels.ts). `version` increases whenever an
 * option list arrives, so the grid repaints.
 */
import { useCallback, useEffect, useState } from 'react';
import { useRuntimeContext } from '../context/RuntimeContext.js';
import { loadDictOptions } from '../shared/dict.js';
import type { ColumnOption, EditableColumn, EditableRow } from './columns.js';
import { OPTION_TYPES } from './display.js';
import type { EditableTableModel } from './model.js';
import { departOptions, distinctValues, PICKER_LABEL_TYPES, userOptions } from './picker-labels.js';

/** The dictionary code of a column (dictCode, else dict). */
export function dictCodeOf(col: EditableColumn): string | undefined {
  return col.dictCode || col.dict || undefined;
}

/** True when a column's texts come from its dictionary (an option type without its own options). */
export function needsDictionary(col: EditableColumn): boolean {
  return OPTION_TYPES.has(col.type) && !col.options?.length && !!dictCodeOf(col);
}

/** What {@link useColumnOptions} returns. */
export interface ColumnOptions {
  /** The options a cell of `col` in `row` shows (undefined: the value is shown as it is). */
  optionsOf(col: EditableColumn, row: EditableRow | undefined): readonly ColumnOption[] | undefined;
  /** Loads the options an editor of `col` in `row` offers. */
  loadOptions(col: EditableColumn, row: EditableRow): Promise<ColumnOption[]>;
  version: number;
}

/** See the file comment. */
export function useColumnOptions(model: EditableTableModel): ColumnOptions {
  const { request, storage } = useRuntimeContext();
  const [dicts, setDicts] = useState<Record<string, ColumnOption[]>>({});
  const [version, setVersion] = useState(0);
  const [labels, setLabels] = useState<Record<string, ColumnOption[]>>({});

  // picker columns: department names once, realnames of the usernames the rows hold
  useEffect(() => {
    const cols = model.columns.filter((c) => PICKER_LABEL_TYPES.has(c.type));
    if (!cols.length) return;
    let live = true;
    const add = (key: string, opts: ColumnOption[]) => {
      if (!live || !opts.length) return;
      setLabels((l) => ({ ...l, [key]: [...(l[key] ?? []), ...opts] }));
      setVersion((v) => v + 1);
    };
    const asked = new Map<string, Set<string>>();
    const refresh = () => {
      for (const c of cols) {
        if (c.type !== 'sel_user') continue;
        const seen = asked.get(c.key) ?? new Set<string>();
        asked.set(c.key, seen);
        const keys = distinctValues(model.rows, c.key).filter((k) => !seen.has(k));
        keys.forEach((k) => seen.add(k));
        if (keys.length)
          userOptions(request, keys, new Set()).then(
            (o) => add(c.key, o),
            () => undefined,
          );
      }
    };
    for (const c of cols)
      if (c.type === 'sel_depart')
        departOptions(request, c).then(
          (o) => add(c.key, o),
          () => undefined,
        );
    refresh();
    const off = model.subscribe(refresh);
    return () => {
      live = false;
      off();
    };
  }, [model, request]);

  useEffect(() => {
    let live = true;
    const codes = [...new Set(model.columns.filter(needsDictionary).map((c) => dictCodeOf(c)!))];
    for (const code of codes) {
      loadDictOptions(request, code, storage).then(
        (opts) => {
          if (!live) return;
          setDicts((d) => ({ ...d, [code]: opts.map((o) => ({ value: o.value, text: o.label })) }));
          setVersion((v) => v + 1);
        },
        () => undefined, // spec 8: a failed dictionary load leaves the options empty
      );
    }
    return () => {
      live = false;
    };
  }, [model, request, storage]);

  const optionsOf = useCallback(
    (col: EditableColumn, row: EditableRow | undefined) => {
      if (row && model.linkage.isChild(col.key)) {
        const known = model.linkage.knownOptions(col.key, row);
        if (known) return known;
        void model.linkage.optionsFor(col.key, row).then((o) => o.length && setVersion((v) => v + 1));
        return col.options;
      }
      if (col.options?.length) return col.options;
      if (PICKER_LABEL_TYPES.has(col.type)) return labels[col.key];
      const code = dictCodeOf(col);
      return code ? dicts[code] : undefined;
    },
    [model, dicts, labels],
  );

  const loadOptions = useCallback(
    async (col: EditableColumn, row: EditableRow): Promise<ColumnOption[]> => {
      if (model.linkage.isChild(col.key)) return model.linkage.optionsFor(col.key, row);
      if (col.options?.length) return col.options;
      const code = dictCodeOf(col);
      if (!code) return [];
      return loadDictOptions(request, code, storage).then(
        (opts) => opts.map((o) => ({ value: o.value, text: o.label })),
        () => [],
      );
    },
    [model, request, storage],
  );

  return { optionsOf, loadOptions, version };
}
