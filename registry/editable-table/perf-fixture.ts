/**
 * The editable table's performance fixture: 12 columns of mixed types and n generated rows (used by the
 * unit test, the e2e demo page and the bench). Deterministic, no randomness.
 */
import type { EditableColumn } from './columns.js';

/** 12 mixed columns with rules and statistics. */
export function perfColumns(): EditableColumn[] {
  return [
    { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }] },
    { key: 'code', title: '编码', type: 'input', validateRules: [{ required: true }, { pattern: 'only' }] },
    { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum', 'average'], validateRules: [{ pattern: 'z' }] },
    { key: 'price', title: '单价', type: 'inputNumber', statistics: ['sum'], validateRules: [{ pattern: 'money' }] },
    { key: 'phone', title: '手机', type: 'input', validateRules: [{ pattern: 'm' }] },
    { key: 'email', title: '邮箱', type: 'input', validateRules: [{ pattern: 'e' }] },
    {
      key: 'status',
      title: '状态',
      type: 'select',
      options: [
        { value: '1', text: '启用' },
        { value: '0', text: '停用' },
      ],
    },
    { key: 'day', title: '日期', type: 'date' },
    { key: 'at', title: '时间', type: 'datetime' },
    { key: 'flag', title: '标记', type: 'checkbox', customValue: ['Y', 'N'] },
    { key: 'remark', title: '备注', type: 'textarea' },
    { key: 'site', title: '网址', type: 'input', validateRules: [{ pattern: 'url' }] },
  ];
}

/** n valid rows for {@link perfColumns} with saved ids `r{i}`. */
export function perfRows(n: number): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (let i = 0; i < n; i++) {
    const d = String((i % 28) + 1).padStart(2, '0');
    out.push({
      id: `r${i}`,
      name: `物料${i}`,
      code: `C${String(i).padStart(6, '0')}`,
      qty: String(i % 100),
      price: `${i % 1000}.${String(i % 100).padStart(2, '0')}`,
      phone: `138${String(i).padStart(8, '0')}`,
      email: `u${i}@example.com`,
      status: i % 2 ? '1' : '0',
      day: `2026-01-${d}`,
      at: `2026-01-${d} 08:30:00`,
      flag: i % 3 ? 'Y' : 'N',
      remark: `第${i}行`,
      site: `https://example.com/${i}`,
    });
  }
  return out;
}
