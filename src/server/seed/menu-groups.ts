/** A menu directory screens and reports hang under (component_name = the code they name in menu.parent). */
export interface MenuGroup {
  code: string;
  name: string;
  url: string;
  icon: string;
  sortNo: number;
  /** Code of the directory this one sits in (a second-level directory). */
  parent?: string;
}

/**
 * The menu tree's directories, grouped by business area (business-screens.md §1.3): OA审批,
 * 财务管理, 经营管理, 仓储与资产, 工程产值, 项目管理 (with its 项目合同 directory holding the contract
 * ledger and its 19 child screens), 供应商管理, 服务采购, then 系统管理. Parents come first.
 */
export const MENU_GROUPS: readonly MenuGroup[] = [
  { code: 'oa', name: 'OA审批', url: '/oa', icon: 'audit', sortNo: 5 },
  { code: 'finance', name: '财务管理', url: '/finance', icon: 'account-book', sortNo: 10 },
  { code: 'business', name: '经营管理', url: '/business', icon: 'solution', sortNo: 15 },
  { code: 'warehouse', name: '仓储与资产', url: '/warehouse', icon: 'database', sortNo: 20 },
  { code: 'engineering', name: '工程产值', url: '/engineering', icon: 'cluster', sortNo: 25 },
  { code: 'pm', name: '项目管理', url: '/pm', icon: 'project', sortNo: 30 },
  { code: 'pm_contracts', name: '项目合同', url: '/pm/contracts', icon: 'container', sortNo: 4, parent: 'pm' },
  { code: 'supplier', name: '供应商管理', url: '/supplier', icon: 'shop', sortNo: 40 },
  { code: 'procurement', name: '服务采购', url: '/procurement', icon: 'shopping-cart', sortNo: 45 },
  { code: 'online', name: '在线开发', url: '/online-dev', icon: 'cloud', sortNo: 80 },
  { code: 'workflow', name: '工作流', url: '/workflow', icon: 'apartment', sortNo: 85 },
  { code: 'system', name: '系统管理', url: '/isystem', icon: 'setting', sortNo: 90 },
];

/**
 * The roles of the product variants (spec 1, business-screens.md §1.3) and what they get on the
 * first start: their variant marker, the menus of their directories (screens and reports) and
 * the buttons of those screens — every one but `deny` and the approval buttons (审批通过, 驳回),
 * which belong to the managers.
 */
export const VARIANT_ROLES: Readonly<Record<string, { marker: string; groups: readonly string[]; deny?: readonly string[] }>> = {
  oa_staff: { marker: 'user:oa', groups: ['oa'] },
  finance: { marker: 'user:bss', groups: ['finance', 'business'] },
  warehouse: { marker: 'user:gam', groups: ['warehouse'], deny: ['delete', 'batch_delete'] },
  project_manager: { marker: 'user:pm', groups: ['pm', 'pm_contracts'] },
  engineering: { marker: 'user:iee', groups: ['engineering'] },
  supplier_manager: { marker: 'user:supplier', groups: ['supplier', 'procurement'] },
};

/** Buttons the approvers hold on every screen with a workflow. */
export const APPROVER_ACTIONS = ['approve', 'reject'] as const;

/**
 * The managers: every business directory's menus (read), the approval buttons on every screen,
 * and `extra` buttons (the general manager may export).
 */
export const MANAGER_ROLES: Readonly<Record<string, { extra: readonly string[] }>> = {
  general_manager: { extra: ['export'] },
  dept_manager: { extra: [] },
};
