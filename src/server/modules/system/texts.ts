/**
 * User-facing texts of system administration (zh-CN), kept in one place (docs/architecture.md
 * "Conventions"). Spec 5.1 messages are quoted from src/shared/form-rules.ts, not repeated here.
 */

export const COMMON_TEXT = {
  added: '添加成功！',
  edited: '修改成功！',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
  saved: '保存成功！',
  idRequired: '缺少记录id',
  idsRequired: '请选择一条记录！',
  notFound: '未找到对应数据',
  badBody: '请求数据格式不正确',
} as const;

export const USER_TEXT = {
  deleted: '删除用户成功',
  batchDeleted: '批量删除用户成功',
  usernameTaken: '用户账号已存在',
  usernameFixed: '用户账号创建后不能修改',
  usernameFree: '该值可用！',
  phoneTaken: '该手机号已存在',
  emailTaken: '该邮箱已存在',
  workNoTaken: '该工号已存在',
  checkNeedsField: '请提供要校验的字段',
  frozen: '冻结成功!',
  unfrozen: '解冻成功!',
  frozenStatusBad: '状态参数不正确，只能是1（正常）或2（冻结）',
  cannotFreezeSelf: '不能冻结自己的账号',
  cannotDeleteSelf: '不能删除自己的账号',
  cannotManageStronger: (name: string) => `不能修改、冻结或删除权限多于自己的用户：${name}`,
  recycleEmpty: '请选择要还原的用户',
  restored: '还原成功',
  cannotChangeOwnRoles: '不能修改自己的角色',
  passwordChanged: '密码修改成功！',
  passwordReset: '密码重置成功！',
  onlyOwnPassword: '只能修改自己的密码',
  oldPasswordWrong: '旧密码输入错误',
  userNotFound: '用户不存在',
  noRoles: '未找到用户相关角色信息',
  passwordRequired: '请输入密码',
  realnameRequired: '请输入用户姓名',
  unknownRole: (id: string) => `角色不存在：${id}`,
  unknownDepart: (id: string) => `部门不存在：${id}`,
  unknownOs: (id: string) => `组织单元不存在：${id}`,
  unknownPosition: (code: string) => `职务不存在：${code}`,
} as const;

export const ROLE_TEXT = {
  codeRequired: '请输入角色编码',
  nameRequired: '请输入角色名称',
  codeBad: '角色编码只能由字母、数字、下划线组成，且以字母开头',
  codeTaken: '角色编码已存在',
  codeFree: '该值可用！',
  roleNotFound: '角色不存在',
  cannotEditOwnRolePermissions: '不能修改自己所拥有角色的权限',
  cannotDeleteOwnRole: '不能删除自己所拥有的角色',
  cannotGrantUnheld: (names: string) => `不能授予或收回自己未拥有的权限：${names}`,
  cannotAssignRole: (name: string) => `不能分配或移除角色「${name}」：其中包含您未拥有的权限`,
  noRuleConfig: '未找到权限配置信息',
  ruleNotOfPermission: '所选数据规则不属于该菜单',
  permissionNotHeldByRole: '请先授权该菜单，再配置数据规则',
  roleInUse: (name: string) => `角色「${name}」下还有用户，请先移除用户`,
} as const;

export const PERMISSION_TEXT = {
  nameRequired: '请输入菜单名称',
  typeBad: '菜单类型只能是0（一级菜单）、1（子菜单）或2（按钮/权限）',
  urlRequired: '请输入菜单路径',
  urlBad: '菜单路径格式不正确',
  urlTaken: (url: string) => `菜单路径已存在：${url}`,
  parentRequired: '请选择上级菜单',
  parentNotFound: '上级菜单不存在',
  parentCycle: '上级菜单不能是自己或自己的下级',
  parentIsButton: '按钮不能作为上级菜单',
  permsRequired: '请输入授权标识',
  permsBad: '授权标识只能由字母、数字、下划线、冒号、点和横线组成，多个用逗号分隔',
  permsTaken: (code: string) => `授权标识已存在：${code}`,
  componentRequired: '请输入前端组件（字母、数字、下划线、横线和斜线）',
  componentNameBad: '组件名称只能由字母、数字、下划线和横线组成',
  permsTypeBad: '授权策略只能是1（显示/隐藏）或2（禁用）',
  statusBad: '状态只能是1（有效）或0（无效）',
  notFound: '菜单不存在',
  unknownIds: (ids: string) => `权限不存在：${ids}`,
} as const;

