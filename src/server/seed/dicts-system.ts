/** One dictionary to seed: `sys_dict` row plus its `sys_dict_item` rows (items in sort order). */
export interface DictDef {
  /** dict_code (unique). */
  code: string;
  /** dict_name shown in 系统管理 → 数据字典. */
  name: string;
  description?: string;
  /** Items as `[item_value, item_text]`; values are strings. */
  items: readonly (readonly [value: string, text: string])[];
}

/**
 * System dictionaries (api-contract §5.5 "Seed dict codes worth seeding"; rule_conditions
 * from §3.3 without USE_SQL_RULES, docs/architecture.md "Permission model": no raw SQL data rules).
 */
export const SYSTEM_DICTS: readonly DictDef[] = [
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['H', '高'],
      ['M', '中'],
      ['L', '低'],
    ],
  },
  {
    code: 'msg_category',
    name: '消息类型',
    items: [
      ['1', '通知公告'],
      ['2', '系统消息'],
    ],
  },
  {
    code: 'msg_type',
    name: '通告对象类型',
    items: [
      ['USER', '指定用户'],
      ['ALL', '全体用户'],
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    items: [
      ['0', '未发布'],
      ['1', '已发布'],
      ['2', '已撤销'],
    ],
  },
  {
    code: 'log_type',
    name: '日志类型',
    items: [
      ['1', '登录日志'],
      ['2', '操作日志'],
    ],
  },
  {
    code: 'operate_type',
    name: '操作类型',
    items: [
      ['1', '查询'],
      ['2', '添加'],
      ['3', '修改'],
      ['4', '删除'],
      ['5', '导入'],
      ['6', '导出'],
    ],
  },
  {
    code: 'quartz_status',
    name: '定时任务状态',
    items: [
      ['0', '正常'],
      ['-1', '停止'],
    ],
  },
  {
    code: 'rule_conditions',
    name: '条件规则',
    items: [
      ['>', '大于'],
      ['<', '小于'],
      ['!=', '不等于'],
      ['=', '等于'],
      ['>=', '大于等于'],
      ['<=', '小于等于'],
      ['LEFT_LIKE', '左模糊'],
      ['RIGHT_LIKE', '右模糊'],
      ['LIKE', '模糊'],
      ['IN', '包含'],
    ],
  },
  {
    code: 'depart_status',
    name: '部门状态',
    items: [
      ['0', '不启用'],
      ['1', '启用'],
    ],
  },
  {
    code: 'del_flag',
    name: '删除状态',
    items: [
      ['0', '正常'],
      ['1', '已删除'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '岗位'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效无效状态',
    items: [
      ['0', '无效'],
      ['1', '有效'],
    ],
  },
  {
    code: 'yn',
    name: '是否',
    items: [
      ['1', '是'],
      ['0', '否'],
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    items: [
      ['0', '一级菜单'],
      ['1', '子菜单'],
      ['2', '按钮权限'],
    ],
  },
  {
    code: 'dict_item_status',
    name: '字典状态',
    items: [
      ['1', '启用'],
      ['0', '不启用'],
    ],
  },
  {
    code: 'position_rank',
    name: '职务职级',
    items: [
      ['1', '员级'],
      ['2', '助级'],
      ['3', '中级'],
      ['4', '副高级'],
      ['5', '正高级'],
    ],
  },
  {
    code: 'database_type',
    name: '数据库类型',
    items: [
      ['1', 'MySQL5.5'],
      ['2', 'Oracle'],
      ['3', 'SQLServer'],
      ['4', 'MySQL5.7+'],
      ['5', 'MariaDB'],
      ['6', 'PostgreSQL'],
      ['7', '达梦'],
      ['8', '人大金仓'],
      ['9', '神通'],
      ['10', 'SQLite'],
      ['11', 'DB2'],
      ['12', 'Hsqldb'],
      ['13', 'Derby'],
      ['14', 'H2'],
      ['15', '其他数据库'],
    ],
  },
  {
    code: 'tenant_status',
    name: '租户状态',
    items: [
      ['1', '正常'],
      ['0', '冻结'],
    ],
  },
  {
    code: 'perms_type',
    name: '权限策略',
    items: [
      ['1', '显示'],
      ['2', '禁用'],
    ],
  },
  {
    code: 'urgent_level',
    name: '紧急程度',
    items: [
      ['1', '一般'],
      ['2', '紧急'],
      ['3', '特急'],
    ],
  },
  {
    code: 'user_identity',
    name: '用户身份',
    items: [
      ['1', '普通用户'],
      ['2', '上级'],
    ],
  },
];
