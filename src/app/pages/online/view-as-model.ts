import type { ScreenSchema } from '../../../shared/generated/screen-schema';

/** The answer of GET /online/cgform/head/viewAs (server: src/server/online/designer/view-as.ts). */
export interface ViewAsAnswer {
  /** The tenant previewed (`tenantId`, 0 = none) and the user's active tenants to choose from. */
  user: { username: string; realname: string; tenantId: number; tenants?: { id: number; name: string }[] };
  readable: boolean;
  /** Action codes held: list buttons, row actions, status-action permissions. */
  buttons: string[];
  columns?: { columns: { title: string; dataIndex: string }[]; hideColumns: string[]; screen: unknown };
  disabledFields?: string[];
  data?: { records: Record<string, unknown>[]; total: number };
}

/** Texts of the built-in list buttons by action code (the list's own labels). */
const LIST_BUTTON_TEXT: Record<string, string> = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  batch_delete: '批量删除',
  export: '导出',
  import: '导入',
};

/**
 * The button texts of `codes` as the list shows them: the built-in buttons' labels, a row
 * action's title, a status action's label (every action sharing that permission), else the code.
 */
export function buttonLabels(codes: readonly string[], screen?: Pick<ScreenSchema, 'rowActions' | 'workflow'>): string[] {
  return codes.flatMap((code) => {
    if (LIST_BUTTON_TEXT[code]) return [LIST_BUTTON_TEXT[code]];
    const row = screen?.rowActions?.find((a) => a.action === code);
    if (row) return [row.title];
    const status = (screen?.workflow?.actions ?? []).filter((a) => a.permission === code).map((a) => a.label);
    return status.length ? status : [code];
  });
}