export const DATA_RULE_TEXT = {
  nameRequired: '请输入规则名称',
  nameTooLong: '规则名称不能超过50个字符',
  columnRequired: '请输入规则字段',
  columnBad: '规则字段只能由字母、数字、下划线组成',
  columnUnknown: (c: string) => `规则字段不存在：${c}`,
  noSql: '不支持SQL片段规则，请选择固定的条件',
  operatorBad: '条件规则只能是 =、!=、>、>=、<、<=、in、like、left_like、right_like 之一',
  valueRequired: '请输入规则值',
  valueTooLong: '规则值不能超过300个字符',
  variableUnknown: (v: string) => `不支持的系统变量：#{${v}}`,
  statusBad: '状态只能是1（有效）或0（无效）',
  permissionRequired: '请选择菜单',
  menuOnly: '数据规则只能配置在菜单上',
} as const;

export const DEPART_TEXT = {
  nameRequired: '请输入机构名称',
  parentNotFound: '上级部门不存在',
  hasChildren: (name: string) => `部门「${name}」下还有子部门，不能删除`,
  hasUsers: (name: string) => `部门「${name}」下还有用户，不能删除`,
  codeExhausted: '同级部门编码已用完',
  categoryBad: '机构类别只能是1（公司）、2（部门）或3（岗位）',
  roleCodeRequired: '请输入部门角色编码',
  roleNameRequired: '请输入部门角色名称',
  roleCodeTaken: '该部门已存在此角色编码',
  roleNotFound: '部门角色不存在',
  departRequired: '请选择部门',
  userNotInDepart: '该用户不属于此部门',
  notInDepartPermissions: (names: string) => `以下权限未授权给该部门，不能分配给部门角色：${names}`,
  cannotEditOwnDeptRole: '不能修改自己所拥有部门角色的权限',
} as const;

export const OS_TEXT = {
  nameRequired: '请输入组织单元名称',
  parentNotFound: '上级组织单元不存在',
  hasChildren: (name: string) => `组织单元「${name}」下还有下级，不能删除`,
  hasUsers: (name: string) => `组织单元「${name}」下还有用户，不能删除`,
  notMember: '您不属于该组织单元，不能切换',
  onlyOwn: '只能切换自己的组织单元',
  codeExhausted: '同级组织单元编码已用完',
} as const;

export const DICT_TEXT = {
  cacheRefreshed: '刷新缓存完成！',
  nameRequired: '请输入字典名称',
  codeRequired: '请输入字典编码',
  codeBad: '字典编码只能由字母、数字、下划线组成',
  codeTaken: '字典编码已存在',
  itemTextRequired: '请输入名称',
  itemValueRequired: '请输入数据值',
  itemValueTaken: '该值不可用，系统中已存在！',
  itemValueFree: '该值可用！',
  dictRequired: '请选择字典',
  dictNotFound: '字典不存在',
  treeTableBad: '字典Code格式不正确！',
  conditionBad: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
} as const;

export const CATEGORY_TEXT = {
  nameRequired: '请输入类型名称',
  parentNotFound: '父级节点不存在',
  hasChildren: (name: string) => `分类「${name}」下还有子节点，不能删除`,
  codeTaken: '编码已存在',
  codeFree: '该编码可用',
  codeBad: '类型编码只能由字母、数字组成',
  codeNotUnderParent: '类型编码必须以父级编码开头',
  fieldBad: '查询字段只能是 id、code 或 name',
  notFound: '分类不存在',
} as const;

export const POSITION_TEXT = {
  codeTaken: '职务编码已存在',
  codeBad: '职务编码只能由字母、数字、下划线组成',
  notFound: '未找到对应职务',
  inUse: (name: string) => `职务「${name}」还有用户在使用，不能删除或修改编码`,
} as const;
