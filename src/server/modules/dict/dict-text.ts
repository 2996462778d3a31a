import type { DictService } from './dict-service.js';

/** A row key whose values translate through a dictionary (plain dictCode or table dictionary). */
export interface DictTextField {
  key: string;
  dictCode: string;
}

const absent = (v: unknown) => v === null || v === undefined;

/**
 * Adds `<key>_dictText` to each row for every field (api-contract: JeecgBoot's `@Dict`
 * translation): the row's value, a comma list of dictionary values, with each value replaced by
 * its text (an unknown value kept as it is); one dictionary lookup per field for all rows.
 * Rows whose value is empty by `opts.isEmpty` (default: null or undefined) get `opts.emptyText`
 * when it is given, otherwise no `_dictText`. Mutates `rows`.
 */
export async function addDictTexts(
  dicts: Pick<DictService, 'translate'>,
  rows: Record<string, unknown>[],
  fields: readonly DictTextField[],
  opts: { isEmpty?: (v: unknown) => boolean; emptyText?: string } = {},
): Promise<void> {
  if (!rows.length) return;
  const isEmpty = opts.isEmpty ?? absent;
  for (const { key, dictCode } of fields) {
    const values = new Set<string>();
    for (const r of rows) if (!isEmpty(r[key])) for (const v of String(r[key]).split(',')) values.add(v);
    const texts = values.size ? await dicts.translate(dictCode, [...values]) : new Map<string, string>();
    for (const r of rows) {
      if (isEmpty(r[key])) {
        if (opts.emptyText !== undefined) r[`${key}_dictText`] = opts.emptyText;
        continue;
      }
      r[`${key}_dictText`] = String(r[key])
        .split(',')
        .map((v) => texts.get(v) ?? v)
        .join(',');
    }
  }
}
