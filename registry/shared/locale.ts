/** zh-CN user texts of the built-in widgets (one place per locale; spec 5.6, 8, 9). */
export const WIDGET_TEXT = {
  dictCodeEmpty: '字典Code不能为空!',
  departPlaceholder: '点击选择部门',
  noData: '没有查询到任何数据',
  enterKeyword: '请输入搜索内容',
  loading: '加载中…',
  upload: '点击上传',
  imageOnly: '请上传图片',
  unknownError: '未知错误',
  download: '下载',
  yes: '是',
  no: '否',
  password: '******',
  /** Spec 9: placeholder of popups and selects. */
  select: '请选择',
  /** Spec 5.6: sel_tree / cat_tree condition that is not a JSON object string. */
  treeConditionBad: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
  /** Spec 8: a tree that failed to load (the server message follows). */
  treeLoadFailed: '加载失败',
  /** input_pop: the popover's title and hint. */
  inputPopTitle: '编辑内容',
  /** slot: a slot field nobody filled. */
  slotEmpty: '',
  /** A modal closed (Esc, ×, 取消) with unsaved changes asks first. */
  discardTitle: '放弃未保存的修改？',
  discardContent: '表单中有尚未保存的内容，关闭后将丢失。',
  discardOk: '放弃修改',
  discardCancel: '继续编辑',
} as const;

/** zh-CN texts of the pickers and dialogs (spec 2.6, 4.6, 5.6, 8, 9). */
export const PICKER_TEXT = {
  ok: '确定',
  cancel: '取消',
  choose: '选择',
  search: '查询',
  reset: '重置',
  remove: '移除',
  selected: '已选择',
  clearSelected: '清空',
  /** Spec 5.6: single-select submit with none or several rows. */
  pickOne: '请选择一条记录',
  /** Spec 5.6: popup configuration errors. */
  popupConfigMissing: 'popup参数未正确配置!',
  popupConfigCount: 'popup参数未正确配置,原始值和目标值数量不一致!',
  /** Spec 8: popup initialisation failure (the server message follows). */
  popupInitFailed: 'Popup初始化失败，请检查你的配置或稍后重试！',
  /** Dialog titles. */
  userTitle: '选择用户',
  userByDepartTitle: '按部门选择用户',
  departTitle: '选择部门',
  positionTitle: '选择职务',
  roleTitle: '选择角色',
  recordTitle: '选择记录',
  /** Column and search labels. */
  username: '账号',
  realname: '姓名',
  sex: '性别',
  phone: '手机号',
  departs: '部门',
  createTime: '创建时间',
  positionName: '职务名称',
  positionCode: '职务编码',
  positionRank: '职级',
  roleName: '角色名称',
  roleCode: '角色编码',
  departSearch: '请输入部门名称',
  /** Spec 9: paging total text. */
  total: (total: number, from: number, to: number) => `${from}-${to} 共${total}条`,
} as const;

/** zh-CN texts of the editable table and the tree table (spec 3, 4.4, 5.4, 7.3, 8, 9). */
export const EDITABLE_TABLE_TEXT = {
  /** Spec 5.4: rapid inserts within 1500 ms. */
  tooFast: '您点击得太快了，请慢一点！',
  /** Spec 8: a tree-table reply that is neither an array nor result.records. */
  badTreeReply: '返回数据类型无法识别',
  /** removeRows with an argument that is neither a string nor an array (spec 8). */
  badRemoveArg: 'removeRows 的参数必须是 id 字符串或数组',
  /** Default rule messages (a rule's own message wins). */
  required: (title: string) => `${title}不能为空`,
  unique: (title: string) => `${title}不能重复`,
  invalid: (title: string) => `${title}校验未通过`,
  /** Toolbar. */
  add: '新增',
  remove: '删除',
  clearSelection: '清空选择',
  save: '保存',
  collapse: '折叠',
  expand: '展开',
  moveUp: '上移',
  moveDown: '下移',
  insertBelow: '在下方插入',
  selected: (n: number) => `已选择 ${n} 项`,
  removeConfirm: '确定删除选中的行吗？',
  /** Statistics row labels. */
  sum: '合计',
  average: '平均',
  /** A cell whose async rule runs (validateRules handler). */
  validating: '校验中…',
  /** Add-row settings (spec 5.4, 9). */
  addSettings: '添加行设置',
  addCount: '新增行数',
  addPosition: '插入位置（0 为末尾）',
  addScroll: '新增后滚动到新行',
  /** getValues rejection summary. */
  invalidRows: (n: number) => `有 ${n} 处校验未通过`,
} as const;
