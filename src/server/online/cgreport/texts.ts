/** Messages of the online-report runtime (api-contract §8), zh-CN. */
export const REPORT_TEXT = {
  notFound: (key: string) => `未找到报表配置：${key}`,
  notSelect: '报表SQL只能是一条查询语句（SELECT 或 WITH … SELECT）',
  multiStatement: '报表SQL只能包含一条语句，不能用分号连接多条语句',
  writes: (word: string) => `报表SQL不能修改或锁定数据（${word}）`,
  badFunction: (name: string) => `报表SQL不能调用函数 ${name}`,
  credential: (word: string) => `报表不能读取密码等凭据字段（${word}）`,
  deniedTable: (name: string) => `报表不能读取系统凭据表 ${name}`,
  quotedPlaceholder: "报表SQL的参数占位符不能写在引号内，请写成 concat('%', ${参数}, '%') 等形式",
  unknownVariable: (name: string) => `报表SQL中的系统变量 #{${name}} 不存在`,
  tooExpensive: (cost: number, rows: number) =>
    `报表查询过于复杂（预计代价 ${Math.round(cost)}，预计行数 ${Math.round(rows)}），已拒绝执行，请增加查询条件`,
  readOnly: '报表只能查询数据，不能修改或锁定数据',
  unparsable: '报表SQL语法不正确，无法解析',
  relationNotAllowed: (name: string) => `报表不能读取 ${name}（只能读取业务表和允许的系统表）`,
  functionNotAllowed: (name: string) => `报表SQL不能调用函数 ${name}`,
  tenantUnscoped: (name: string) => `报表SQL读取租户数据表 ${name} 的写法无法按租户隔离，请直接写表名（可加别名）`,
  timeout: '报表查询超时，已终止',
  /** never the database's own text (it names tables, columns and values): only its SQLSTATE code */
  failed: (code: string | undefined) => `报表查询失败：报表SQL执行出错${code ? `（错误代码 ${code}）` : ''}，请检查报表配置`,
  noSources: '此处不能使用多数据源',
  total: '合计',
  badSort: (col: string) => `请注意，将要排序的列字段不存在：${col}`,
  fileProblems: (list: string) => `报表配置校验失败：\n${list}`,
  duplicate: (file: string, key: string) => `${file}: 报表编码或ID ${key} 重复`,
  noDashboard: (name: string) => `报表「${name}」没有统计卡片或图表`,
} as const;
