/** User-facing texts of tenants (zh-CN; docs/architecture.md "Wire policy", api-contract §1.5). */
export const TENANT_TEXT = {
  /** 401 when the `tenant-id` header names a tenant the user does not belong to (api-contract §1.5). */
  changed: '用户租户信息变更,请重新登陆!',
  added: '添加成功！',
  nameRequired: '请输入租户名称',
  badId: '租户编号必须是 1–2147483647 之间的整数',
  idTaken: (id: number) => `租户编号 ${id} 已存在`,
  badStatus: '租户状态只能是 1（正常）或 0（冻结）',
  badDates: '结束时间不能早于开始时间',
  inUse: (names: string) => `租户「${names}」下仍有用户，请先解除这些用户与租户的关联`,
} as const;
