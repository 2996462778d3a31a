/**
 * User-facing texts (zh-CN) of the designer's view-as-role preview, the status-action buttons
 * editor and the report data-source choice (kept apart from designerTexts.ts, which holds the
 * form and report designers' own texts).
 */
export const AUTHORING_UI = {
  dataSource: {
    label: '数据源',
    placeholder: '主数据库',
    hint: '报表在所选数据源上只读运行；不选则在主数据库上运行',
  },
  viewAs: {
    action: '按角色预览',
    title: (screen: string) => `按角色预览：${screen}`,
    role: '角色',
    rolePlaceholder: '请选择角色',
    user: '用户',
    userPlaceholder: '请选择用户',
    tenant: '租户',
    noUser: '请先选择要预览的用户',
    readOnly: '只读预览，不会以该用户身份登录；本次预览已记入系统日志',
    noMenu: '该用户没有此页面的菜单权限，打开时将被拒绝',
    buttons: '可用按钮',
    noButtons: '无',
    disabledFields: '表单中禁用的字段',
    hiddenColumns: '隐藏的列',
    none: '无',
    rows: (n: number) => `该用户可见 ${n} 条记录`,
  },
} as const;
