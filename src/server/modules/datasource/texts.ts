/** User-facing texts of the data-source module (zh-CN). */
export const DS_TEXT = {
  connected: '数据库连接成功',
  failed: (reason: string) => `数据库连接失败：${reason}`,
  onlyPostgres: '目前只支持 PostgreSQL 数据源，地址格式如 jdbc:postgresql://127.0.0.1:5432/数据库名',
  badUrl: '数据源地址格式不正确，应如 jdbc:postgresql://127.0.0.1:5432/数据库名',
  urlRequired: '请输入数据源地址',
  dbNameRequired: '请在地址中或“数据库名称”中填写数据库名',
  userRequired: '请输入用户名',
  codeRequired: '请输入数据源编码',
  duplicateCode: (code: string) => `数据源编码「${code}」已存在`,
  refused: (host: string, port: number) => `连接被拒绝（${host}:${port}），请检查地址、端口和数据库是否已启动`,
  unknownHost: (host: string) => `无法解析主机名 ${host}`,
  timeout: (host: string, port: number) => `连接 ${host}:${port} 超时`,
  badLogin: '用户名或密码错误',
  noDatabase: (db: string) => `数据库 ${db} 不存在`,
  storedPasswordUnreadable: '已保存的密码无法解密（安装密钥已更换？），请重新输入密码',
  notFound: '未找到对应的数据源',
} as const;
