/** Messages of the online form and report designers, zh-CN. */
export const DESIGNER_TEXT = {
  invalidSchema: (path: string, rule: string, count: number) =>
    `页面配置不符合规范：${path} ${rule}${count > 1 ? `（共 ${count} 处问题）` : ''}`,
  badTableName: (name: string) => `表名 ${name} 不合法：只能使用小写字母、数字和下划线，并以字母开头`,
  builtIn: (id: string) => `${id} 是内置页面（页面配置文件），不能在设计器中修改；可以复制为新的在线表单`,
  idTaken: (id: string) => `表单编码 ${id} 已存在`,
  tableTaken: (table: string) => `表名 ${table} 已存在`,
  notFound: (id: string) => `未找到在线表单：${id}`,
  versionNotFound: (v: number) => `未找到版本 ${v}`,
  staleVersion: (current: number) => `该表单已被他人修改（当前版本 ${current}），请刷新后再保存`,
  badVersion: '版本号不正确',
  reloadFailed: '在线表单配置加载失败：',
  notSynced: (title: string) => `表单「${title}」尚未同步数据库，请先同步数据库`,
  syncedOk: '同步数据库成功!',
  destructive: (title: string, detail: string) =>
    `表单「${title}」的结构变更会丢失数据（${detail}），普通同步已拒绝；确认删除这些数据后请使用强制同步`,
  tableInUse: (table: string) => `数据表 ${table} 被其他数据库对象（视图或外键）引用，不能删除；表单配置已保留`,
  menuInUse: (title: string) => `表单「${title}」已添加到菜单，请先从菜单中移除后再删除`,
  noBuiltInDelete: (id: string) => `${id} 是内置页面，不能删除`,
  noSqlEnhance: '出于安全考虑，不接受从浏览器提交的 SQL 或 Java 增强',
  parentMenuMissing: '请选择上级菜单',
  menuExists: (title: string) => `表单「${title}」已在菜单中`,
  menuAdded: '添加菜单成功！',
  copyOk: '复制成功！',
  hasViews: (title: string, views: string) => `表单「${title}」有复制视图（${views}），请先删除这些视图`,
  tableOnly: '表名可以使用',
  viewAsNoUser: (username: string) => (username ? `未找到用户：${username}` : '请选择要预览的用户'),
  viewAsFrozen: (username: string) => `用户 ${username} 已冻结，不能预览`,
  viewAsTenant: (username: string) => `用户 ${username} 不属于该租户`,
  viewAsLog: (title: string, id: string, username: string, tenantId: number) =>
    `按角色预览：表单「${title}」(${id})，以用户 ${username}${tenantId ? `（租户 ${tenantId}）` : ''} 的权限只读查看`,
} as const;
